// Paying online through Razorpay: the order made when the person opens the checkout page, the
// checkout's signed answer (JavaScript handler or callback_url POST), the webhooks, and the
// minute's reconciliation. Whichever of them arrives first settles the payment; settlePayment
// locks the payment row, so the tax invoice is issued exactly once.
import { and, eq, isNotNull, lt, lte } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { CheckoutDetails } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Billing, RazorpaySettings } from '../branch-settings'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events, gatewayEvents, payments } from '../db/schema'
import { ApiError } from '../http'
import { isValidCheckoutSignature, isValidWebhookSignature, razorpayGateway, type Gateway, type GatewayPayment } from '../payments/razorpay'
import { queueRefundMail } from '../payments/refund-mail'
import { queuePaymentConfirmed } from './registration-mails'
import { offerFreedSeats } from './waiting-list'
import { finishGatewayRefund, type RefundOutcome } from '../payments/refund'
import { failPayment, settlePayment } from '../payments/settle'
import { amountOf } from '../payments/tax'
import type { MailDeps } from '../env'

type Payment = typeof payments.$inferSelect

/** How long an order may stay unpaid before the minute's check asks Razorpay about it, unless configured. */
export const RECONCILE_AFTER_MINUTES = 15

/** `mail` tells the payer of a payment settled or refunded here (absent in tests of other areas). */
export type OnlineDeps = { razorpay: RazorpaySettings; billing: Billing; gateway?: Gateway; log?: Logger; mail?: MailDeps }
const gatewayOf = (deps: OnlineDeps) => deps.gateway ?? razorpayGateway(deps.razorpay)

export type RazorpayCheckout = CheckoutDetails & {
	sKeyId: string
	sOrderId: string
	sScriptUrl: string
	/** Razorpay's hosted checkout, where the page's form posts without JavaScript. */
	sHostedCheckoutUrl: string
	sBuyerName: string
	sBuyerEmail: string
	dHoldExpiresAt: string | null
}

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
	}
}

const byReference = async (db: Database, reference: string) =>
	(await db.select().from(payments).where(and(eq(payments.provider, 'razorpay'), eq(payments.providerReference, reference))))[0]

/** Settles from a captured gateway payment; one for another order or amount is refused. */
async function settleCaptured(db: Database, deps: OnlineDeps, payment: Payment, captured: GatewayPayment) {
	if (captured.order_id !== payment.gatewayOrderId) throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
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
			await db.update(payments).set({ gatewayPaymentId: captured.id, gatewayStatus: captured.status }).where(and(eq(payments.id, payment.id), eq(payments.status, 'failed')))
			deps.log?.warn({ paymentId: payment.id, gatewayPaymentId: captured.id }, 'Razorpay captured a payment the portal had given up; refund it from the office')
		}
		throw error
	}
}

/**
 * What Checkout hands back on success: its signature over the stored order id and the payment id
 * is checked before anything changes (400 otherwise).
 */
export async function completeRazorpayCheckout(db: Database, deps: OnlineDeps, answer: { reference: string; paymentId: string; signature: string }) {
	const payment = await byReference(db, answer.reference)
	if (!payment?.gatewayOrderId) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	if (!isValidCheckoutSignature(deps.razorpay.keySecret, payment.gatewayOrderId, answer.paymentId, answer.signature)) throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
	// The signature proves the payment belongs to the order; the payment's own record gives its amount and fee.
	const captured = await gatewayOf(deps).payment(answer.paymentId)
	return settleCaptured(db, deps, payment, captured)
}

type WebhookEntity<T> = { entity: T }
type WebhookBody = {
	event: string
	payload: { payment?: WebhookEntity<GatewayPayment>; order?: WebhookEntity<{ id: string }>; refund?: WebhookEntity<{ id: string; payment_id: string; status: string }> }
}

