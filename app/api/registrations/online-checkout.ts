// Paying online through Razorpay: the order made when the person opens the checkout page, the
// checkout's signed answer (JavaScript handler or callback_url POST), the webhooks, and the
// minute's reconciliation. Whichever of them arrives first settles the payment; settlePayment
// locks the payment row, so the tax invoice is issued exactly once. Only money Razorpay has
// captured, in rupees, for the payment's amount and on its order, settles a payment (decision 0060):
// a payment only authorized is captured here first, and one that cannot be waits, pending.
import { and, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { RazorpayCheckout, SettledPayment } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Billing, RazorpaySettings } from '../branch-settings'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events, gatewayEvents, payments } from '../db/schema'
import { ApiError } from '../http'
import { isValidCheckoutSignature, isValidWebhookSignature, razorpayGateway, type Gateway, type GatewayPayment } from '../payments/razorpay'
import { queueRefundMail } from '../payments/refund-mail'
import { queuePaymentConfirmed } from './registration-mails'
import { offerFreedSeats } from './waiting-list'
import { recordAudit } from '../shared/audit'
import { finishGatewayRefund, RAZORPAY_ACTOR, type RefundOutcome } from '../payments/refund'
import { failPayment, settlePayment, summary } from '../payments/settle'
import { amountOf } from '../payments/tax'
import type { MailDeps } from '../env'

type Payment = typeof payments.$inferSelect

/** How long an order may stay unpaid before the minute's check asks Razorpay about it, unless configured. */
export const RECONCILE_AFTER_MINUTES = 15

/** `mail` tells the payer of a payment settled or refunded here (absent in tests of other areas). */
export type OnlineDeps = { razorpay: RazorpaySettings; billing: Billing; gateway?: Gateway; log?: Logger; mail?: MailDeps }
const gatewayOf = (deps: OnlineDeps) => deps.gateway ?? razorpayGateway(deps.razorpay)

/** Razorpay's states in which a payment's money may yet be captured; captured, refunded and failed are final for it. */
const UNDECIDED_STATUSES = ['created', 'authorized']
/** A payment paid at Razorpay that it has not confirmed captured, nor given back: the member waits for it. */
const isConfirming = (payment: Payment) =>
	payment.status === 'pending' && payment.gatewayPaymentId !== null && UNDECIDED_STATUSES.includes(payment.gatewayStatus ?? '')

/**
 * The person's pending Razorpay payment with its order, made now if it has none: under the payment
 * row's lock, so two tabs opening the page at once make one order.
 */
export async function razorpayCheckout(db: Database, deps: OnlineDeps, accountId: number, reference: string): Promise<RazorpayCheckout | null> {
	const [row] = await db
		.select({ payment: payments, eventId: events.id, eventTitle: events.title, holdExpiresAt: eventRegistrations.holdExpiresAt, email: accounts.email })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, payments.accountId))
		.where(and(eq(payments.provider, 'razorpay'), eq(payments.providerReference, reference), eq(payments.accountId, accountId)))
	if (!row) return null
	let orderId = row.payment.gatewayOrderId
	if (!orderId && row.payment.status === 'pending') {
		orderId = await db.transaction(async (tx) => {
			const [payment] = await tx.select().from(payments).where(eq(payments.id, row.payment.id)).for('update')
			if (payment!.gatewayOrderId) return payment!.gatewayOrderId
			const order = await gatewayOf(deps).createOrder({
				amountPaise: payment!.totalPaise,
				receipt: payment!.providerReference,
				notes: { registration: String(payment!.registrationId), event: row.eventTitle.slice(0, 200) },
			})
			await tx.update(payments).set({ gatewayOrderId: order.id, gatewayStatus: order.status }).where(eq(payments.id, payment!.id))
			return order.id
		})
	}
	return {
		sReference: row.payment.providerReference,
		iEventId: row.eventId,
		sEventTitle: row.eventTitle,
		sStatus: row.payment.status,
		oAmount: amountOf(row.payment),
		sKeyId: deps.razorpay.keyId,
		sOrderId: orderId ?? '',
		sScriptUrl: deps.razorpay.checkoutScriptUrl,
		sHostedCheckoutUrl: `${deps.razorpay.apiUrl}/v1/checkout/embedded`,
		sBuyerName: row.payment.buyerName,
		sBuyerEmail: row.email,
		dHoldExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
		bConfirming: isConfirming(row.payment),
	}
}

const byReference = async (db: Database, reference: string) =>
	(
		await db
			.select()
			.from(payments)
			.where(and(eq(payments.provider, 'razorpay'), eq(payments.providerReference, reference)))
	)[0]

