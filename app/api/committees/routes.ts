// GET calls for committees and people's messages (contract: app/contract/committees.ts).
import { Hono } from 'hono'
import { recordIdSchema } from '~/contract/api'
import { COMMITTEE_PATHS, COMMITTEES_MAX_AGE_SECONDS } from '~/contract/committees'
import type { ApiEnv } from '../app'
import { ApiError, ok } from '../http'
import { findMessage, listCommittees, listMessages } from './service'

const cachePublic = `public, max-age=${COMMITTEES_MAX_AGE_SECONDS}`

export const committeeRoutes = new Hono<ApiEnv>()
	.get(COMMITTEE_PATHS.list, async (c) => {
		const committees = await listCommittees(c.get('deps').db)
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Committees', committees)
	})
	.get(COMMITTEE_PATHS.messages, async (c) => {
		const messages = await listMessages(c.get('deps').db)
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Messages', messages)
	})
	.get(COMMITTEE_PATHS.message(':iPersonId'), async (c) => {
		const personId = recordIdSchema.safeParse(c.req.param('iPersonId'))
		if (!personId.success) throw new ApiError(404, 'No such message.')
		const message = await findMessage(c.get('deps').db, personId.data)
		if (!message) throw new ApiError(404, 'No such message.')
		c.header('Cache-Control', cachePublic)
		return ok(c, 'Message', message)
	})
