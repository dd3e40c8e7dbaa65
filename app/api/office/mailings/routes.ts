// The office mails a newsletter issue: a test to the staff member's own address, then to every
// subscriber, with its progress; the failed can be sent again (contract: app/contract/mailings.ts).
import { and, asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { MAILING_MESSAGES, officeMailingEndpoints, type NewsletterMailing } from '~/contract/mailings'
import type { ApiEnv } from '../../app'
import type { Database } from '../../db/client'
import { mailings, newsletterIssues, newsletterSubscriptions, staffUsers } from '../../db/schema'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { mailDeps, mailingProgress, queueMailing, requeueFailed } from '../../mail/mailings'
import { recordAudit } from '../audit'

export const officeMailingRoutes = new Hono<ApiEnv>()

async function findIssue(db: Database, issueId: number) {
	const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId))
	if (!issue) throw new ApiError(404, MAILING_MESSAGES.notFound)
	return issue
}

async function newsletterMailing(db: Database, issueId: number, staffId: number): Promise<NewsletterMailing> {
	const [[subscribers], [mailing], [staff]] = await Promise.all([
		db.select({ n: count() }).from(newsletterSubscriptions),
		db.select({ id: mailings.id }).from(mailings).where(and(eq(mailings.kind, 'newsletter'), eq(mailings.subjectId, issueId))),
		db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, staffId)),
	])
	const progress = mailing ? await mailingProgress(db, mailing.id) : null
	return {
		nSubscribers: subscribers!.n,
		oProgress: progress && { nSent: progress.sent, nFailed: progress.failed, nLeft: progress.left, sLastError: progress.lastError, dCreatedAt: progress.createdAt?.toISOString() ?? null },
		sTestEmail: staff?.email ?? null,
	}
}

handle(officeMailingRoutes, officeMailingEndpoints.status, async ({ deps, caller, params }) => {
	await findIssue(deps.db, params.iRecordId)
	return { message: 'Newsletter mailing', data: await newsletterMailing(deps.db, params.iRecordId, caller.staff.id) }
})

handle(officeMailingRoutes, officeMailingEndpoints.test, async ({ c, deps, caller, params, body }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	await deps.db.update(staffUsers).set({ email: body.sEmail }).where(eq(staffUsers.id, caller.staff.id))
	await queueMailing(deps.db, mailDeps(c), { kind: 'newsletter-test', subjectId: issue.id, createdBy: caller.staff.id }, [{ email: body.sEmail, name: caller.staff.fullName }])
	return { message: MAILING_MESSAGES.testSent, data: undefined }
})

handle(officeMailingRoutes, officeMailingEndpoints.send, async ({ c, deps, caller, params }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	if (!issue.isPublished) throw new ApiError(409, MAILING_MESSAGES.notPublished)
	const subscribers = await deps.db.select().from(newsletterSubscriptions).orderBy(asc(newsletterSubscriptions.id))
	if (subscribers.length === 0) throw new ApiError(409, MAILING_MESSAGES.noSubscribers)
	const recipients = subscribers.map((s) => ({ email: s.email, name: s.fullName, details: { subscriptionId: s.id } }))
	// Sending again adds only those who subscribed since: nobody gets the issue twice.
	const { added } = await queueMailing(deps.db, mailDeps(c), { kind: 'newsletter', subjectId: issue.id, createdBy: caller.staff.id }, recipients)
	if (added === 0) throw new ApiError(409, MAILING_MESSAGES.alreadySent)
	await recordAudit(deps.db, caller.staff, { action: 'send', entity: 'newsletter', entityId: issue.id, summary: `Sent “${issue.title}” to ${added} subscribers` })
	return { message: MAILING_MESSAGES.sending, data: await newsletterMailing(deps.db, issue.id, caller.staff.id), status: 202 }
})

handle(officeMailingRoutes, officeMailingEndpoints.retryFailed, async ({ c, deps, caller, params }) => {
	const issue = await findIssue(deps.db, params.iRecordId)
	const [mailing] = await deps.db.select({ id: mailings.id }).from(mailings).where(and(eq(mailings.kind, 'newsletter'), eq(mailings.subjectId, issue.id)))
	const again = mailing ? await requeueFailed(deps.db, mailDeps(c), mailing.id) : 0
	if (again === 0) throw new ApiError(409, MAILING_MESSAGES.nothingFailed)
	return { message: MAILING_MESSAGES.failedAgain, data: await newsletterMailing(deps.db, issue.id, caller.staff.id), status: 202 }
})
