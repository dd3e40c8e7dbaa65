// Messages from the office to an event's people: the overview of who can be written to and what was
// sent, and sending one message as an event notice with its mailing in the bulk lane.
import { and, desc, eq, gt } from 'drizzle-orm'
import type { z } from 'zod'
import { REGISTRANT_AUDIENCES, REGISTRANT_MAIL_MESSAGES, type RegistrantMail, type registrantMessageSchema } from '~/contract/office/registrant-mail'
import type { Database } from '../../db/client'
import { eventNotices, events, mailings, staffUsers } from '../../db/schema'
import { ApiError } from '../../http'
import { audienceOf } from '../../registrations/event-notices'
import { mailingProgress } from '../../mailings/mailings'
import { addToMailing } from '../../mailings/add-to-mailing'
import { laneOf } from '../../mail/lanes'
import { type Actor, recordAudit } from '../../shared/audit'
import type { MailDeps } from '../../env'

type Event = typeof events.$inferSelect

/** A second press of "Send" (a double click without JavaScript, a resubmitted form) within this time sends nothing more. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000

export async function findEvent(db: Database, eventId: number) {
	const [event] = await db.select().from(events).where(eq(events.id, eventId))
	if (!event) throw new ApiError(404, REGISTRANT_MAIL_MESSAGES.eventNotFound)
	return event
}

export async function overview(db: Database, event: typeof events.$inferSelect): Promise<RegistrantMail> {
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
				oProgress: {
					nSent: progress.sent,
					nFailed: progress.failed,
					nLeft: progress.left,
					nSkipped: progress.skipped,
					sLastError: progress.lastError,
					dCreatedAt: progress.createdAt?.toISOString() ?? null,
				},
			}
		}),
	)
	return {
		oEvent: { iEventId: event.id, sTitle: event.title, dStartDate: event.startsAt.toISOString(), bCancelled: event.cancelledAt !== null },
		oAudiences: Object.fromEntries(counts) as RegistrantMail['oAudiences'],
		aMessages,
	}
}

export async function sendMessage(db: Database, mail: MailDeps, staff: Actor & { id: number }, event: Event, body: z.output<typeof registrantMessageSchema>) {
	const mailingId = await db.transaction(async (tx) => {
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
			.values({ eventId: event.id, kind: 'message', audience: body.sAudience, subject: body.sSubject, body: body.sBody, createdBy: staff.id })
			.returning({ id: eventNotices.id })
		await recordAudit(tx, staff, {
			action: 'send',
			entity: 'event',
			entityId: event.id,
			summary: `Wrote “${body.sSubject}” to ${recipients.length} people of “${event.title}” (${body.sAudience})`,
		})
		return (await addToMailing(tx, { kind: 'event-message', subjectId: notice!.id, createdBy: staff.id }, recipients)).mailingId
	})
	await mail.jobs.sendMailing(mailingId, laneOf('event-message'))
}

/** The mailing of one message sent about the event, if there is one. */
export async function messageMailingOf(db: Database, eventId: number, noticeId: number) {
	const [mailing] = await db
		.select({ id: mailings.id, kind: mailings.kind })
		.from(mailings)
		.innerJoin(eventNotices, eq(eventNotices.id, mailings.subjectId))
		.where(and(eq(mailings.kind, 'event-message'), eq(mailings.subjectId, noticeId), eq(eventNotices.eventId, eventId)))
	return mailing
}
