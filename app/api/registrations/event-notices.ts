// Mail to an event's people when the office moves or cancels the event, or writes to them. Each
// notice (app/api/db/schema/event-notices.ts) is one mailing, to the people it concerns as they
// were when it was made, one delivery each: a rerun job sends nobody a second copy, and a second
// move is a notice and a mail of its own. Everyone registered hears of a move or a cancellation,
// and so does the waiting list: a place in line for a changed or cancelled event is worth knowing about.
import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm'
import { formatRupees } from '~/contract/payments'
import type { Database } from '../db/client'
import { accounts, eventNotices, eventRegistrations, events, payments, waitingListEntries, type EventPlace, type mailDeliveries } from '../db/schema'
import type { RegistrantAudience } from '~/contract/office/registrant-mail'
import { eventWhen } from '~/utils/event-format'
import { openAccount } from '../mailings/account-recipient'
import type { Mail } from '../mail/mailer'
import { mailLink } from '../mail/compose'
import { addToMailing, type Recipient } from '../mailings/add-to-mailing'
import { eventLines } from './registration-mails'
import type { MailDeps } from '../env'

type Delivery = typeof mailDeliveries.$inferSelect
type EventRow = typeof events.$inferSelect

export const placeOf = (event: EventRow): EventPlace => ({
	startsAt: event.startsAt.toISOString(),
	endsAt: event.endsAt.toISOString(),
	venueName: event.venueName,
	venueAddress: event.venueAddress,
	city: event.city,
})

const REGISTRATION_FILTER: Record<Exclude<RegistrantAudience, 'waiting'>, SQL> = {
	registered: inArray(eventRegistrations.status, ['pending', 'confirmed']),
	confirmed: eq(eventRegistrations.status, 'confirmed'),
	attended: and(eq(eventRegistrations.status, 'confirmed'), isNotNull(eventRegistrations.attendedAt))!,
}

/** The open accounts a notice goes to: registrations by their id, places in line by theirs. */
export async function audienceOf(db: Database, eventId: number, audience: RegistrantAudience): Promise<Recipient[]> {
	if (audience === 'waiting') {
		const rows = await db
			.select({ id: waitingListEntries.id, accountId: accounts.id, email: accounts.email, name: accounts.fullName })
			.from(waitingListEntries)
			.innerJoin(accounts, eq(accounts.id, waitingListEntries.accountId))
			.where(and(eq(waitingListEntries.eventId, eventId), inArray(waitingListEntries.status, ['waiting', 'offered']), isNull(accounts.closedAt)))
		return rows.map((row) => ({ email: row.email, name: row.name, details: { accountId: row.accountId, waitingEntryId: row.id } }))
	}
	const rows = await db
		.select({ id: eventRegistrations.id, accountId: accounts.id, email: accounts.email, name: accounts.fullName })
		.from(eventRegistrations)
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(and(eq(eventRegistrations.eventId, eventId), REGISTRATION_FILTER[audience], isNull(accounts.closedAt)))
	return rows.map((row) => ({ email: row.email, name: row.name, details: { accountId: row.accountId, registrationId: row.id } }))
}

/** Records a move or cancellation and adds its mailing (in the caller's transaction); the mailing's id, or null when nobody is concerned. */
export async function recordEventChange(tx: Database, change: { event: EventRow; kind: 'moved' | 'cancelled'; before?: EventPlace; createdBy: number }) {
	const recipients = [...(await audienceOf(tx, change.event.id, 'registered')), ...(await audienceOf(tx, change.event.id, 'waiting'))]
	if (recipients.length === 0) return null
	const [notice] = await tx
		.insert(eventNotices)
		.values({
			eventId: change.event.id,
			kind: change.kind,
			before: change.before ?? null,
			after: change.kind === 'moved' ? placeOf(change.event) : null,
			createdBy: change.createdBy,
		})
		.returning({ id: eventNotices.id })
	return (await addToMailing(tx, { kind: 'event-changed', subjectId: notice!.id, createdBy: change.createdBy }, recipients)).mailingId
}

/** Whether the office's edit moved the event: its time or its venue changed (a new map link alone is no move). */
export function isMove(before: EventPlace, after: EventPlace) {
	return (Object.keys(before) as (keyof EventPlace)[]).some((key) => before[key] !== after[key])
}

const placeLines = (place: EventPlace) => eventLines({ ...place, startsAt: new Date(place.startsAt), endsAt: new Date(place.endsAt) })

