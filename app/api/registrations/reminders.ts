// Event reminders: everyone registered (not cancelled) for an event starting within the lead time
// is added to that event's reminder mailing. The mailing keeps one row per address, so a
// reminder is never sent twice, however often this runs; the time is read from the event as it
// is now, so a moved event is reminded of at its new time.
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events } from '../db/schema'
import { queueMailing, type Recipient } from '../mailings/add-to-mailing'
import type { MailDeps } from '../env'

const HOUR_MS = 60 * 60 * 1000

export async function queueDueReminders(db: Database, mail: MailDeps, now: Date) {
	const due = await db
		.select({ eventId: events.id, email: accounts.email, name: accounts.fullName, registrationId: eventRegistrations.id })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(
			and(
				inArray(eventRegistrations.status, ['pending', 'confirmed']),
				isNull(events.cancelledAt),
				eq(events.isPublished, true),
				gt(events.startsAt, now),
				lte(events.startsAt, new Date(now.getTime() + mail.reminderLeadHours * HOUR_MS)),
			),
		)
	const byEvent = new Map<number, Recipient[]>()
	for (const row of due) {
		const recipients = byEvent.get(row.eventId) ?? []
		recipients.push({ email: row.email, name: row.name, details: { registrationId: row.registrationId } })
		byEvent.set(row.eventId, recipients)
	}
	let added = 0
	for (const [eventId, recipients] of byEvent) added += (await queueMailing(db, mail, { kind: 'reminder', subjectId: eventId }, recipients)).added
	return added
}