/** Razorpay's payment is this one's: on its order, in rupees, for its amount (400 or 409 otherwise). */
function checkGatewayPayment(payment: Payment, reported: GatewayPayment) {
	if (reported.order_id !== payment.gatewayOrderId) throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
	if (reported.currency !== 'INR') throw new ApiError(409, REGISTRATION_MESSAGES.currencyMismatch)
	if (reported.amount !== payment.totalPaise) throw new ApiError(409, REGISTRATION_MESSAGES.amountMismatch)
}

/** Settles from a captured gateway payment; anything else, or one for another order, currency or amount, is refused. */
async function settleCaptured(db: Database, deps: OnlineDeps, payment: Payment, captured: GatewayPayment) {
	checkGatewayPayment(payment, captured)
	if (captured.status !== 'captured') throw new ApiError(409, REGISTRATION_MESSAGES.confirming)
	try {
		const outcome = await settlePayment(db, {
			paymentId: payment.id,
			invoicePrefix: deps.billing.invoicePrefix,
			amountPaise: captured.amount,
			gateway: { paymentId: captured.id, status: captured.status, feePaise: captured.fee, taxPaise: captured.tax },
		})
		if (outcome.changed) await queuePaymentConfirmed(db, deps.mail, payment.id)
		return outcome
	} catch (error) {
		// Money taken after the hold lapsed: kept on the payment, so the office sees it and refunds it.
		if (error instanceof ApiError && error.status === 409) {
			await db
				.update(payments)
				.set({ gatewayPaymentId: captured.id, gatewayStatus: captured.status })
				.where(and(eq(payments.id, payment.id), eq(payments.status, 'failed')))
			deps.log?.warn({ paymentId: payment.id, gatewayPaymentId: captured.id }, 'Razorpay captured a payment the portal had given up; refund it from the office')
		}
		throw error
	}
}

/**
 * A payment Razorpay reports for a pending one: settled if captured; captured first if only
 * authorized (Razorpay returns an authorized payment nobody captures), and settled on the
 * capture's answer. Otherwise, or when the capture fails, the payment stays pending with
 * Razorpay's payment and status noted, and `settled` is null: the webhook or the minute's check
 * settles it once Razorpay has the money.
 */
async function settleFromGateway(db: Database, deps: OnlineDeps, payment: Payment, reported: GatewayPayment) {
	checkGatewayPayment(payment, reported)
	let current = reported
	if (current.status === 'authorized' && payment.status === 'pending') {
		try {
			current = await gatewayOf(deps).capture(current.id, { amountPaise: payment.totalPaise, currency: 'INR' })
		} catch (error) {
			deps.log?.warn(
				{ paymentId: payment.id, gatewayPaymentId: current.id, err: error },
				'Razorpay did not capture an authorized payment; it stays pending until Razorpay confirms it',
			)
		}
	}
	if (current.status === 'captured') return { settled: await settleCaptured(db, deps, payment, current) }
	if (payment.status !== 'pending') throw new ApiError(409, payment.status === 'paid' ? REGISTRATION_MESSAGES.alreadyPaid : REGISTRATION_MESSAGES.notPending)
	const [noted] = await db
		.update(payments)
		.set({ gatewayPaymentId: current.id, gatewayStatus: current.status })
		.where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
		.returning()
	return { settled: null, payment: noted ?? payment }
}

/**
 * What Checkout hands back on success: its signature over the stored order id and the payment id
 * is checked before anything changes (400 otherwise). `changed` is false, and `confirming` true,
 * when Razorpay has not captured the money (yet): the payment stays pending.
 */
export async function completeRazorpayCheckout(
	db: Database,
	deps: OnlineDeps,
	answer: { reference: string; paymentId: string; signature: string },
): Promise<{ payment: SettledPayment; changed: boolean; confirming: boolean }> {
	const payment = await byReference(db, answer.reference)
	if (!payment?.gatewayOrderId) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	if (!isValidCheckoutSignature(deps.razorpay.keySecret, payment.gatewayOrderId, answer.paymentId, answer.signature))
		throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
	// The signature proves the payment belongs to the order; Razorpay's own record gives its state, amount and fee.
	const outcome = await settleFromGateway(db, deps, payment, await gatewayOf(deps).payment(answer.paymentId))
	if (outcome.settled) return { ...outcome.settled, confirming: false }
	const [registration] = await db
		.select({ eventId: eventRegistrations.eventId })
		.from(eventRegistrations)
		.where(eq(eventRegistrations.id, payment.registrationId))
	return { payment: summary(outcome.payment, registration!.eventId), changed: false, confirming: true }
}

type WebhookEntity<T> = { entity: T }
type WebhookBody = {
	event: string
	payload: {
		payment?: WebhookEntity<GatewayPayment>
		order?: WebhookEntity<{ id: string }>
		refund?: WebhookEntity<{ id: string; payment_id: string; status: string }>
	}
}

