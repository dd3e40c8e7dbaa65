import { eventEndpoints, type EventListQuery, type UpcomingEventsQuery } from '~/contract/events'
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
