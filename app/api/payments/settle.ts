// Settling payments: paid or failed (refunds are in refund.ts), each in one transaction under the payment
// row's lock, so a callback replayed or raced with the office can change a payment only once.
import { and, eq } from 'drizzle-orm'
import type { PaymentProvider } from '~/contract/payments'
import type { SettledPayment } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Database } from '../db/client'
import type { OfflinePaymentMode } from '~/contract/office/payments'
import { eventRegistrations, payments } from '../db/schema'
import { ApiError } from '../http'
import { recordAudit, type Actor } from '../shared/audit'
import { takeInvoiceNumber } from './invoices'

export type Payment = typeof payments.$inferSelect
export type Registration = typeof eventRegistrations.$inferSelect
type Outcome = { payment: SettledPayment; changed: boolean }

export const summary = (payment: Payment, iEventId: number): SettledPayment => ({
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
export async function withLockedPayment<O extends Outcome>(
	db: Database,
	paymentId: number,
	change: (tx: Database, payment: Payment, iEventId: number, registration: Registration) => Promise<O>,
) {
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
	/** What an online gateway reported: its payment id, status and fee. */
	gateway?: GatewayReport
	at?: Date
}

export type GatewayReport = { paymentId: string; status: string; feePaise?: number | null; taxPaise?: number | null }
const gatewayColumns = (gateway: GatewayReport | undefined) =>
	gateway
		? {
				gatewayPaymentId: gateway.paymentId,
				gatewayStatus: gateway.status,
				gatewayFeePaise: gateway.feePaise ?? null,
				gatewayTaxPaise: gateway.taxPaise ?? null,
			}
		: {}

/**
 * Marks a pending payment paid: takes the next invoice number, records the time and confirms the
 * registration. Paying an already paid payment changes nothing (a replayed callback); a failed or
 * refunded one, or another amount, is refused.
 */
export function settlePayment(db: Database, { paymentId, invoicePrefix, amountPaise, provider, settledBy, offline, gateway, at = new Date() }: SettleRequest) {
	return withLockedPayment(db, paymentId, async (tx, payment, iEventId) => {
		if (provider && payment.provider !== provider) throw new ApiError(409, REGISTRATION_MESSAGES.notOffline)
		if (amountPaise !== undefined && amountPaise !== payment.totalPaise) throw new ApiError(409, REGISTRATION_MESSAGES.amountMismatch)
		if (payment.status === 'paid') {
			// The callback settled it; the webhook that follows brings the gateway's fee.
			if (gateway?.feePaise != null && payment.gatewayPaymentId === gateway.paymentId)
				await tx.update(payments).set(gatewayColumns(gateway)).where(eq(payments.id, payment.id))
			return { payment: summary(payment, iEventId), changed: false }
		}
		if (payment.status !== 'pending') throw new ApiError(409, REGISTRATION_MESSAGES.notPending)
		const invoice = await takeInvoiceNumber(tx, at, invoicePrefix)
		const [paid] = await tx
			.update(payments)
			.set({
				status: 'paid',
				paidAt: at,
				settledBy: settledBy ?? null,
				offlineMode: offline?.mode ?? null,
				offlineReference: offline?.reference ?? null,
				...gatewayColumns(gateway),
				...invoice,
			})
			.where(eq(payments.id, payment.id))
			.returning()
		await tx.update(eventRegistrations).set({ status: 'confirmed', holdExpiresAt: null }).where(eq(eventRegistrations.id, payment.registrationId))
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

/** The portal itself, in the audit log, for what it does when it starts. */
const PORTAL_START: Actor = { id: null, username: 'portal start' }

/**
 * A trial's sandbox payments still pending when the portal starts with a real provider (a live
 * start on the trial's data): failed, so nobody can have one paid without money, and each audited
 * for the office. No invoice is issued; the person pays again with the branch's provider.
 * Answers how many there were.
 */
export async function retireSandboxPayments(db: Database, at = new Date()) {
	return db.transaction(async (tx) => {
		const retired = await tx
			.update(payments)
			.set({ status: 'failed', failedAt: at })
			.where(and(eq(payments.provider, 'sandbox'), eq(payments.status, 'pending')))
			.returning({ id: payments.id, reference: payments.providerReference })
		for (const { id, reference } of retired) {
			await recordAudit(tx, PORTAL_START, {
				action: 'void',
				entity: 'payment',
				entityId: id,
				summary: `Sandbox payment ${reference} from the trial voided: the portal now takes real payments, and the sandbox takes no money.`,
			})
		}
		return retired.length
	})
}
