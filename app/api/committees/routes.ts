// GET calls for committees and people's messages (contract: app/contract/committees.ts).
import { Hono } from 'hono'
import { committeeEndpoints, MESSAGE_NOT_FOUND } from '~/contract/committees'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { findMessage, listCommittees, listMessages } from './service'
import type { ApiEnv } from '../env'

export const committeeRoutes = new Hono<ApiEnv>()

handle(committeeRoutes, committeeEndpoints.list, async ({ deps }) => ({ message: 'Committees', data: await listCommittees(deps.db) }))
handle(committeeRoutes, committeeEndpoints.messages, async ({ deps }) => ({ message: 'Messages', data: await listMessages(deps.db) }))
handle(committeeRoutes, committeeEndpoints.message, async ({ deps, params }) => {
	const message = await findMessage(deps.db, params.iPersonId)
	if (!message) throw new ApiError(404, MESSAGE_NOT_FOUND)
	return { message: 'Message', data: message }
})
