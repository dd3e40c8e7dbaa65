// Refunds: a desk payment is refunded at once, with how the money went back; a payment made
// through Razorpay is refunded through Razorpay, and its credit note follows Razorpay's
// confirmation (at once, by its webhook or by the minute's check). Either way, one credit note
// for the whole invoice, under the payment's lock.
import { eq } from 'drizzle-orm'
import { REFUND_MESSAGES, type CpeChoice, type RecordedRefundMode } from '~/contract/office/payments'
import type { SettledPayment } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { refundMeans } from '~/contract/vocabulary'
import { registrationCreditsHours } from '../cpe/service'
import type { Database } from '../db/client'
import { creditNotes, eventRegistrations, events, payments } from '../db/schema'
import { ApiError, FIELDS_MESSAGE } from '../http'
import { recordAudit, type Actor } from '../shared/audit'
import { takeCreditNoteNumber } from './invoices'
import { GATEWAY_DOWN, type Gateway } from './razorpay'
import { summary, withLockedPayment, type Payment, type Registration } from './settle'

/** Razorpay itself, in the audit log, when its confirmation issues a credit note. */
export const RAZORPAY_ACTOR: Actor = { id: null, username: 'Razorpay' }

/** `settledBy` is null only for the demo's own refund, which no staff user made. */
export type RefundRequest = {
	paymentId: number
	settledBy: number | null
	reason: string
	invoicePrefix: string
	/** How the money went back at the desk, and its reference (null for cash given without one); not asked of a Razorpay payment. */
	refund?: { mode: RecordedRefundMode; reference: string | null }
	/** Asked only when the registration earned CPE hours: keep them (goodwill) or withdraw them. */
	cpeHours?: CpeChoice
	/** The office user, for the audit log, written in the refund's own transaction. */
	actor?: Actor
	at?: Date
	/** Razorpay, for a payment made through it. */
	gateway?: Gateway
}
export type RefundOutcome = {
	payment: SettledPayment & { sCreditNoteNumber: string | null; sCpeChoice: 'kept' | 'withdrawn' | null }
	/** The credit note issued, or null while Razorpay is still refunding. */
	creditNoteId: number | null
	changed: boolean
}

/** The CPE hours the registration earned (null when none) and what the office chose for them; 400 when it must choose and did not. */
async function cpeDecision(tx: Database, registration: Registration, iEventId: number, choice: CpeChoice | undefined | null, mustChoose: boolean) {
	const [event] = await tx.select({ cpeHours: events.cpeHours }).from(events).where(eq(events.id, iEventId))
	const earned = registrationCreditsHours(registration) && event!.cpeHours > 0 ? event!.cpeHours : null
	if (earned !== null && !choice && mustChoose) throw new ApiError(400, FIELDS_MESSAGE, { sCpeHours: [REFUND_MESSAGES.cpeChoiceMissing] })
	const cpeChoice: 'kept' | 'withdrawn' | null = earned === null ? null : choice === 'keep' ? 'kept' : 'withdrawn'
	return { earned, cpeChoice }
}

type CreditNoteFacts = Required<Pick<RefundRequest, 'settledBy' | 'reason' | 'invoicePrefix' | 'at'>> & {
	refund: NonNullable<RefundRequest['refund']>
	cpeHours: CpeChoice | null
	actor: Actor | undefined
	mustChoose: boolean
}

/** The credit note for the whole invoice, the payment refunded and the registration cancelled (its seat freed), audited. */
async function issueCreditNote(tx: Database, payment: Payment, registration: Registration, iEventId: number, facts: CreditNoteFacts): Promise<RefundOutcome> {
	const { settledBy, reason, invoicePrefix, at, refund, actor } = facts
	const { earned, cpeChoice } = await cpeDecision(tx, registration, iEventId, facts.cpeHours, facts.mustChoose)
	const note = await takeCreditNoteNumber(tx, at, invoicePrefix)
	const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = payment
	const [issued] = await tx
		.insert(creditNotes)
		.values({
			paymentId: payment.id,
			...note,
			issuedAt: at,
			reason,
			taxablePaise,
			cgstPaise,
			sgstPaise,
			igstPaise,
			totalPaise,
			issuedBy: settledBy,
			refundMode: refund.mode,
			refundReference: refund.reference,
			cpeHours: earned,
			cpeChoice,
		})
		.returning({ id: creditNotes.id })
	const [refunded] = await tx.update(payments).set({ status: 'refunded', refundedAt: at, settledBy }).where(eq(payments.id, payment.id)).returning()
	await tx
		.update(eventRegistrations)
		.set({ status: 'cancelled', cancelledAt: at, cpeKeptAfterRefund: cpeChoice === 'kept' })
		.where(eq(eventRegistrations.id, payment.registrationId))
	if (actor) {
		const hours = cpeChoice ? `; ${earned} CPE hours ${cpeChoice}` : ''
		const what = `Refunded by ${refundMeans(refund.mode, refund.reference)}; credit note ${note.number} against invoice ${payment.invoiceNumber}${hours}; reason: ${reason}`
		await recordAudit(tx, actor, { action: 'refund', entity: 'payment', entityId: payment.id, summary: what })
	}
	return { payment: { ...summary(refunded!, iEventId), sCreditNoteNumber: note.number, sCpeChoice: cpeChoice }, creditNoteId: issued!.id, changed: true }
}

