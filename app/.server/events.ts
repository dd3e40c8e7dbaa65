import { z } from 'zod'
import { eventEndpoints, eventListQuerySchema, type EventListQuery, type UpcomingEventsQuery } from '~/contract/events'
import { unstorableTextErrors } from '~/contract/storable-text'
import { readPublicEntry } from './public-api'

export function loadEvents(query: EventListQuery) {
	return readPublicEntry(eventEndpoints.list, { query })
}

export function loadUpcomingEvents(query: Partial<UpcomingEventsQuery>) {
	return readPublicEntry(eventEndpoints.upcoming, { query })
}

export function loadEvent(iEventId: number) {
	return readPublicEntry(eventEndpoints.details, { iEventId })
}

/** The events page's filters from its address: the query for the API, or what is wrong with each. */
export function readEventFilters(raw: Record<string, string>) {
	// Said beside the search, as the API would refuse it.
	const unstorable = unstorableTextErrors(raw)
	if (unstorable) return { query: null, errors: unstorable }
	const parsed = eventListQuerySchema.safeParse(raw)
	return parsed.success ? { query: parsed.data, errors: null } : { query: null, errors: z.flattenError(parsed.error).fieldErrors }
}
