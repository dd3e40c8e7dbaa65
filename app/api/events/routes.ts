// GET calls for events (contract: app/contract/events.ts).
import { Hono } from 'hono'
import { recordIdSchema } from '~/contract/api'
import { EVENT_PATHS, eventListQuerySchema, EVENTS_MAX_AGE_SECONDS, upcomingEventsQuerySchema } from '~/contract/events'
import type { ApiEnv } from '../app'
import { ApiError, ok, readQuery } from '../http'
import { findEvent, listEvents } from './service'

const cachePublic = `public, max-age=${EVENTS_MAX_AGE_SECONDS}`

export const eventRoutes = new Hono<ApiEnv>()
	.get(EVENT_PATHS.list, async (c) => {
		const page = await listEvents(c.get('deps').db, readQuery(c, eventListQuerySchema))
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Events', page)
	})
	.get(EVENT_PATHS.upcoming, async (c) => {
		const page = await listEvents(c.get('deps').db, { ...readQuery(c, upcomingEventsQuerySchema), sWhen: 'upcoming' })
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Upcoming events', page)
	})
	.get(EVENT_PATHS.details(':iEventId'), async (c) => {
		const eventId = recordIdSchema.safeParse(c.req.param('iEventId'))
		if (!eventId.success) throw new ApiError(404, 'No such event.')
		const event = await findEvent(c.get('deps').db, eventId.data)
		if (!event) throw new ApiError(404, 'No such event.')
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Event', event)
	})