/**
 * A webhook: the signature over the raw body first (400 otherwise), then each event once by its
 * id; a payment's outcome is idempotent anyway (a paid payment stays paid, one invoice).
 */
export async function handleRazorpayWebhook(
	db: Database,
	deps: OnlineDeps,
	{ rawBody, signature, eventId }: { rawBody: string; signature: string; eventId: string | null },
) {
	if (!isValidWebhookSignature(deps.razorpay.webhookSecret, rawBody, signature)) throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
	let body: WebhookBody
	try {
		body = JSON.parse(rawBody) as WebhookBody
	} catch {
		throw new ApiError(400, 'The webhook body is not JSON.')
	}
	if (eventId && (await db.select().from(gatewayEvents).where(eq(gatewayEvents.id, eventId))).length > 0) return 'repeated'
	const outcome = await applyWebhook(db, deps, body)
	if (eventId)
		await db
			.insert(gatewayEvents)
			.values({ id: eventId, event: String(body.event) })
			.onConflictDoNothing()
	return outcome
}

async function applyWebhook(db: Database, deps: OnlineDeps, body: WebhookBody) {
	const gatewayPayment = body.payload?.payment?.entity
	switch (body.event) {
		case 'payment.captured':
		case 'order.paid': {
			if (!gatewayPayment?.order_id) return 'ignored'
			const [payment] = await db.select().from(payments).where(eq(payments.gatewayOrderId, gatewayPayment.order_id))
			if (!payment) return 'ignored'
			await settleCaptured(db, deps, payment, gatewayPayment).catch((error: unknown) => {
				// A late capture of a given-up payment is recorded above; Razorpay need not retry it.
				if (!(error instanceof ApiError && error.status === 409)) throw error
			})
			return 'settled'
		}
		case 'payment.failed': {
			// Checkout lets the person try again on the same order: the seat stays held until its time is up.
			if (!gatewayPayment?.order_id) return 'ignored'
			// A failed attempt does not undo another attempt of the order that Razorpay authorized.
			await db
				.update(payments)
				.set({ gatewayStatus: 'failed' })
				.where(and(eq(payments.gatewayOrderId, gatewayPayment.order_id), eq(payments.status, 'pending'), isNull(payments.gatewayPaymentId)))
			return 'recorded'
		}
		case 'refund.processed': {
			const refund = body.payload?.refund?.entity
			if (!refund) return 'ignored'
			await afterGatewayRefund(db, deps, await finishGatewayRefund(db, { refundId: refund.id, status: 'processed', invoicePrefix: deps.billing.invoicePrefix }))
			return 'refunded'
		}
		default:
			return 'ignored'
	}
}

/** A credit note just issued for Razorpay's refund: the payer is mailed it, and the freed seat goes to the first in line. */
async function afterGatewayRefund(db: Database, deps: OnlineDeps, outcome: RefundOutcome | null) {
	if (!outcome?.creditNoteId) return false
	await queueRefundMail(db, deps.mail, outcome.creditNoteId)
	await offerFreedSeats(db, deps.mail, outcome.payment.iEventId)
	return true
}

/**
 * A payment the portal has as paid whose money Razorpay had not captured (settled before the portal
 * checked): captured now if Razorpay still can; if Razorpay has since given it back or failed it,
 * the office is told (the audit, and the dashboard lists every paid online payment not captured)
 * and must sort out the invoice and the seat. Returns whether Razorpay now has the money.
 */
async function checkPaidUncaptured(db: Database, deps: OnlineDeps, payment: Payment) {
	const gateway = gatewayOf(deps)
	let current = await gateway.payment(payment.gatewayPaymentId!)
	if (current.status === 'authorized' && current.currency === 'INR' && current.amount === payment.totalPaise) {
		current = await gateway.capture(current.id, { amountPaise: payment.totalPaise, currency: 'INR' })
	}
	if (current.status === payment.gatewayStatus) return false
	const captured = current.status === 'captured'
	await db.transaction(async (tx) => {
		await tx
			.update(payments)
			.set({ gatewayStatus: current.status, ...(captured ? { gatewayFeePaise: current.fee ?? null, gatewayTaxPaise: current.tax ?? null } : {}) })
			.where(eq(payments.id, payment.id))
		if (captured) return
		const what = `Invoice ${payment.invoiceNumber} is for a payment Razorpay never captured: its payment ${current.id} is ${current.status}. No money arrived for it; cancel the registration and issue a credit note.`
		await recordAudit(tx, RAZORPAY_ACTOR, { action: 'not captured', entity: 'payment', entityId: payment.id, summary: what })
	})
	if (!captured)
		deps.log?.warn(
			{ paymentId: payment.id, gatewayPaymentId: current.id, gatewayStatus: current.status },
			'A payment marked paid was never captured by Razorpay; the office is told on its dashboard',
		)
	return captured
}

