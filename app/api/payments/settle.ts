// Settling payments: paid, failed or refunded, each in one transaction under the payment
// row's lock, so a callback replayed or raced with the office can change a payment only once.
import { eq } from 'drizzle-orm'
import type { PaymentProvider } from '~/contract/payments'
import type { SettledPayment } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Database } from '../db/client'
import { refundMeans } from '~/contract/vocabulary'
import { REFUND_MESSAGES, type CpeChoice, type OfflinePaymentMode, type RefundMode } from '~/contract/office-payments'
import { registrationCreditsHours } from '../cpe/service'
import { creditNotes, eventRegistrations, events, payments } from '../db/schema'
import { ApiError, FIELDS_MESSAGE } from '../http'
import { recordAudit, type Actor } from '../office/audit'
import { takeCreditNoteNumber, takeInvoiceNumber } from './invoices'

type Payment = typeof payments.$inferSelect
type Registration = typeof eventRegistrations.$inferSelect
type Outcome = { payment: SettledPayment; changed: boolean }

const summary = (payment: Payment, iEventId: number): SettledPayment => ({
	iPaymentId: payment.id,
	sStatus: payment.status,
	iEventId,
	sInvoiceNumber: payment.invoiceNumber,
})

/**
 * Runs `change` with the payment's registration and then the payment locked: every change to a
 * registration or its payments takes the locks in that order, so two of them never deadlock.
 * 404 when there is no such payment.
 */
async function withLockedPayment<O extends Outcome>(db: Database, paymentId: number, change: (tx: Database, payment: Payment, iEventId: number, registration: Registration) => Promise<O>) {
	return db.transaction(async (tx) => {
		const [owner] = await tx.select({ registrationId: payments.registrationId }).from(payments).where(eq(payments.id, paymentId))
		if (!owner) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
		const [registration] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, owner.registrationId)).for('update')
		const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
		return change(tx, payment!, registration!.eventId, registration!)
	})
}

export type SettleRequest = {
	paymentId: number
	invoicePrefix: string
	/** The amount the provider reports; the office's confirmation takes the payment's own. */
	amountPaise?: number
	/** Only a payment of this provider may be settled (the office confirms offline payments only). */
	provider?: PaymentProvider
	/** The staff user who confirmed an offline payment. */
	settledBy?: number
	/** How the office was paid (cash, UPI...) and the slip's or transfer's reference. */
	offline?: { mode: OfflinePaymentMode; reference: string }
	at?: Date
}

/**
 * Marks a pending payment paid: takes the next invoice number, records the time and confirms the
 * registration. Paying an already paid payment changes nothing (a replayed callback); a failed or
 * refunded one, or another amount, is refused.
 */
export function settlePayment(db: Database, { paymentId, invoicePrefix, amountPaise, provider, settledBy, offline, at = new Date() }: SettleRequest) {
	return withLockedPayment(db, paymentId, async (tx, payment, iEventId) => {
		if (provider && payment.provider !== provider) throw new ApiError(409, REGISTRATION_MESSAGES.notOffline)
		if (amountPaise !== undefined && amountPaise !== payment.totalPaise) throw new ApiError(409, REGISTRATION_MESSAGES.amountMismatch)
		if (payment.status === 'paid') return { payment: summary(payment, iEventId), changed: false }
		if (payment.status !== 'pending') throw new ApiError(409, REGISTRATION_MESSAGES.notPending)
		const invoice = await takeInvoiceNumber(tx, at, invoicePrefix)
		const [paid] = await tx
			.update(payments)
			.set({ status: 'paid', paidAt: at, settledBy: settledBy ?? null, offlineMode: offline?.mode ?? null, offlineReference: offline?.reference ?? null, ...invoice })
			.where(eq(payments.id, payment.id))
			.returning()
		await tx.update(eventRegistrations).set({ status: 'confirmed' }).where(eq(eventRegistrations.id, payment.registrationId))
		return { payment: summary(paid!, iEventId), changed: true }
	})
}

/**
 * Marks a pending payment failed; the registration stays pending, holding its seat, so the person
 * can pay again or cancel. Failing a failed payment again changes nothing; a paid one is refused.
 */
export function failPayment(db: Database, { paymentId, amountPaise, at = new Date() }: { paymentId: number; amountPaise?: number; at?: Date }) {
	return withLockedPayment(db, paymentId, async (tx, payment, iEventId) => {
		if (amountPaise !== undefined && amountPaise !== payment.totalPaise) throw new ApiError(409, REGISTRATION_MESSAGES.amountMismatch)
		if (payment.status === 'failed') return { payment: summary(payment, iEventId), changed: false }
		if (payment.status !== 'pending') throw new ApiError(409, payment.status === 'paid' ? REGISTRATION_MESSAGES.alreadyPaid : REGISTRATION_MESSAGES.notPending)
		const [failed] = await tx.update(payments).set({ status: 'failed', failedAt: at }).where(eq(payments.id, payment.id)).returning()
		return { payment: summary(failed!, iEventId), changed: true }
	})
}

/** `settledBy` is null only for the demo's own refund, which no staff user made. */
export type RefundRequest = {
	paymentId: number
	settledBy: number | null
	reason: string
	invoicePrefix: string
	/** How the money went back, and its reference (null for cash given without one). */
	refund: { mode: RefundMode; reference: string | null }
	/** Asked only when the registration earned CPE hours: keep them (goodwill) or withdraw them. */
	cpeHours?: CpeChoice
	/** The office user, for the audit log, written in the refund's own transaction. */
	actor?: Actor
	at?: Date
}

/**
 * The office refunds a paid payment: a credit note for the whole invoice is issued against it,
 * recording how the money went back, the registration is cancelled and its seat freed; the
 * invoice number stays used. An attended registration's CPE hours go only if the office says so:
 * without its choice the refund is refused, and nothing is written.
 */
export function refundPayment(db: Database, { paymentId, settledBy, reason, invoicePrefix, refund, cpeHours, actor, at = new Date() }: RefundRequest) {
	return withLockedPayment(db, paymentId, async (tx, payment, iEventId, registration) => {
		if (payment.status !== 'paid') throw new ApiError(409, payment.status === 'refunded' ? REGISTRATION_MESSAGES.alreadyRefunded : REGISTRATION_MESSAGES.notPaid)
		const [event] = await tx.select({ cpeHours: events.cpeHours }).from(events).where(eq(events.id, iEventId))
		const earned = registrationCreditsHours(registration) && event!.cpeHours > 0 ? event!.cpeHours : null
		if (earned !== null && !cpeHours) throw new ApiError(400, FIELDS_MESSAGE, { sCpeHours: [REFUND_MESSAGES.cpeChoiceMissing] })
		const cpeChoice: 'kept' | 'withdrawn' | null = earned === null ? null : cpeHours === 'keep' ? 'kept' : 'withdrawn'
		const note = await takeCreditNoteNumber(tx, at, invoicePrefix)
		const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = payment
		const [issued] = await tx
			.insert(creditNotes)
			.values({ paymentId: payment.id, ...note, issuedAt: at, reason, taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise, issuedBy: settledBy, refundMode: refund.mode, refundReference: refund.reference, cpeHours: earned, cpeChoice })
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
	})
}
