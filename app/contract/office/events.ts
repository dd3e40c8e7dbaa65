// The office's events: every field the public pages show and the registration rules use. The API
// takes the public contract's field names (`sTitle`... `dRegistrationClosesAt`) plus the office's
// own; the office's form takes what people type (times in IST, the fee in rupees) and turns it into
// the same body, so one schema decides in the browser, in the action and in the API.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from '../api'
import { isRealDay, isStorableInstant } from '../calendar-day'
import { indiaDayOf, type EventFees } from '../event-fees'
import { CPE_KINDS } from '../cpe'
import { endpoint, endpointTable, FILE_MAX_BYTES, KB } from '../endpoint'
import { EVENT_CATEGORIES, eventDetailsSchema, speakerSchema } from '../events'
import { responsiveImageSchema } from '../images'
import { conflictMessage, nVersionSchema } from '../versioned'
import { ANY_STAFF, EDITORS } from './staff-roles'

export const OFFICE_EVENT_MESSAGES = {
	list: 'Events',
	created: 'The event is created.',
	copied: 'The copy is saved as a draft: check it, add anything new, then publish it.',
	saved: 'The event is saved.',
	published: 'The event is published.',
	unpublished: 'The event is unpublished: the public no longer sees it.',
	cancelled: 'The event is cancelled: registration is closed and the public page says so.',
	deleted: 'The event is deleted.',
	notFound: 'No such event.',
	conflict: conflictMessage('event'),
	hasRegistrations: 'This event has registrations and cannot be deleted; cancel it instead.',
	alreadyCancelled: 'This event is already cancelled.',
	pictureAdded: 'The picture is added.',
	pictureRemoved: 'The picture is removed.',
	noSuchPicture: 'No such picture.',
} as const

export const TITLE_MAX = 150
export const SUMMARY_MAX = 300
const PARAGRAPH_MAX = 3000
const text = (what: string, max: number) =>
	z
		.string({ error: `${what} is required` })
		.trim()
		.min(1, `${what} is required`)
		.max(max, `${what} can be at most ${max} characters`)
const instant = (what: string) =>
	z.iso.datetime({ offset: true, error: `${what} must be a date and time`, abort: true }).refine(isStorableInstant, `${what} must be a date and time`)
const paise = (what: string) =>
	z
		.number({ error: `${what} must be a number` })
		.int(`${what} is in whole paise`)
		.min(0, `${what} cannot be negative`)
		.max(100_000_000, `${what} is too large`)
const httpUrl = z.url({ error: 'Map link must be a web address', protocol: /^https?$/ }).max(500, 'Map link can be at most 500 characters')

