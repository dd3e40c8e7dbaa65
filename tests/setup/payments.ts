// Events, registrations and payments written straight into the database, for tests of what
// comes after a payment (the list, the receipt). The payment flow itself is tested on its own.
import { randomUUID } from 'node:crypto'
import type { Database } from '~/api/db/client'
import { eventRegistrations, type events, payments, type PaymentStatus } from '~/api/db/schema'
import { takeInvoiceNumber } from '~/api/payments/invoices'
import { gstFor } from '~/api/payments/tax'
import type { PaymentProviderName } from '~/api/db/schema'
import { TEST_SETTINGS, type createTestAccount } from './accounts'
import { insertTestEvent } from './registrations'
import { readableReference } from '~/api/payments/providers'

type TestAccount = Awaited<ReturnType<typeof createTestAccount>>['account']

type PaymentOptions = {
	event?: typeof events.$inferSelect
	status?: PaymentStatus
	provider?: PaymentProviderName
	/** When it was paid (and invoiced); also when it was started. */
	at?: Date
	refundedAt?: Date
	/** The GST rate it was taxed at; the test configuration's unless told. */
	rateBasisPoints?: number
}

/**
 * A registration and its payment, with GST as `gstFor` gives it for the account's state and, when
 * paid or refunded, an invoice number taken in the same transaction as the settlement would.
 */
export async function createTestPayment(
	db: Database,
	account: TestAccount,
	{
		event,
		status = 'paid',
		provider = 'sandbox',
		at = new Date(),
		refundedAt,
		rateBasisPoints = TEST_SETTINGS.billing.gstRateBasisPoints,
	}: PaymentOptions = {},
) {
	const forEvent = event ?? (await insertTestEvent(db, new Date(Date.UTC(2026, 9, 10, 4, 30))))
	const { billing } = TEST_SETTINGS
	const gst = gstFor(forEvent.feePaise, { supplierState: billing.stateCode, buyerState: account.stateCode, rateBasisPoints })
	const invoiced = status === 'paid' || status === 'refunded'
	return db.transaction(async (tx) => {
		const [registration] = await tx
			.insert(eventRegistrations)
			.values({
				eventId: forEvent.id,
				accountId: account.id,
				status: status === 'paid' ? 'confirmed' : status === 'pending' ? 'pending' : 'cancelled',
				createdAt: at,
			})
			.returning()
		const invoice = invoiced ? await takeInvoiceNumber(tx, at, billing.invoicePrefix) : {}
		const [payment] = await tx
			.insert(payments)
			.values({
				registrationId: registration!.id,
				accountId: account.id,
				provider,
				providerReference: provider === 'offline' ? readableReference(billing.invoicePrefix) : randomUUID(),
				status,
				...gst,
				buyerName: account.fullName,
				buyerStateCode: account.stateCode,
				buyerGstin: account.gstNumber,
				buyerFirmName: account.firmCompanyName,
				...invoice,
				createdAt: at,
				paidAt: invoiced ? at : null,
				failedAt: status === 'failed' ? at : null,
				refundedAt: status === 'refunded' ? (refundedAt ?? at) : null,
			})
			.returning()
		return { event: forEvent, registration: registration!, payment: payment! }
	})
}