function whatChanged(before: EventPlace, after: EventPlace) {
	const lines: string[] = []
	if (before.startsAt !== after.startsAt || before.endsAt !== after.endsAt) {
		const was = eventWhen(before.startsAt, before.endsAt)
		const now = eventWhen(after.startsAt, after.endsAt)
		lines.push(`Date and time: now ${now.day}, ${now.time} (was ${was.day}, ${was.time})`)
	}
	if (before.venueName !== after.venueName || before.venueAddress !== after.venueAddress || before.city !== after.city) {
		lines.push(`Venue: now ${after.venueName}, ${after.venueAddress}, ${after.city} (was ${before.venueName}, ${before.venueAddress}, ${before.city})`)
	}
	return lines.join('\n')
}

/** What becomes of the person's fee when the event is cancelled. */
async function paymentAfterCancellation(db: Database, registrationId: number) {
	const [payment] = await db.select().from(payments).where(eq(payments.registrationId, registrationId)).orderBy(desc(payments.id)).limit(1)
	if (!payment) return 'The event was free: there is nothing to refund.'
	if (payment.status === 'paid')
		return `You paid ${formatRupees(payment.totalPaise)} (tax invoice ${payment.invoiceNumber}). The branch office refunds it in full and sends you a credit note by e-mail; there is nothing you need to do.`
	if (payment.status === 'refunded') return 'Your fee has already been refunded.'
	return 'Your fee had not been paid: please do not pay it now; nothing is owed.'
}

export async function renderEventNotice(db: Database, deps: MailDeps, noticeId: number, delivery: Delivery): Promise<Mail | null> {
	const [row] = await db
		.select({ notice: eventNotices, event: events })
		.from(eventNotices)
		.innerJoin(events, eq(events.id, eventNotices.eventId))
		.where(eq(eventNotices.id, noticeId))
	const account = await openAccount(db, Number(delivery.details.accountId))
	if (!row || !account) return null
	const { notice, event } = row
	const registrationId = Number(delivery.details.registrationId ?? 0)
	const [registration] = registrationId
		? await db.select({ status: eventRegistrations.status }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId))
		: []
	const waiting = !registrationId
	// Someone who cancelled since the notice was made is no longer concerned by a move or a message.
	if (!waiting && registration?.status === 'cancelled' && notice.kind !== 'cancelled') return null
	const eventPage = mailLink(deps, `/events/event-details/${event.id}`)
	if (notice.kind === 'moved') {
		// Cancelled after it moved: the cancellation's own mail says all.
		if (event.cancelledAt || !notice.before || !notice.after) return null
		return {
			to: account.email,
			recipientName: account.fullName,
			subject: `Changed: ${event.title} is now on ${eventWhen(notice.after.startsAt, notice.after.endsAt).day}`,
			text: [
				`The branch office has changed the date, time or venue of ${event.title}, which you ${waiting ? 'are on the waiting list for' : 'are registered for'}.`,
				whatChanged(notice.before, notice.after),
				`Now:\n${placeLines(notice.after)}`,
				waiting
					? "You keep your place on the waiting list. If the new date or place does not suit you, leave the list on the event's page."
					: "Your registration stands: there is nothing you need to do. If the new date or place does not suit you, cancel on the event's page, or, if you have paid, write to the branch office, which refunds the fee.",
				`Details: ${eventPage}`,
			].join('\n\n'),
		}
	}
	if (notice.kind === 'cancelled') {
		return {
			to: account.email,
			recipientName: account.fullName,
			subject: `Cancelled: ${event.title}, ${eventWhen(event.startsAt.toISOString(), event.endsAt.toISOString()).day}`,
			text: [
				`We are sorry: the branch has cancelled ${event.title}, which you ${waiting ? 'were on the waiting list for' : 'registered for'}.`,
				`It was to be held:\n${eventLines(event)}`,
				waiting ? 'The waiting list is closed with it; there is nothing you need to do.' : await paymentAfterCancellation(db, registrationId),
				`Questions: ${deps.branch.email}, ${deps.branch.phone}.`,
			].join('\n\n'),
		}
	}
	return {
		to: account.email,
		recipientName: account.fullName,
		subject: `${notice.subject}: ${event.title}`,
		text: [
			notice.body ?? '',
			`${event.title}\n${eventLines(event)}\nDetails: ${eventPage}`,
			`You get this mail from the ${deps.branch.name} because you ${waiting ? 'are on the waiting list for' : 'registered for'} this event.`,
		].join('\n\n'),
	}
}
