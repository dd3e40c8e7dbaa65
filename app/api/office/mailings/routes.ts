// The office mails a newsletter issue: a test to the staff member's own address, then to every
// confirmed subscriber, with its progress; the failed can be sent again. And the overview of all mail the
// portal sent, with what failed (contract: app/contract/mailings.ts).
import { Hono } from 'hono'
import { MAILING_MESSAGES, officeMailingEndpoints } from '~/contract/mailings'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { requeueFailed } from '../../mailings/mailings'
import { findIssue, issueMailingOf, issueRecipients, keepTestAddress, listMailings, newsletterMailing, queueIssue, queueTest } from './service'
import { type ApiEnv, mailDeps } from '../../env'

export const officeMailingRoutes = new Hono<ApiEnv>()

handle(officeMailingRoutes, officeMailingEndpoints.list, async ({ deps }) => ({ message: 'Mailings', data: await listMailings(deps.db) }))

handle(officeMailingRoutes, officeMailingEndpoints.status, async ({ deps, caller, params }) => {
	await findIssue(deps.db, params.iRecordId)
	return { message: 'Newsletter mailing', data: await newsletterMailing(deps.db, params.iRecordId, caller.staff.id) }
})

handle(officeMailingRoutes, officeMailingEndpoints.test, async ({ c, deps, caller, params, body }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	await keepTestAddress(deps.db, caller.staff.id, body.sEmail)
	await queueTest(deps.db, mailDeps(c), caller.staff, issue.id, body.sEmail)
	return { message: MAILING_MESSAGES.testSent, data: undefined }
})

handle(officeMailingRoutes, officeMailingEndpoints.send, async ({ c, deps, caller, params }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	const recipients = await issueRecipients(deps.db, issue)
	await queueIssue(deps.db, mailDeps(c), caller.staff, issue, recipients)
	return { message: MAILING_MESSAGES.sending, data: await newsletterMailing(deps.db, issue.id, caller.staff.id), status: 202 }
})

handle(officeMailingRoutes, officeMailingEndpoints.retryFailed, async ({ c, deps, caller, params }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	const mailing = await issueMailingOf(deps.db, issue.id)
	const again = mailing ? await requeueFailed(deps.db, mailDeps(c), mailing) : 0
	if (again === 0) throw new ApiError(409, MAILING_MESSAGES.nothingFailed)
	return { message: MAILING_MESSAGES.failedAgain, data: await newsletterMailing(deps.db, issue.id, caller.staff.id), status: 202 }
})
