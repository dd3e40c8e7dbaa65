// The office writes to an event's people (contract: app/contract/office/registrant-mail.ts): each
// message is an event notice and its mailing, sent in the bulk lane with its progress counted.
import { and, desc, eq, gt } from 'drizzle-orm'
import { Hono } from 'hono'
import { REGISTRANT_AUDIENCES, REGISTRANT_MAIL_MESSAGES, officeRegistrantMailEndpoints, type RegistrantMail } from '~/contract/office/registrant-mail'
import type { Database } from '../../db/client'
import { eventNotices, events, mailings, staffUsers } from '../../db/schema'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { audienceOf } from '../../mail/event-notices'
import { mailingProgress, requeueFailed } from '../../mail/mailings'
import { addToMailing } from '../../mail/add-to-mailing'
import { laneOf } from '../../mail/lanes'
import { recordAudit } from '../audit'
import { type ApiEnv, mailDeps } from '../../env'

export const officeRegistrantMailRoutes = new Hono<ApiEnv>()

/** A second press of "Send" (a double click without JavaScript, a resubmitted form) within this time sends nothing more. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000

async function findEvent(db: Database, eventId: number) {
	const [event] = await db.select().from(events).where(eq(events.id, eventId))
	if (!event) throw new ApiError(404, REGISTRANT_MAIL_MESSAGES.eventNotFound)
	return event
}

async function overview(db: Database, event: typeof events.$inferSelect): Promise<RegistrantMail> {
	const counts = await Promise.all(REGISTRANT_AUDIENCES.map(async (audience) => [audience, (await audienceOf(db, event.id, audience)).length] as const))
	const sent = await db
		.select({ notice: eventNotices, mailingId: mailings.id, sentBy: staffUsers.fullName })
		.from(eventNotices)
		.innerJoin(mailings, and(eq(mailings.kind, 'event-message'), eq(mailings.subjectId, eventNotices.id)))
		.leftJoin(staffUsers, eq(staffUsers.id, eventNotices.createdBy))
		.where(and(eq(eventNotices.eventId, event.id), eq(eventNotices.kind, 'message')))
		.orderBy(desc(eventNotices.id))
	const aMessages = await Promise.all(
		sent.map(async ({ notice, mailingId, sentBy }) => {
			const progress = await mailingProgress(db, mailingId)
			return {
				iRecordId: notice.id,
				sAudience: notice.audience!,
				sSubject: notice.subject ?? '',
				sSentBy: sentBy,
				dCreatedAt: notice.createdAt.toISOString(),
				oProgress: { nSent: progress.sent, nFailed: progress.failed, nLeft: progress.left, nSkipped: progress.skipped, sLastError: progress.lastError, dCreatedAt: progress.createdAt?.toISOString() ?? null },
			}
		}),
	)
	return {
		oEvent: { iEventId: event.id, sTitle: event.title, dStartDate: event.startsAt.toISOString(), bCancelled: event.cancelledAt !== null },
		oAudiences: Object.fromEntries(counts) as RegistrantMail['oAudiences'],
		aMessages,
	}
}

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.overview, async ({ deps, params }) => ({
	message: 'Messages to the event’s people',
	data: await overview(deps.db, await findEvent(deps.db, params.iEventId)),
}))

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.send, async ({ c, deps, caller, params, body }) => {
	const mail = mailDeps(c)
	const event = await findEvent(deps.db, params.iEventId)
	const mailingId = await deps.db.transaction(async (tx) => {
		// Under the event's lock, so two presses at once are seen as one.
		await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update')
		const [repeat] = await tx
			.select({ id: eventNotices.id })
			.from(eventNotices)
			.where(
				and(
					eq(eventNotices.eventId, event.id),
					eq(eventNotices.kind, 'message'),
					eq(eventNotices.audience, body.sAudience),
					eq(eventNotices.subject, body.sSubject),
					eq(eventNotices.body, body.sBody),
					gt(eventNotices.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
				),
			)
		if (repeat) throw new ApiError(409, REGISTRANT_MAIL_MESSAGES.repeated)
		const recipients = await audienceOf(tx, event.id, body.sAudience)
		if (recipients.length === 0) throw new ApiError(409, REGISTRANT_MAIL_MESSAGES.nobody)
		const [notice] = await tx
			.insert(eventNotices)
			.values({ eventId: event.id, kind: 'message', audience: body.sAudience, subject: body.sSubject, body: body.sBody, createdBy: caller.staff.id })
			.returning({ id: eventNotices.id })
		await recordAudit(tx, caller.staff, { action: 'send', entity: 'event', entityId: event.id, summary: `Wrote “${body.sSubject}” to ${recipients.length} people of “${event.title}” (${body.sAudience})` })
		return (await addToMailing(tx, { kind: 'event-message', subjectId: notice!.id, createdBy: caller.staff.id }, recipients)).mailingId
	})
	await mail.jobs.sendMailing(mailingId, laneOf('event-message'))
	return { message: REGISTRANT_MAIL_MESSAGES.sending, data: await overview(deps.db, event), status: 202 }
})

handle(officeRegistrantMailRoutes, officeRegistrantMailEndpoints.retryFailed, async ({ c, deps, params }) => {
	const event = await findEvent(deps.db, params.iEventId)
	const [mailing] = await deps.db
		.select({ id: mailings.id, kind: mailings.kind })
		.from(mailings)
		.innerJoin(eventNotices, eq(eventNotices.id, mailings.subjectId))
		.where(and(eq(mailings.kind, 'event-message'), eq(mailings.subjectId, params.iRecordId), eq(eventNotices.eventId, event.id)))
	if (!mailing) throw new ApiError(404, REGISTRANT_MAIL_MESSAGES.messageNotFound)
	if ((await requeueFailed(deps.db, mailDeps(c), mailing)) === 0) throw new ApiError(409, REGISTRANT_MAIL_MESSAGES.nothingFailed)
	return { message: REGISTRANT_MAIL_MESSAGES.failedAgain, data: await overview(deps.db, event), status: 202 }
})