/** A map search for the venue, when the office gives no link (no key or script needed to open it). */
export const defaultMapUrl = (venue: string, city: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${venue}, ${city}`)}`

const eventFields = {
	sTitle: text('Title', TITLE_MAX),
	sCategory: z.enum(EVENT_CATEGORIES, { error: 'Choose a category' }),
	sSummary: text('Summary', SUMMARY_MAX),
	aParagraphs: z
		.array(text('A paragraph', PARAGRAPH_MAX))
		.min(1, 'The description needs at least one paragraph')
		.max(30, 'The description can have at most 30 paragraphs'),
	dStartDate: instant('Start'),
	dEndDate: instant('End'),
	sVenueName: text('Venue', 150),
	sVenueAddress: text('Venue address', 300),
	sCity: text('City', 100),
	sMapUrl: httpUrl.optional(),
	aSpeakers: z
		.array(speakerSchema.extend({ sFullName: text('Speaker’s name', 120), sDesignation: z.string().trim().max(150), sTopic: z.string().trim().max(200) }))
		.max(20)
		.default([]),
	nCpeHours: z
		.number({ error: 'CPE hours must be a number' })
		.min(0, 'CPE hours cannot be negative')
		.max(100, 'CPE hours can be at most 100')
		.multipleOf(0.5, 'CPE hours go in half hours')
		.default(0),
	sCpeKind: z.enum(CPE_KINDS, { error: 'Choose structured or unstructured' }).default('structured'),
	/** Taxable value in paise; GST is added at the branch's rate. Members' fee, and everyone's when no other is set. */
	nFeePaise: paise('Fee').default(0),
	/** Extensions (decision 0051): null is "students pay the fee" and "no early-bird fee". */
	nStudentFeePaise: paise('Students’ fee').nullable().default(null),
	nEarlyBirdFeePaise: paise('Early-bird fee').nullable().default(null),
	nEarlyBirdStudentFeePaise: paise('Students’ early-bird fee').nullable().default(null),
	/** The last India calendar day of the early-bird fees. */
	dEarlyBirdUntil: z.string().refine(isRealDay, 'Early-bird date must be a date').nullable().default(null),
	nSeatLimit: z
		.number({ error: 'Seat limit must be a number' })
		.int('Seat limit is a whole number')
		.min(1, 'Seat limit must be at least 1')
		.max(100_000, 'Seat limit is too large')
		.nullable()
		.default(null),
	/** Default: registration closes when the event starts. */
	dRegistrationClosesAt: instant('Registration closing time').nullable().optional(),
	/** Default: registrations may be cancelled until registration closes. */
	dCancellationCutoffAt: instant('Cancellation cut-off').nullable().optional(),
	bIsPublished: z.boolean().default(false),
}

type RuleFields = { dStartDate: string; dEndDate: string; dRegistrationClosesAt?: string | null; dCancellationCutoffAt?: string | null } & EventFees
function checkRules(event: RuleFields, ctx: z.RefinementCtx) {
	checkEarlyBird(event, ctx)
	const start = Date.parse(event.dStartDate)
	if (Date.parse(event.dEndDate) < start) ctx.addIssue({ code: 'custom', path: ['dEndDate'], message: 'The end must be after the start' })
	// Registration ends when the event starts at the latest: a later time would be shown and then ignored.
	if (event.dRegistrationClosesAt && Date.parse(event.dRegistrationClosesAt) > start) {
		ctx.addIssue({ code: 'custom', path: ['dRegistrationClosesAt'], message: 'Registration must close by the time the event starts' })
	}
	const closes = event.dRegistrationClosesAt ? Date.parse(event.dRegistrationClosesAt) : start
	if (event.dCancellationCutoffAt && Date.parse(event.dCancellationCutoffAt) > closes) {
		ctx.addIssue({ code: 'custom', path: ['dCancellationCutoffAt'], message: 'The cancellation cut-off must be on or before registration closes' })
	}
}

/** Early-bird fees need their last day and the day needs a fee; each is at most its audience's fee and ends before the event's day. */
function checkEarlyBird(event: RuleFields, ctx: z.RefinementCtx) {
	const hasEarlyFee = event.nEarlyBirdFeePaise != null || event.nEarlyBirdStudentFeePaise != null
	if (hasEarlyFee && !event.dEarlyBirdUntil) ctx.addIssue({ code: 'custom', path: ['dEarlyBirdUntil'], message: 'Give the last day of the early-bird fee' })
	if (!hasEarlyFee && event.dEarlyBirdUntil)
		ctx.addIssue({ code: 'custom', path: ['nEarlyBirdFeePaise'], message: 'Give an early-bird fee, or leave its last day empty' })
	const tooHigh = 'The early-bird fee cannot be more than the fee'
	if (event.nEarlyBirdFeePaise != null && event.nEarlyBirdFeePaise > event.nFeePaise)
		ctx.addIssue({ code: 'custom', path: ['nEarlyBirdFeePaise'], message: tooHigh })
	if (event.nEarlyBirdStudentFeePaise != null) {
		// Without a students' fee of their own, students pay as members do, early bird included.
		if (event.nStudentFeePaise == null)
			ctx.addIssue({ code: 'custom', path: ['nEarlyBirdStudentFeePaise'], message: 'Give the students’ fee too, or leave their early-bird fee empty' })
		else if (event.nEarlyBirdStudentFeePaise > event.nStudentFeePaise) ctx.addIssue({ code: 'custom', path: ['nEarlyBirdStudentFeePaise'], message: tooHigh })
	}
	if (event.dEarlyBirdUntil && !Number.isNaN(Date.parse(event.dStartDate)) && event.dEarlyBirdUntil >= indiaDayOf(event.dStartDate)) {
		ctx.addIssue({ code: 'custom', path: ['dEarlyBirdUntil'], message: 'The early-bird fee must end before the day the event starts' })
	}
}

export const newEventSchema = z.object(eventFields).strict().superRefine(checkRules)
export type NewEvent = z.input<typeof newEventSchema>
/** An edit sends the whole event back with the version it was opened at. */
export const eventUpdateSchema = z
	.object({ ...eventFields, nVersion: nVersionSchema })
	.strict()
	.superRefine(checkRules)

export const officeEventSchema = eventDetailsSchema.extend({
	bIsPublished: z.boolean(),
	dCancelledAt: z.string().nullable(),
	dCancellationCutoffAt: z.string().nullable(),
	sCpeKind: z.enum(CPE_KINDS),
	nVersion: z.number().int(),
	nRegistrations: z.number().int(),
	nPaidRegistrations: z.number().int(),
})
export type OfficeEvent = z.infer<typeof officeEventSchema>

export const officeEventSummarySchema = officeEventSchema.pick({
	iEventId: true,
	sTitle: true,
	sCategory: true,
	dStartDate: true,
	dEndDate: true,
	bIsPublished: true,
	dCancelledAt: true,
	nRegistrations: true,
	nSeatLimit: true,
	nFeePaise: true,
})

export const officeEventsQuerySchema = z.object({
	oFilter: z
		.object({
			sWhen: blankAsMissing(z.enum(['upcoming', 'past', 'all'], { error: 'Show must be upcoming, past or all.' })).default('upcoming'),
			sState: blankAsMissing(z.enum(['published', 'draft', 'cancelled'], { error: 'State must be published, draft or cancelled.' })),
			sSearch: blankAsMissing(z.string().trim().max(100)),
		})
		.optional()
		.default({ sWhen: 'upcoming' }),
})

export const eventPictureFieldsSchema = z.object({ sAlt: text('Description of the picture', 200) })

const eventParams = z.object({ iEventId: recordIdSchema })
const byId = { access: EDITORS, params: eventParams, notFound: OFFICE_EVENT_MESSAGES.notFound } as const
const version = z.object({ nVersion: nVersionSchema })

export const officeEventEndpoints = endpointTable('officeEvents', {
	list: endpoint({ method: 'GET', path: '/office/events/v1', access: ANY_STAFF, query: officeEventsQuerySchema, data: z.array(officeEventSummarySchema) }),
	details: endpoint({ method: 'GET', path: '/office/events/:iEventId/v1', ...byId, access: ANY_STAFF, data: officeEventSchema }),
	create: endpoint({ method: 'POST', path: '/office/events/v1', access: EDITORS, body: newEventSchema, data: z.object({ iEventId: z.number().int() }) }),
	/** A new draft from an event: the body is the copy as edited (its own dates); the pictures come from the event. */
	copy: endpoint({ method: 'POST', path: '/office/events/:iEventId/copy/v1', ...byId, body: newEventSchema, data: z.object({ iEventId: z.number().int() }) }),
	update: endpoint({ method: 'PUT', path: '/office/events/:iEventId/v1', ...byId, body: eventUpdateSchema, data: officeEventSchema }),
	publish: endpoint({ method: 'POST', path: '/office/events/:iEventId/publish/v1', ...byId, body: version, data: officeEventSchema }),
	unpublish: endpoint({ method: 'POST', path: '/office/events/:iEventId/unpublish/v1', ...byId, body: version, data: officeEventSchema }),
	cancel: endpoint({ method: 'POST', path: '/office/events/:iEventId/cancel/v1', ...byId, body: version, data: officeEventSchema }),
	remove: endpoint({ method: 'DELETE', path: '/office/events/:iEventId/v1', ...byId, data: z.undefined() }),
	/** Multipart: `file` (JPEG, PNG or WebP) and `sAlt`. */
	addPicture: endpoint({
		method: 'POST',
		path: '/office/events/:iEventId/pictures/v1',
		...byId,
		upload: 'picture',
		maxBodyBytes: FILE_MAX_BYTES.picture + 64 * KB,
		formPages: ['/office/events/:iEventId'],
		body: z.instanceof(FormData),
		data: z.array(responsiveImageSchema),
	}),
	removePicture: endpoint({
		method: 'DELETE',
		path: '/office/events/:iEventId/pictures/:nIndex/v1',
		access: EDITORS,
		params: z.object({ iEventId: recordIdSchema, nIndex: z.coerce.number().int().min(0).max(50) }),
		notFound: OFFICE_EVENT_MESSAGES.noSuchPicture,
		data: z.array(responsiveImageSchema),
	}),
})
