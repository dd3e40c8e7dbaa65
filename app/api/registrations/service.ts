// Event registration: who may register, seats, closing time and cancellation cut-off,
// and the payment a paid event's registration starts.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { audienceOf, feeFor } from '~/contract/event-fees'
import type { GstBreakdown } from '~/contract/payments'
import type { Availability, CheckoutDetails, ClosedReason, PaymentSummary, RegistrationState, RegistrationSummary } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Account } from '../accounts/service'
import type { Billing, PaymentSettings } from '../branch-settings'
import type { Database } from '../db/client'
import { eventRegistrations, events, payments, waitingListEntries } from '../db/schema'
import { feesOf } from '../events/service'
import { ApiError } from '../http'
import { holdsSeat, paymentProvider } from '../payments/providers'
import { amountOf, gstFor } from '../payments/tax'
import { joinWaitingList, takeOffer, waitingListPlace } from './waiting-list'

/** The event's columns registering reads: its text, pictures and search words stay in the database. */
const EVENT_COLUMNS = {
	id: events.id,
	startsAt: events.startsAt,
	endsAt: events.endsAt,
	registrationClosesAt: events.registrationClosesAt,
	cancellationCutoffAt: events.cancellationCutoffAt,
	cancelledAt: events.cancelledAt,
	seatLimit: events.seatLimit,
	feePaise: events.feePaise,
	studentFeePaise: events.studentFeePaise,
	earlyBirdFeePaise: events.earlyBirdFeePaise,
	earlyBirdStudentFeePaise: events.earlyBirdStudentFeePaise,
	earlyBirdUntil: events.earlyBirdUntil,
}
type Event = { [K in keyof typeof EVENT_COLUMNS]: (typeof events.$inferSelect)[K] }
type Registration = typeof eventRegistrations.$inferSelect
type Payment = typeof payments.$inferSelect

const registrationCloses = (event: Event) => event.registrationClosesAt ?? event.startsAt
const cancellationCutoff = (event: Event) => event.cancellationCutoffAt ?? registrationCloses(event)

/** Why nobody can register now, or null: the first of ended, started, closed, full. */
function closedReason(event: Event, seatsLeft: number | null, now: Date): ClosedReason | null {
	if (event.endsAt <= now) return 'past'
	if (event.cancelledAt) return 'cancelled'
	if (event.startsAt <= now) return 'started'
	if (registrationCloses(event) <= now) return 'closed'
	if (seatsLeft !== null && seatsLeft <= 0) return 'full'
	return null
}

/**
 * What deciding a seat needs: seats taken (pending registrations hold theirs while the payment is
 * under way), seats held by waiting-list offers to others, the status of the person's latest
 * registration (a live one is always the latest) and whether they are in line. Column names are
 * written out: Drizzle would leave them unqualified in a one-table select.
 */
