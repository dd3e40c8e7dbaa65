// The office's event form as people fill it: times in India Standard Time (datetime-local fields),
// the fee in rupees, the description as paragraphs separated by blank lines, a seat limit left
// empty for none. It parses into the API's body (app/contract/office/events.ts), in the browser
// and in the action alike.
import { z } from 'zod'
import { isRealDay } from '../calendar-day'
import { CPE_KINDS } from '../cpe'
import { EVENT_CATEGORIES } from '../events'
import { newEventSchema, SUMMARY_MAX, TITLE_MAX, type OfficeEvent } from './events'
import { paragraphsOf } from '../announcements'

const IST = '+05:30'
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/** '2026-12-18T10:00' typed in India -> the instant, ISO 8601. */
export const fromIndiaLocal = (local: string) => new Date(`${local}:00${IST}`).toISOString()
/** The instant as a datetime-local value in India. */
export function toIndiaLocal(iso: string | null) {
	if (!iso) return ''
	const india = new Date(Date.parse(iso) + 330 * 60_000)
	return india.toISOString().slice(0, 16)
}

/** '1,180.50' -> 118050; anything else is not a fee. */
export function rupeesToPaise(text: string) {
	const plain = text.replace(/[,\s₹]/g, '')
	if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null
	const [rupees, paise = ''] = plain.split('.')
	return Number(rupees) * 100 + Number(paise.padEnd(2, '0'))
}
export const paiseToRupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2))

const required = (what: string, max: number) =>
	z
		.string({ error: `${what} is required` })
		.trim()
		.min(1, `${what} is required`)
		.max(max, `${what} can be at most ${max} characters`)
/** A time as a datetime-local field sends it, on a real day (the pattern alone lets 2026-02-31 roll over into March). */
const isIndiaLocal = (local: string) => LOCAL.test(local) && isRealDay(local.slice(0, 10)) && !Number.isNaN(Date.parse(`${local}:00${IST}`))
const localTime = (what: string) => z.string({ error: `${what} is required` }).refine(isIndiaLocal, `${what} must be a date and time`)
const optionalLocalTime = (what: string) => z.string().refine(isIndiaLocal, `${what} must be a date and time`).optional()

const rupees = (what: string) =>
	z
		.string()
		.optional()
		.refine((value) => value === undefined || rupeesToPaise(value) !== null, `${what} is an amount in rupees, like 1000 or 1180.50`)
/** An optional amount: empty is none. */
const paiseOrNull = (value: string | undefined) => (value ? (rupeesToPaise(value) ?? 0) : null)

/** The fields as typed; conform reads the browser's constraints (required, lengths) from it. */
export const eventFormFieldsSchema = z.object({
	sTitle: required('Title', TITLE_MAX),
	sCategory: z.enum(EVENT_CATEGORIES, { error: 'Choose a category' }),
	sSummary: required('Summary', SUMMARY_MAX),
	sDescription: required('Description', 30_000),
	dStart: localTime('Start'),
	dEnd: localTime('End'),
	sVenueName: required('Venue', 150),
	sVenueAddress: required('Venue address', 300),
	sCity: required('City', 100),
	sMapUrl: z.string().trim().max(500).optional(),
	aSpeakers: z
		.array(
			z.object({
				sFullName: required('Speaker’s name', 120),
				sDesignation: z.string().trim().max(150).optional(),
				sTopic: z.string().trim().max(200).optional(),
			}),
		)
		.max(20, 'At most 20 speakers')
		.optional(),
	nCpeHours: z
		.number({ error: 'CPE hours must be a number' })
		.min(0, 'CPE hours cannot be negative')
		.max(100, 'CPE hours can be at most 100')
		.multipleOf(0.5, 'CPE hours go in half hours')
		.optional(),
	sCpeKind: z.enum(CPE_KINDS, { error: 'Choose structured or unstructured' }),
	sFeeRupees: rupees('Fee'),
	sStudentFeeRupees: rupees('Students’ fee'),
	sEarlyBirdFeeRupees: rupees('Early-bird fee'),
	sEarlyBirdStudentFeeRupees: rupees('Students’ early-bird fee'),
	dEarlyBirdUntil: z.string().refine(isRealDay, 'Early-bird date must be a date').optional(),
	nSeatLimit: z
		.number({ error: 'Seat limit must be a whole number' })
		.int('Seat limit must be a whole number')
		.min(1, 'Seat limit must be at least 1')
		.max(100_000)
		.optional(),
	dRegistrationCloses: optionalLocalTime('Registration closing time'),
	dCancellationCutoff: optionalLocalTime('Cancellation cut-off'),
	bIsPublished: z.boolean().optional(),
})