/**
 * The office refunds a paid payment: a credit note for the whole amount, the registration
 * cancelled and its seat freed; the invoice number stays used. An attended registration's CPE
 * hours go only if the office says so: without its choice the refund is refused, and nothing is
 * written. A Razorpay payment is refunded through Razorpay first, unless Razorpay never captured it
 * and has given it back already.
 */
export function refundPayment(db: Database, request: RefundRequest) {
	const { paymentId, settledBy, reason, invoicePrefix, refund, cpeHours, actor, gateway, at = new Date() } = request
	return withLockedPayment(db, paymentId, async (tx, payment, iEventId, registration): Promise<RefundOutcome> => {
		if (payment.status !== 'paid')
			throw new ApiError(409, payment.status === 'refunded' ? REGISTRATION_MESSAGES.alreadyRefunded : REGISTRATION_MESSAGES.notPaid)
		const facts = { settledBy, reason, invoicePrefix, at, cpeHours: cpeHours ?? null, actor, mustChoose: true }
		if (payment.provider !== 'razorpay' || !payment.gatewayPaymentId) {
			if (!refund) throw new ApiError(400, FIELDS_MESSAGE, { sMode: [REFUND_MESSAGES.modeMissing] })
			return issueCreditNote(tx, payment, registration, iEventId, { ...facts, refund })
		}
		if (payment.gatewayRefundId) throw new ApiError(409, REGISTRATION_MESSAGES.refundUnderWay)
		// Razorpay never captured it and has given the authorization back itself: nothing to send back, only the credit note to issue.
		if (payment.gatewayStatus === 'refunded' || payment.gatewayStatus === 'failed') {
			return issueCreditNote(tx, payment, registration, iEventId, { ...facts, refund: { mode: 'razorpay', reference: payment.gatewayPaymentId } })
		}
		// Asked before Razorpay is, so a missing choice sends no money back.
		const { cpeChoice } = await cpeDecision(tx, registration, iEventId, cpeHours, true)
		if (!gateway) throw new ApiError(503, GATEWAY_DOWN)
		// Under the payment's lock: a second press waits, then finds the refund id and is refused.
		const asked = await gateway.refund(payment.gatewayPaymentId, { amountPaise: payment.totalPaise, receipt: payment.providerReference, notes: { reason } })
		const [requested] = await tx
			.update(payments)
			.set({
				gatewayRefundId: asked.id,
				gatewayRefundStatus: asked.status,
				refundReason: reason,
				refundRequestedBy: settledBy,
				refundCpeHours: cpeHours ?? null,
			})
			.where(eq(payments.id, payment.id))
			.returning()
		if (asked.status === 'processed')
			return issueCreditNote(tx, requested!, registration, iEventId, { ...facts, refund: { mode: 'razorpay', reference: asked.id } })
		if (actor)
			await recordAudit(tx, actor, {
				action: 'refund',
				entity: 'payment',
				entityId: payment.id,
				summary: `Refund ${asked.id} asked of Razorpay against invoice ${payment.invoiceNumber}; reason: ${reason}`,
			})
		return { payment: { ...summary(requested!, iEventId), sCreditNoteNumber: null, sCpeChoice: cpeChoice }, creditNoteId: null, changed: true }
	})
}

/** Razorpay confirmed a refund (webhook or the minute's check): the credit note is issued, once. */
export async function finishGatewayRefund(
	db: Database,
	{ refundId, status, invoicePrefix, at = new Date() }: { refundId: string; status: string; invoicePrefix: string; at?: Date },
) {
	const [owner] = await db.select({ id: payments.id }).from(payments).where(eq(payments.gatewayRefundId, refundId))
	if (!owner) return null
	return withLockedPayment(db, owner.id, async (tx, payment, iEventId, registration): Promise<RefundOutcome> => {
		if (payment.status !== 'paid' || status !== 'processed') {
			if (payment.status === 'paid') await tx.update(payments).set({ gatewayRefundStatus: status }).where(eq(payments.id, payment.id))
			return { payment: { ...summary(payment, iEventId), sCreditNoteNumber: null, sCpeChoice: null }, creditNoteId: null, changed: false }
		}
		await tx.update(payments).set({ gatewayRefundStatus: status }).where(eq(payments.id, payment.id))
		const facts = {
			settledBy: payment.refundRequestedBy,
			reason: payment.refundReason ?? '',
			invoicePrefix,
			at,
			cpeHours: payment.refundCpeHours,
			actor: RAZORPAY_ACTOR,
			mustChoose: false,
		}
		return issueCreditNote(tx, payment, registration, iEventId, { ...facts, refund: { mode: 'razorpay', reference: refundId } })
	})
}
