// Events: the API's calls, query and answer shapes. The portal's filter form uses the same
// field names, so one schema validates the page's URL and the API's query.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from './api'
import { LIST_SEARCH_MAX_LENGTH } from './constants'
import { endpoint, endpointTable } from './endpoint'
import { responsiveImageSchema } from './images'

/** Public answers may be reused this long: short, as events are added and edited. */
export const EVENTS_MAX_AGE_SECONDS = 60
export const EVENTS_PAGE_SIZE = 9
export const EVENTS_MAX_PAGE_SIZE = 50

export const EVENT_WHEN = ['all', 'upcoming', 'past'] as const
export const SORT_ORDERS = ['desc', 'asc'] as const

const pagingFields = {
	nPage: blankAsMissing(
		z.coerce
			.number({ error: 'Page must be a whole number.' })
			.int('Page must be a whole number.')
			.min(1, 'Page starts at 1.')
			.max(10_000, 'Page is too large.'),
	).default(1),
	nLimit: blankAsMissing(
		z.coerce
			.number({ error: 'Limit must be a whole number.' })
			.int('Limit must be a whole number.')
			.min(1, 'Limit must be at least 1.')
			.max(EVENTS_MAX_PAGE_SIZE, `Limit can be at most ${EVENTS_MAX_PAGE_SIZE}.`),
	).default(EVENTS_PAGE_SIZE),
	sMonth: blankAsMissing(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a year and month like 2026-04.')),
	sSearch: blankAsMissing(z.string().trim().max(LIST_SEARCH_MAX_LENGTH, `Search text can be at most ${LIST_SEARCH_MAX_LENGTH} characters.`)),
}

export const eventListQuerySchema = z.object({
	...pagingFields,
	sWhen: blankAsMissing(z.enum(EVENT_WHEN, { error: 'Show must be all, upcoming or past.' })).default('all'),
	sSortOrder: blankAsMissing(z.enum(SORT_ORDERS, { error: 'Sort order must be desc or asc.' })).default('desc'),
})
export type EventListQuery = z.infer<typeof eventListQuerySchema>

export const upcomingEventsQuerySchema = z.object({
	...pagingFields,
	sSortOrder: blankAsMissing(z.enum(SORT_ORDERS, { error: 'Sort order must be desc or asc.' })).default('asc'),
})
export type UpcomingEventsQuery = z.infer<typeof upcomingEventsQuerySchema>

export const EVENT_CATEGORIES = ['Seminar', 'Workshop', 'Study circle', 'Conference', 'Webinar'] as const

export const speakerSchema = z.object({ sFullName: z.string(), sDesignation: z.string(), sTopic: z.string() })
export type Speaker = z.infer<typeof speakerSchema>

export const eventSummarySchema = z.object({
	iEventId: z.number().int(),
	sTitle: z.string(),
	sSummary: z.string(),
	sCategory: z.enum(EVENT_CATEGORIES),
	/** Start and end as ISO 8601 instants (UTC). */
	dStartDate: z.string(),
	dEndDate: z.string(),
	sVenueName: z.string(),
	sCity: z.string(),
	nCpeHours: z.number(),
	/** Fee in integer paise (₹1 = 100 paise); 0 for a free event. */
	nFeePaise: z.number().int(),
	/** Extensions (decision 0051), absent from older answers: students' fee (null: as nFeePaise), early-bird fees (null: none) and their last India day. */
	nStudentFeePaise: z.number().int().nullable().optional(),
	nEarlyBirdFeePaise: z.number().int().nullable().optional(),
	nEarlyBirdStudentFeePaise: z.number().int().nullable().optional(),
	dEarlyBirdUntil: z.string().nullable().optional(),
	oImage: responsiveImageSchema.nullable(),
	/** Present (true) when the branch cancelled the event; it stays listed, closed to registration. */
	bIsCancelled: z.literal(true).optional(),
})
export type EventSummary = z.infer<typeof eventSummarySchema>

export const eventDetailsSchema = eventSummarySchema.extend({
	aParagraphs: z.array(z.string()),
	sVenueAddress: z.string(),
	/** A map link for the venue (a web map search, so no key or script is needed). */
	sMapUrl: z.string(),
	aSpeakers: z.array(speakerSchema),
	aImages: z.array(responsiveImageSchema),
	/** Seats in all; null when there is no limit. */
	nSeatLimit: z.number().int().nullable(),
	dRegistrationClosesAt: z.string().nullable(),
	dUpdatedAt: z.string(),
})
export type EventDetails = z.infer<typeof eventDetailsSchema>

export const eventPageSchema = z.object({
	aItems: z.array(eventSummarySchema),
	nTotal: z.number().int(),
	nPage: z.number().int(),
	nLimit: z.number().int(),
})
export type EventPage = z.infer<typeof eventPageSchema>

export const EVENT_MESSAGES = { notFound: 'No such event.' } as const

export const eventEndpoints = endpointTable('events', {
	/** All events with filters, paging and sort; answers a page and the total. */
	list: endpoint({
		method: 'GET',
		path: '/events/list/v1',
		access: 'public',
		query: eventListQuerySchema,
		data: eventPageSchema,
		publicMaxAge: EVENTS_MAX_AGE_SECONDS,
	}),
	/** Events that have not ended yet, soonest first. */
	upcoming: endpoint({
		method: 'GET',
		path: '/events/upcoming/v1',
		access: 'public',
		query: upcomingEventsQuerySchema,
		data: eventPageSchema,
		publicMaxAge: EVENTS_MAX_AGE_SECONDS,
	}),
	details: endpoint({
		method: 'GET',
		path: '/events/details/v1/:iEventId',
		access: 'public',
		params: z.object({ iEventId: recordIdSchema }),
		notFound: EVENT_MESSAGES.notFound,
		data: eventDetailsSchema,
		publicMaxAge: EVENTS_MAX_AGE_SECONDS,
	}),
})
