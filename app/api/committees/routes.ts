// GET calls for committees and people's messages (contract: app/contract/committees.ts).
import { Hono } from 'hono'
import { COMMITTEE_PATHS, COMMITTEES_MAX_AGE_SECONDS } from '~/contract/committees'
import type { ApiEnv } from '../app'
import { ApiError, okPublic, readRecordId } from '../http'
import { findMessage, listCommittees, listMessages } from './service'

export const committeeRoutes = new Hono<ApiEnv>()
	.get(COMMITTEE_PATHS.list, async (c) => okPublic(c, COMMITTEES_MAX_AGE_SECONDS, 'Committees', await listCommittees(c.get('deps').db)))
	.get(COMMITTEE_PATHS.messages, async (c) => okPublic(c, COMMITTEES_MAX_AGE_SECONDS, 'Messages', await listMessages(c.get('deps').db)))
	.get(COMMITTEE_PATHS.message(':iPersonId'), async (c) => {
		const message = await findMessage(c.get('deps').db, readRecordId(c, 'iPersonId', 'No such message.'))
		if (!message) throw new ApiError(404, 'No such message.')
		return okPublic(c, COMMITTEES_MAX_AGE_SECONDS, 'Message', message)
	})
