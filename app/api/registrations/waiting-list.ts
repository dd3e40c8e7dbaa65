// Waiting lists of full events. When a seat frees, the first in line is offered it: the seat is
// held for them (nobody else can take it) until the offer expires, and a mail tells them. An
// offer not taken in time passes to the next. All of it runs under the event row's lock, like
// registering, so a seat is never held twice nor given to two people.
import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { WaitingListPlace } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events, waitingListEntries } from '../db/schema'
import { ApiError } from '../http'
import { queueMailing } from '../mailings/add-to-mailing'
import type { MailDeps } from '../env'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

const HOUR_MS = 60 * 60 * 1000

/** Offers held now for others than `exceptAccountId`: those seats are not free to take. */
async function seatsHeldByOffers(db: Database | Transaction, eventId: number, now: Date, exceptAccountId?: number) {
	const [row] = await db
		.select({ n: count() })
		.from(waitingListEntries)
		.where(
			and(
				eq(waitingListEntries.eventId, eventId),
				eq(waitingListEntries.status, 'offered'),
				gt(waitingListEntries.offerExpiresAt, now),
				exceptAccountId === undefined ? undefined : sql`${waitingListEntries.accountId} <> ${exceptAccountId}`,
			),
		)
	return row?.n ?? 0
}

const liveEntry = (eventId: number, accountId: number) =>
	and(eq(waitingListEntries.eventId, eventId), eq(waitingListEntries.accountId, accountId), inArray(waitingListEntries.status, ['waiting', 'offered']))

export async function waitingListPlace(db: Database, eventId: number, accountId: number): Promise<WaitingListPlace | null> {
	const [entry] = await db
		.select({
			status: waitingListEntries.status,
			offerExpiresAt: waitingListEntries.offerExpiresAt,
			// Written out: Drizzle leaves a one-table select's column names unqualified, which inside this subquery would name its own.
			ahead:
				sql<number>`(select count(*) from ${waitingListEntries} as ahead where ahead.event_id = ${eventId} and ahead.status = 'waiting' and ahead.id < waiting_list_entries.id)`.mapWith(
					Number,
				),
		})
		.from(waitingListEntries)
		.where(liveEntry(eventId, accountId))
	if (!entry) return null
	return {
		sStatus: entry.status as WaitingListPlace['sStatus'],
		nPosition: entry.status === 'offered' ? 0 : entry.ahead + 1,
		dOfferExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
	}
}

/** Joins the line; only for a full event the person is not registered for (the caller checks both under the lock). */
export async function joinWaitingList(tx: Transaction, eventId: number, accountId: number, now: Date) {
	const [entry] = await tx.insert(waitingListEntries).values({ eventId, accountId, joinedAt: now }).onConflictDoNothing().returning()
	if (!entry) throw new ApiError(409, REGISTRATION_MESSAGES.alreadyWaiting)
}

/** Leaves the line; a held seat is offered on at once. */
export async function leaveWaitingList(db: Database, mail: MailDeps | undefined, eventId: number, accountId: number, now = new Date()) {
	const [left] = await db.update(waitingListEntries).set({ status: 'left' }).where(liveEntry(eventId, accountId)).returning()
	if (!left) throw new ApiError(409, REGISTRATION_MESSAGES.notWaiting)
	// A seat held for them is free again.
	if (left.offerExpiresAt) await offerFreedSeats(db, mail, eventId, now)
}

/** The person took their offered seat (inside the registering transaction). */
export async function takeOffer(tx: Transaction, eventId: number, accountId: number) {
	await tx.update(waitingListEntries).set({ status: 'registered' }).where(liveEntry(eventId, accountId))
}

/**
 * Offers every free seat of the event to the next in line, while registration is open. Called
 * when a registration is cancelled, an offer lapses or the office adds seats; the minute's tick
 * calls it too, so a seat freed any other way is offered within a minute.
 */
export async function offerFreedSeats(db: Database, mail: MailDeps | undefined, eventId: number, now = new Date()) {
	const holdMs = (mail?.offerHoldHours ?? 24) * HOUR_MS
	const offered = await db.transaction(async (tx) => {
		const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
		const closes = event?.registrationClosesAt ?? event?.startsAt
		if (!event || event.seatLimit === null || event.cancelledAt || !event.isPublished || !closes || closes <= now) return []
		const [taken] = await tx
			.select({ n: count() })
			.from(eventRegistrations)
			.where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ['pending', 'confirmed'])))
		const free = event.seatLimit - taken!.n - (await seatsHeldByOffers(tx, eventId, now))
		if (free <= 0) return []
		const next = await tx
			.select({ id: waitingListEntries.id })
			.from(waitingListEntries)
			.where(and(eq(waitingListEntries.eventId, eventId), eq(waitingListEntries.status, 'waiting')))
			.orderBy(asc(waitingListEntries.id))
			.limit(free)
		if (next.length === 0) return []
		// The hold never outlasts registration.
		const expiresAt = new Date(Math.min(now.getTime() + holdMs, closes.getTime()))
		return tx
			.update(waitingListEntries)
			.set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
			.where(
				inArray(
					waitingListEntries.id,
					next.map((entry) => entry.id),
				),
			)
			.returning()
	})
	if (!mail) return offered
	for (const offer of offered) {
		const [person] = await db.select({ email: accounts.email, name: accounts.fullName }).from(accounts).where(eq(accounts.id, offer.accountId))
		if (person) await queueMailing(db, mail, { kind: 'waiting-list-offer', subjectId: offer.id }, [person])
	}
	return offered
}

/** Lapses offers past their time and offers the seats on; run by the minute's tick. */
export async function passOnLapsedOffers(db: Database, mail: MailDeps | undefined, now = new Date()) {
	const lapsed = await db
		.update(waitingListEntries)
		.set({ status: 'expired' })
		.where(and(eq(waitingListEntries.status, 'offered'), lte(waitingListEntries.offerExpiresAt, now)))
		.returning({ eventId: waitingListEntries.eventId })
	// Every event with someone waiting: seats freed by the office or a failed payment are offered too.
	const waiting = await db
		.selectDistinct({ eventId: waitingListEntries.eventId })
		.from(waitingListEntries)
		.innerJoin(events, eq(events.id, waitingListEntries.eventId))
		.where(and(eq(waitingListEntries.status, 'waiting'), gt(events.startsAt, now)))
	const eventIds = new Set([...lapsed, ...waiting].map((row) => row.eventId))
	for (const eventId of eventIds) await offerFreedSeats(db, mail, eventId, now)
	return lapsed.length
}

/** The office's view of one event's line. */
export async function waitingListOf(db: Database, eventId: number) {
	return db
		.select({
			id: waitingListEntries.id,
			status: waitingListEntries.status,
			joinedAt: waitingListEntries.joinedAt,
			offerExpiresAt: waitingListEntries.offerExpiresAt,
			name: accounts.fullName,
			number: accounts.number,
			email: accounts.email,
		})
		.from(waitingListEntries)
		.innerJoin(accounts, eq(accounts.id, waitingListEntries.accountId))
		.where(eq(waitingListEntries.eventId, eventId))
		.orderBy(asc(waitingListEntries.id))
}