/**
 * A webhook: the signature over the raw body first (400 otherwise), then each event once by its
 * id; a payment's outcome is idempotent anyway (a paid payment stays paid, one invoice).
 */
export async function handleRazorpayWebhook(db: Database, deps: OnlineDeps, { rawBody, signature, eventId }: { rawBody: string; signature: string; eventId: string | null }) {
	if (!isValidWebhookSignature(deps.razorpay.webhookSecret, rawBody, signature)) throw new ApiError(400, REGISTRATION_MESSAGES.badGatewaySignature)
	let body: WebhookBody
	try {
		body = JSON.parse(rawBody) as WebhookBody
	} catch {
		throw new ApiError(400, 'The webhook body is not JSON.')
	}
	if (eventId && (await db.select().from(gatewayEvents).where(eq(gatewayEvents.id, eventId))).length > 0) return 'repeated'
	const outcome = await applyWebhook(db, deps, body)
	if (eventId) await db.insert(gatewayEvents).values({ id: eventId, event: String(body.event) }).onConflictDoNothing()
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
			await db
				.update(payments)
				.set({ gatewayStatus: 'failed' })
				.where(and(eq(payments.gatewayOrderId, gatewayPayment.order_id), eq(payments.status, 'pending')))
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
 * The minute's check: orders left unpaid for 15 minutes are asked about (a member who paid and
 * closed the tab is marked paid and invoiced); holds past their time are released; refunds still
 * pending are asked about. Returns what it changed, and how many could not be checked.
 */
export async function reconcileOnlinePayments(db: Database, deps: OnlineDeps, now = new Date()) {
	const gateway = gatewayOf(deps)
	const counts = { paid: 0, lapsed: 0, refunded: 0, unsettled: 0 }
	/** One payment's check: one that fails (Razorpay down, an amount that differs) is logged and asked again next minute, and holds up no other. */
	const check = async (paymentId: number, work: () => Promise<boolean>, outcome: 'paid' | 'refunded') => {
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
		.where(and(eq(payments.provider, 'razorpay'), eq(payments.status, 'pending'), isNotNull(payments.gatewayOrderId), lt(payments.createdAt, new Date(now.getTime() - (deps.razorpay.reconcileMinutes ?? RECONCILE_AFTER_MINUTES) * 60_000))))
	for (const payment of waiting) {
		await check(payment.id, async () => {
			const captured = (await gateway.orderPayments(payment.gatewayOrderId!)).find((p) => p.status === 'captured')
			return captured ? (await settleCaptured(db, deps, payment, captured)).changed : false
		}, 'paid')
	}
	counts.lapsed = await releaseLapsedHolds(db, now)
	const refunding = await db.select().from(payments).where(and(eq(payments.status, 'paid'), isNotNull(payments.gatewayRefundId)))
	for (const payment of refunding) {
		await check(payment.id, async () => {
			const refund = await gateway.fetchRefund(payment.gatewayRefundId!)
			return afterGatewayRefund(db, deps, await finishGatewayRefund(db, { refundId: refund.id, status: refund.status, invoicePrefix: deps.billing.invoicePrefix, at: now }))
		}, 'refunded')
	}
	return counts
}

/**
 * Pending registrations past their hold: the payment is failed (a late callback cannot settle it)
 * and the registration cancelled, so the seat goes to the waiting list at the tick's next step.
 */
export async function releaseLapsedHolds(db: Database, now = new Date()) {
	const lapsed = await db
		.select({ id: eventRegistrations.id, paymentId: payments.id })
		.from(eventRegistrations)
		.leftJoin(payments, and(eq(payments.registrationId, eventRegistrations.id), eq(payments.status, 'pending')))
		.where(and(eq(eventRegistrations.status, 'pending'), lte(eventRegistrations.holdExpiresAt, now)))
	for (const { id, paymentId } of lapsed) {
		if (paymentId !== null) await failPayment(db, { paymentId, at: now }).catch((error: unknown) => {
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
