// GET calls for events (contract: app/contract/events.ts).
import { Hono } from 'hono'
import { EVENT_PATHS, eventListQuerySchema, EVENTS_MAX_AGE_SECONDS, upcomingEventsQuerySchema } from '~/contract/events'
import type { ApiEnv } from '../app'
import { ApiError, okPublic, readQuery, readRecordId } from '../http'
import { findEvent, listEvents } from './service'

export const eventRoutes = new Hono<ApiEnv>()
	.get(EVENT_PATHS.list, async (c) => {
		const page = await listEvents(c.get('deps').db, readQuery(c, eventListQuerySchema))
		return okPublic(c, EVENTS_MAX_AGE_SECONDS, 'Events', page)
	})
	.get(EVENT_PATHS.upcoming, async (c) => {
		const page = await listEvents(c.get('deps').db, { ...readQuery(c, upcomingEventsQuerySchema), sWhen: 'upcoming' })
		return okPublic(c, EVENTS_MAX_AGE_SECONDS, 'Upcoming events', page)
	})
	.get(EVENT_PATHS.details(':iEventId'), async (c) => {
		const event = await findEvent(c.get('deps').db, readRecordId(c, 'iEventId', 'No such event.'))
		if (!event) throw new ApiError(404, 'No such event.')
		return okPublic(c, EVENTS_MAX_AGE_SECONDS, 'Event', event)
	})
