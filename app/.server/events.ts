import { EVENT_PATHS, type EventDetails, type EventListQuery, type EventPage, type UpcomingEventsQuery } from '~/contract/events'
import { readPublic } from './public-api'

export function loadEvents(query: EventListQuery) {
	return readPublic<EventPage>(EVENT_PATHS.list, query)
}

export function loadUpcomingEvents(query: Partial<UpcomingEventsQuery>) {
	return readPublic<EventPage>(EVENT_PATHS.upcoming, query)
}

export function loadEvent(iEventId: number) {
	return readPublic<EventDetails>(EVENT_PATHS.details(iEventId))
}
