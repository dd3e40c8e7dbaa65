// The office writes to an event's people (contract: app/contract/office/registrant-mail.ts): each
// message is an event notice and its mailing, sent in the bulk lane with its progress counted.
import { Hono } from 'hono'
import { REGISTRANT_MAIL_MESSAGES, officeRegistrantMailEndpoints } from '~/contract/office/registrant-mail'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { requeueFailed } from '../../mailings/mailings'
import { findEvent, messageMailingOf, overview, sendMessage } from './service'
import { type ApiEnv, mailDeps } from '../../env'

export const officeRegistrantMailRoutes = new Hono<ApiEnv>()

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.overview, async ({ deps, params }) => ({
	message: 'Messages to the event’s people',
	data: await overview(deps.db, await findEvent(deps.db, params.iEventId)),
}))

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.send, async ({ c, deps, caller, params, body }) => {
	const mail = mailDeps(c)
	const event = await findEvent(deps.db, params.iEventId)
	await sendMessage(deps.db, mail, caller.staff, event, body)
	return { message: REGISTRANT_MAIL_MESSAGES.sending, data: await overview(deps.db, event), status: 202 }
})

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.retryFailed, async ({ c, deps, params }) => {
	const event = await findEvent(deps.db, params.iEventId)
	const mailing = await messageMailingOf(deps.db, event.id, params.iRecordId)
	if (!mailing) throw new ApiError(404, REGISTRANT_MAIL_MESSAGES.messageNotFound)
	if ((await requeueFailed(deps.db, mailDeps(c), mailing)) === 0) throw new ApiError(409, REGISTRANT_MAIL_MESSAGES.nothingFailed)
	return { message: REGISTRANT_MAIL_MESSAGES.failedAgain, data: await overview(deps.db, event), status: 202 }
})