const factColumns = (eventId: number, now: Date, accountId = 0) => ({
	taken: sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${eventId} and r.status in ('pending', 'confirmed'))`.mapWith(Number),
	held: sql<number>`(select count(*) from ${waitingListEntries} w where w.event_id = ${eventId} and w.status = 'offered' and w.offer_expires_at > ${now.toISOString()}::timestamptz and w.account_id <> ${accountId})`.mapWith(
		Number,
	),
	latestStatus: sql<
		Registration['status'] | null
	>`(select r.status from ${eventRegistrations} r where r.event_id = ${eventId} and r.account_id = ${accountId} order by r.id desc limit 1)`,
	inLine: sql<boolean>`exists (select 1 from ${waitingListEntries} w where w.event_id = ${eventId} and w.account_id = ${accountId} and w.status in ('waiting', 'offered'))`,
})
const withRegistered = <T extends { latestStatus: Registration['status'] | null }>(facts: T) => ({
	...facts,
	registered: facts.latestStatus !== null && facts.latestStatus !== 'cancelled',
})

/**
 * The facts under the event's lock: a statement of its own, after the lock, since on PostgreSQL a
 * statement sees only what was committed when it began.
 */
async function seatFacts(tx: Database, eventId: number, now: Date, accountId: number) {
	const [facts] = await tx
		.select(factColumns(eventId, now, accountId))
		.from(events)
		.where(eq(events.id, eventId))
	return withRegistered(facts!)
}

/** A published event and its facts in one read, without the lock: what a page shows, or a quick "full". */
async function eventWithFacts(db: Database, eventId: number, now: Date, accountId?: number) {
	const [row] = await db
		.select({ ...EVENT_COLUMNS, ...factColumns(eventId, now, accountId) })
		.from(events)
		.where(and(eq(events.id, eventId), eq(events.isPublished, true)))
	if (!row) throw new ApiError(404, REGISTRATION_MESSAGES.notFound)
	const { taken, held, latestStatus, inLine, ...event } = row
	return { event, facts: withRegistered({ taken, held, latestStatus, inLine }) }
}
type SeatFacts = Awaited<ReturnType<typeof seatFacts>>

/** Seats held by waiting-list offers count as taken, except for the person the seat is held for (their facts). */
function availabilityFrom(event: Event, billing: Billing, now: Date, { taken, held }: Pick<SeatFacts, 'taken' | 'held'>): Availability {
	const seatsLeft = event.seatLimit === null ? null : Math.max(0, event.seatLimit - taken - held)
	return {
		iEventId: event.id,
		nSeatLimit: event.seatLimit,
		nSeatsLeft: seatsLeft,
		sClosedReason: closedReason(event, seatsLeft, now),
		dRegistrationClosesAt: registrationCloses(event).toISOString(),
		dCancellationCutoffAt: cancellationCutoff(event).toISOString(),
		nFeePaise: event.feePaise,
		oFee: withGst(event.feePaise, billing.stateCode, billing),
		nGstRateBasisPoints: billing.gstRateBasisPoints,
	}
}

/** A published event, locked against other registrations when `lock` (seat counting happens under it). */
async function publishedEvent(db: Database, eventId: number, lock = false) {
	const query = db
		.select(EVENT_COLUMNS)
		.from(events)
		.where(and(eq(events.id, eventId), eq(events.isPublished, true)))
	const [event] = lock ? await query.for('update') : await query
	if (!event) throw new ApiError(404, REGISTRATION_MESSAGES.notFound)
	return event
}

export async function eventAvailability(db: Database, eventId: number, billing: Billing, now = new Date()) {
	const { event, facts } = await eventWithFacts(db, eventId, now)
	return availabilityFrom(event, billing, now, facts)
}

export type RegistrationDeps = { billing: Billing; payments: PaymentSettings }

/** An amount with GST as a buyer from `buyerState` pays it: CGST + SGST in the branch's state, IGST from elsewhere. */
function withGst(paise: number, buyerState: string, billing: Billing): GstBreakdown | null {
	if (paise === 0) return null
	return gstFor(paise, { supplierState: billing.stateCode, buyerState, rateBasisPoints: billing.gstRateBasisPoints })
}

/** The fee the person pays for a registration made at `madeAt`: their audience's, early bird through its last day (India time). */
function priceFor(event: Event, account: Account, madeAt: Date, billing: Billing) {
	const applied = feeFor(feesOf(event), audienceOf(account.userType), madeAt)
	const gst = withGst(applied.nFeePaise, account.stateCode, billing)
	return gst ? { gst, label: applied.sLabel } : null
}

function toPayment(payment: Payment): PaymentSummary {
	const next =
		payment.status === 'pending' ? paymentProvider(payment.provider).start({ reference: payment.providerReference, totalPaise: payment.totalPaise }) : null
	return {
		iPaymentId: payment.id,
		sProvider: payment.provider,
		sStatus: payment.status,
		sReference: payment.providerReference,
		oAmount: amountOf(payment),
		sInvoiceNumber: payment.invoiceNumber,
		dPaidAt: payment.paidAt?.toISOString() ?? null,
		sCheckoutPath: next?.sCheckoutPath ?? null,
		sInstructions: next?.sInstructions ?? null,
	}
}

const latestPayment = async (db: Database, registrationId: number, lock = false) => {
	const query = db.select().from(payments).where(eq(payments.registrationId, registrationId)).orderBy(desc(payments.id)).limit(1)
	const [payment] = lock ? await query.for('update') : await query
	return payment ?? null
}

/** The person's latest registration for the event (live, or the last cancelled one). */
async function latestRegistration(db: Database, accountId: number, eventId: number, { live = false, lock = false } = {}) {
	const where = and(
		eq(eventRegistrations.accountId, accountId),
		eq(eventRegistrations.eventId, eventId),
		live ? ne(eventRegistrations.status, 'cancelled') : undefined,
	)
	const query = db.select().from(eventRegistrations).where(where).orderBy(desc(eventRegistrations.id)).limit(1)
	const [registration] = lock ? await query.for('update') : await query
	return registration ?? null
}

function toRegistration(event: Event, registration: Registration, payment: Payment | null, now: Date): RegistrationSummary {
	const live = registration.status !== 'cancelled'
	return {
		iRegistrationId: registration.id,
		sStatus: registration.status,
		dCreatedAt: registration.createdAt.toISOString(),
		dCancelledAt: registration.cancelledAt?.toISOString() ?? null,
		bCanCancel: live && payment?.status !== 'paid' && now < cancellationCutoff(event),
		bCanRetry: registration.status === 'pending' && payment?.status === 'failed' && now < registrationCloses(event),
		oPayment: payment ? toPayment(payment) : null,
	}
}

/** The person's registration, payment and place in line; only what they have is read. */
export async function registrationState(
	db: Database,
	account: Account,
	eventId: number,
	billing: Billing,
	now = new Date(),
	known?: { event: Event; facts: SeatFacts },
): Promise<RegistrationState> {
	const { event, facts } = known ?? (await eventWithFacts(db, eventId, now, account.id))
	const registration = facts.latestStatus ? await latestRegistration(db, account.id, eventId) : null
	return {
		oAvailability: availabilityFrom(event, billing, now, facts),
		oFee: priceFor(event, account, now, billing)?.gst ?? null,
		oRegistration: registration ? toRegistration(event, registration, await latestPayment(db, registration.id), now) : null,
		oWaitingList: facts.inLine ? await waitingListPlace(db, eventId, account.id) : null,
	}
}

/** A new pending payment of the event's fee, with the buyer's details and the fee's name as the invoice must keep them. */
async function createPayment(
	tx: Database,
	registrationId: number,
	account: Account,
	fee: { gst: GstBreakdown; label: string | null },
	{ payments: settings, billing }: RegistrationDeps,
) {
	const provider = paymentProvider(settings.provider)
	const [payment] = await tx
		.insert(payments)
		.values({
			registrationId,
			accountId: account.id,
			provider: provider.name,
			providerReference: provider.newReference(billing.invoicePrefix),
			...fee.gst,
			feeLabel: fee.label,
			buyerName: account.fullName,
			buyerStateCode: account.stateCode,
			buyerGstin: account.gstNumber || null,
			buyerFirmName: account.firmCompanyName || null,
		})
		.returning()
	return payment!
}

/** True for PostgreSQL's unique violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
	if (typeof error !== 'object' || error === null) return false
	if ((error as { code?: unknown }).code === '23505') return true
	return isUniqueViolation((error as { cause?: unknown }).cause)
}

/** 409 when the person may not register: registered already, or the event past, closed or full. */
function refuseRegistration({ sClosedReason }: Availability, { registered }: SeatFacts) {
	if (registered) throw new ApiError(409, REGISTRATION_MESSAGES.alreadyRegistered)
	if (sClosedReason) throw new ApiError(409, REGISTRATION_MESSAGES[sClosedReason])
}

/**
 * Registers the person: under the event row's lock, so two people cannot both take the last seat.
 * A free event confirms at once; a paid one holds the seat with a pending registration and payment.
 * The lock is held for four statements (the lock, the seat facts, the registration, its payment),
 * and the answer is made from what they returned: in a rush everyone behind waits on each statement
 * under it.
 */
export async function register(db: Database, account: Account, eventId: number, deps: RegistrationDeps, now = new Date()): Promise<RegistrationState> {
	// Told without the lock when it is full, closed or theirs already: true of a moment ago, as if they
	// had asked then, and in a rush most are told this. A free seat is only ever taken under the lock.
	const seen = await eventWithFacts(db, eventId, now, account.id)
	refuseRegistration(availabilityFrom(seen.event, deps.billing, now, seen.facts), seen.facts)
	try {
		return await db.transaction(async (tx) => {
			const event = await publishedEvent(tx, eventId, true)
			const facts = await seatFacts(tx, eventId, now, account.id)
			refuseRegistration(availabilityFrom(event, deps.billing, now, facts), facts)
			// A seat offered to them, or found free while they wait: their place in line is done with.
			if (facts.inLine) await takeOffer(tx, eventId, account.id)
			const fee = priceFor(event, account, now, deps.billing)
			// Paying online holds the seat for a while; the minute's tick releases it if unpaid.
			const holdExpiresAt = fee && holdsSeat(deps.payments.provider) ? new Date(now.getTime() + (deps.payments.holdMinutes ?? 15) * 60_000) : null
			const [registration] = await tx
				.insert(eventRegistrations)
				.values({ eventId, accountId: account.id, status: fee ? 'pending' : 'confirmed', createdAt: now, holdExpiresAt })
				.returning()
			const payment = fee ? await createPayment(tx, registration!.id, account, fee, deps) : null
			return {
				oAvailability: availabilityFrom(event, deps.billing, now, { taken: facts.taken + 1, held: facts.held }),
				oFee: fee?.gst ?? null,
				oRegistration: toRegistration(event, registration!, payment, now),
				oWaitingList: null,
			}
		})
	} catch (error) {
		// The one-live-registration index is the last word when the same person registers twice at once.
		if (isUniqueViolation(error)) throw new ApiError(409, REGISTRATION_MESSAGES.alreadyRegistered)
		throw error
	}
}

/**
 * Cancels the person's live registration before the cut-off. A paid one is refused (the office
 * cancels it with a refund, decision 0015); a payment still under way is marked failed, so a late
 * callback cannot settle it.
 */
export async function cancel(db: Database, account: Account, eventId: number, billing: Billing, now = new Date()) {
	await db.transaction(async (tx) => {
		const event = await publishedEvent(tx, eventId)
		const registration = await latestRegistration(tx, account.id, eventId, { live: true, lock: true })
		if (!registration) throw new ApiError(409, REGISTRATION_MESSAGES.notRegistered)
		if (now >= cancellationCutoff(event)) throw new ApiError(409, REGISTRATION_MESSAGES.cancelCutoffPassed)
		const payment = await latestPayment(tx, registration.id, true)
		if (payment?.status === 'paid') throw new ApiError(409, REGISTRATION_MESSAGES.paidCancel)
		if (payment?.status === 'pending') await tx.update(payments).set({ status: 'failed', failedAt: now }).where(eq(payments.id, payment.id))
		await tx.update(eventRegistrations).set({ status: 'cancelled', cancelledAt: now }).where(eq(eventRegistrations.id, registration.id))
	})
	return registrationState(db, account, eventId, billing, now)
}

/** Joins the waiting list of a full event, under the event row's lock like registering. */
export async function joinWaitingListOf(db: Database, account: Account, eventId: number, billing: Billing, now = new Date()) {
	const known = await db.transaction(async (tx) => {
		const event = await publishedEvent(tx, eventId, true)
		const facts = await seatFacts(tx, eventId, now, account.id)
		if (facts.registered) throw new ApiError(409, REGISTRATION_MESSAGES.alreadyRegistered)
		const reason = availabilityFrom(event, billing, now, facts).sClosedReason
		if (reason === null) throw new ApiError(409, REGISTRATION_MESSAGES.notFullForWaitingList)
		if (reason !== 'full') throw new ApiError(409, REGISTRATION_MESSAGES[reason])
		await joinWaitingList(tx, eventId, account.id, now)
		return { event, facts: { ...facts, inLine: true } }
	})
	return registrationState(db, account, eventId, billing, now, known)
}

/** A new payment for a pending registration whose last payment failed, while registration is open. */
export async function retryPayment(db: Database, account: Account, eventId: number, deps: RegistrationDeps, now = new Date()) {
	await db.transaction(async (tx) => {
		const event = await publishedEvent(tx, eventId)
		const registration = await latestRegistration(tx, account.id, eventId, { live: true, lock: true })
		const payment = registration ? await latestPayment(tx, registration.id, true) : null
		if (!registration || registration.status !== 'pending' || payment?.status !== 'failed') throw new ApiError(409, REGISTRATION_MESSAGES.nothingToRetry)
		if (now >= registrationCloses(event)) throw new ApiError(409, REGISTRATION_MESSAGES.closed)
		// Priced as on the day the registration was made: a retry after the early-bird day keeps its fee.
		const fee = priceFor(event, account, registration.createdAt, deps.billing)
		if (fee) await createPayment(tx, registration.id, account, fee, deps)
	})
	return registrationState(db, account, eventId, deps.billing, now)
}

/** What the sandbox checkout page shows of one of the person's sandbox payments; someone else's is as unknown as a missing one. */
export async function checkoutDetails(db: Database, accountId: number, reference: string): Promise<CheckoutDetails | null> {
	const [row] = await db
		.select({ payment: payments, eventId: events.id, eventTitle: events.title })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(and(eq(payments.provider, 'sandbox'), eq(payments.providerReference, reference), eq(payments.accountId, accountId)))
	if (!row) return null
	return {
		sReference: row.payment.providerReference,
		iEventId: row.eventId,
		sEventTitle: row.eventTitle,
		sStatus: row.payment.status,
		oAmount: amountOf(row.payment),
	}
}

/** The id of a sandbox payment by the provider's reference. */
export async function sandboxPaymentId(db: Database, reference: string) {
	const [payment] = await db
		.select({ id: payments.id })
		.from(payments)
		.where(and(eq(payments.provider, 'sandbox'), eq(payments.providerReference, reference)))
	return payment?.id ?? null
}
