// Public event calls (contract: app/contract/events.ts).
import { Hono } from 'hono'
import { EVENT_MESSAGES, eventEndpoints } from '~/contract/events'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { findEvent, listEvents } from './service'
import type { ApiEnv } from '../env'

export const eventRoutes = new Hono<ApiEnv>()

handle(eventRoutes, eventEndpoints.list, async ({ deps, query }) => ({ message: 'Events', data: await listEvents(deps.db, query) }))
handle(eventRoutes, eventEndpoints.upcoming, async ({ deps, query }) => ({
	message: 'Upcoming events',
	data: await listEvents(deps.db, { ...query, sWhen: 'upcoming' }),
}))
handle(eventRoutes, eventEndpoints.details, async ({ deps, params }) => {
	const event = await findEvent(deps.db, params.iEventId)
	if (!event) throw new ApiError(404, EVENT_MESSAGES.notFound)
	return { message: 'Event', data: event }
})