/**
 * The minute's check: orders left unpaid for 15 minutes are asked about (a member who paid and
 * closed the tab is marked paid and invoiced, an authorized payment captured first); paid payments
 * whose money Razorpay had not captured are asked about; holds past their time are released;
 * refunds still pending are asked about. Returns what it changed, and how many could not be checked.
 */
export async function reconcileOnlinePayments(db: Database, deps: OnlineDeps, now = new Date()) {
	const gateway = gatewayOf(deps)
	const counts = { paid: 0, captured: 0, lapsed: 0, refunded: 0, unsettled: 0 }
	/** One payment's check: one that fails (Razorpay down, an amount that differs) is logged and asked again next minute, and holds up no other. */
	const check = async (paymentId: number, work: () => Promise<boolean>, outcome: 'paid' | 'captured' | 'refunded') => {
		try {
			if (await work()) counts[outcome] += 1
		} catch (error) {
			counts.unsettled += 1
			deps.log?.warn({ paymentId, err: error }, 'A Razorpay payment could not be reconciled; it is asked about again next minute')
		}
	}
	const waiting = await db
		.select()
		.from(payments)
		.where(
			and(
				eq(payments.provider, 'razorpay'),
				eq(payments.status, 'pending'),
				isNotNull(payments.gatewayOrderId),
				lt(payments.createdAt, new Date(now.getTime() - (deps.razorpay.reconcileMinutes ?? RECONCILE_AFTER_MINUTES) * 60_000)),
			),
		)
	for (const payment of waiting) {
		await check(
			payment.id,
			async () => {
				const attempts = await gateway.orderPayments(payment.gatewayOrderId!)
				const paid = attempts.find((p) => p.status === 'captured') ?? attempts.find((p) => p.status === 'authorized')
				if (paid) return (await settleFromGateway(db, deps, payment, paid)).settled?.changed ?? false
				// The attempt the member is waiting on, given back or failed: the checkout page offers to pay again.
				const noted = attempts.find((p) => p.id === payment.gatewayPaymentId)
				if (noted)
					await db
						.update(payments)
						.set({ gatewayStatus: noted.status })
						.where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
				return false
			},
			'paid',
		)
	}
	const uncaptured = await db
		.select()
		.from(payments)
		.where(
			and(
				eq(payments.provider, 'razorpay'),
				eq(payments.status, 'paid'),
				isNotNull(payments.gatewayPaymentId),
				inArray(payments.gatewayStatus, UNDECIDED_STATUSES),
			),
		)
	for (const payment of uncaptured) await check(payment.id, () => checkPaidUncaptured(db, deps, payment), 'captured')
	counts.lapsed = await releaseLapsedHolds(db, now)
	const refunding = await db
		.select()
		.from(payments)
		.where(and(eq(payments.status, 'paid'), isNotNull(payments.gatewayRefundId)))
	for (const payment of refunding) {
		await check(
			payment.id,
			async () => {
				const refund = await gateway.fetchRefund(payment.gatewayRefundId!)
				return afterGatewayRefund(
					db,
					deps,
					await finishGatewayRefund(db, { refundId: refund.id, status: refund.status, invoicePrefix: deps.billing.invoicePrefix, at: now }),
				)
			},
			'refunded',
		)
	}
	return counts
}

/**
 * Pending registrations past their hold: the payment is failed (a late callback cannot settle it)
 * and the registration cancelled, so the seat goes to the waiting list at the tick's next step.
 * A payment Razorpay has authorized but not yet captured keeps its seat until Razorpay decides.
 */
export async function releaseLapsedHolds(db: Database, now = new Date()) {
	const awaitingRazorpay = and(isNotNull(payments.gatewayPaymentId), inArray(payments.gatewayStatus, UNDECIDED_STATUSES))
	const lapsed = await db
		.select({ id: eventRegistrations.id, paymentId: payments.id })
		.from(eventRegistrations)
		.leftJoin(payments, and(eq(payments.registrationId, eventRegistrations.id), eq(payments.status, 'pending')))
		.where(and(eq(eventRegistrations.status, 'pending'), lte(eventRegistrations.holdExpiresAt, now), sql`not coalesce(${awaitingRazorpay}, false)`))
	for (const { id, paymentId } of lapsed) {
		if (paymentId !== null)
			await failPayment(db, { paymentId, at: now }).catch((error: unknown) => {
				// Paid in the meantime: the registration is confirmed and keeps its seat.
				if (!(error instanceof ApiError && error.status === 409)) throw error
			})
		await db
			.update(eventRegistrations)
			.set({ status: 'cancelled', cancelledAt: now })
			.where(and(eq(eventRegistrations.id, id), eq(eventRegistrations.status, 'pending')))
	}
	return lapsed.length
}