export const eventFormSchema = eventFormFieldsSchema.transform((form, ctx) => {
	const body = {
		sTitle: form.sTitle,
		sCategory: form.sCategory,
		sSummary: form.sSummary,
		aParagraphs: paragraphsOf(form.sDescription),
		dStartDate: fromIndiaLocal(form.dStart),
		dEndDate: fromIndiaLocal(form.dEnd),
		sVenueName: form.sVenueName,
		sVenueAddress: form.sVenueAddress,
		sCity: form.sCity,
		...(form.sMapUrl ? { sMapUrl: form.sMapUrl } : {}),
		aSpeakers: (form.aSpeakers ?? []).map((speaker) => ({
			sFullName: speaker.sFullName,
			sDesignation: speaker.sDesignation ?? '',
			sTopic: speaker.sTopic ?? '',
		})),
		nCpeHours: form.nCpeHours ?? 0,
		sCpeKind: form.sCpeKind,
		nFeePaise: paiseOrNull(form.sFeeRupees) ?? 0,
		nStudentFeePaise: paiseOrNull(form.sStudentFeeRupees),
		nEarlyBirdFeePaise: paiseOrNull(form.sEarlyBirdFeeRupees),
		nEarlyBirdStudentFeePaise: paiseOrNull(form.sEarlyBirdStudentFeeRupees),
		dEarlyBirdUntil: form.dEarlyBirdUntil ?? null,
		nSeatLimit: form.nSeatLimit ?? null,
		dRegistrationClosesAt: form.dRegistrationCloses ? fromIndiaLocal(form.dRegistrationCloses) : null,
		dCancellationCutoffAt: form.dCancellationCutoff ? fromIndiaLocal(form.dCancellationCutoff) : null,
		bIsPublished: form.bIsPublished ?? false,
	}
	// The API's own rules (times in order, URL scheme...), reported against the form's fields.
	const checked = newEventSchema.safeParse(body)
	if (!checked.success) {
		for (const issue of checked.error.issues)
			ctx.addIssue({ code: 'custom', message: issue.message, path: [FORM_FIELD[String(issue.path[0])] ?? String(issue.path[0])] })
		return z.NEVER
	}
	return checked.data
})

/** The API's field names as the form calls them, so its errors land beside the right field. */
export const FORM_FIELD: Record<string, string> = {
	aParagraphs: 'sDescription',
	dStartDate: 'dStart',
	dEndDate: 'dEnd',
	nFeePaise: 'sFeeRupees',
	nStudentFeePaise: 'sStudentFeeRupees',
	nEarlyBirdFeePaise: 'sEarlyBirdFeeRupees',
	nEarlyBirdStudentFeePaise: 'sEarlyBirdStudentFeeRupees',
	dRegistrationClosesAt: 'dRegistrationCloses',
	dCancellationCutoffAt: 'dCancellationCutoff',
}

const optionalRupees = (paise: number | null | undefined) => (paise == null ? '' : paiseToRupees(paise))

/** What the form shows for a copy of an event: everything but its dates and its state (decision 0051). */
export function eventCopyFormValues(event: OfficeEvent) {
	return { ...eventFormValues(event), dStart: '', dEnd: '', dRegistrationCloses: '', dCancellationCutoff: '', dEarlyBirdUntil: '', bIsPublished: undefined }
}

/** What the form shows for a stored event. */
export function eventFormValues(event: OfficeEvent) {
	return {
		sTitle: event.sTitle,
		sCategory: event.sCategory,
		sSummary: event.sSummary,
		sDescription: event.aParagraphs.join('\n\n'),
		dStart: toIndiaLocal(event.dStartDate),
		dEnd: toIndiaLocal(event.dEndDate),
		sVenueName: event.sVenueName,
		sVenueAddress: event.sVenueAddress,
		sCity: event.sCity,
		sMapUrl: event.sMapUrl,
		aSpeakers: event.aSpeakers,
		nCpeHours: String(event.nCpeHours),
		sCpeKind: event.sCpeKind,
		sFeeRupees: paiseToRupees(event.nFeePaise),
		sStudentFeeRupees: optionalRupees(event.nStudentFeePaise),
		sEarlyBirdFeeRupees: optionalRupees(event.nEarlyBirdFeePaise),
		sEarlyBirdStudentFeeRupees: optionalRupees(event.nEarlyBirdStudentFeePaise),
		dEarlyBirdUntil: event.dEarlyBirdUntil ?? '',
		nSeatLimit: event.nSeatLimit === null ? '' : String(event.nSeatLimit),
		dRegistrationCloses: toIndiaLocal(event.dRegistrationClosesAt),
		dCancellationCutoff: toIndiaLocal(event.dCancellationCutoffAt),
		bIsPublished: event.bIsPublished ? 'on' : undefined,
	}
}
