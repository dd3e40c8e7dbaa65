// Event registrations, their payments and the invoice counter.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { CpeChoice, OfflinePaymentMode } from '~/contract/office/payments'
import { accounts } from './accounts'
import { events } from './events'
import { staffUsers } from './staff'

/** pending: waiting for its payment; confirmed: has a seat; cancelled: by the person or a failed payment. */
export type RegistrationStatus = 'pending' | 'confirmed' | 'cancelled'
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded'
export type PaymentProviderName = 'sandbox' | 'offline' | 'razorpay'

export const eventRegistrations = pgTable(
	'event_registrations',
	{
		id: serial('id').primaryKey(),
		eventId: integer('event_id')
			.notNull()
			.references(() => events.id),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		status: text('status').$type<RegistrationStatus>().notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		/** Set by the office; structured CPE hours are credited from it. */
		attendedAt: timestamp('attended_at', { withTimezone: true }),
		attendanceMarkedBy: integer('attendance_marked_by').references(() => staffUsers.id),
		/** A refund of an attended registration cancels it; the office may let it keep its CPE hours. */
		cpeKeptAfterRefund: boolean('cpe_kept_after_refund').notNull().default(false),
		/** A pending registration paying online keeps its seat until then; after it, the seat goes to the waiting list. */
		holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
	},
	(table) => [
		// One live registration per person and event; a cancelled one may be followed by a new one.
		uniqueIndex('event_registrations_one_live_idx')
			.on(table.eventId, table.accountId)
			.where(sql`${table.status} <> 'cancelled'`),
		index('event_registrations_account_idx').on(table.accountId),
	],
)

/**
 * One payment of a registration's fee. Amounts are integer paise, split as the tax invoice shows
 * them; the buyer's details are copied at the time of the payment, as the invoice must keep them.
 */
export const payments = pgTable(
	'payments',
	{
		id: serial('id').primaryKey(),
		registrationId: integer('registration_id')
			.notNull()
			.references(() => eventRegistrations.id),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		provider: text('provider').$type<PaymentProviderName>().notNull(),
		/** The provider's id for the payment (the sandbox's checkout id); unique, so a callback finds one payment. */
		providerReference: text('provider_reference').notNull(),
		status: text('status').$type<PaymentStatus>().notNull().default('pending'),
		taxablePaise: integer('taxable_paise').notNull(),
		cgstPaise: integer('cgst_paise').notNull().default(0),
		sgstPaise: integer('sgst_paise').notNull().default(0),
		igstPaise: integer('igst_paise').notNull().default(0),
		totalPaise: integer('total_paise').notNull(),
		/** The GST rate the amounts were worked out at (1800 for 18 %), which the invoice prints. */
		gstRateBasisPoints: integer('gst_rate_basis_points').notNull(),
		/** Which of the event's fees was charged ("Student fee, early bird"), as the invoice prints it; null: the one fee. */
		feeLabel: text('fee_label'),
		buyerName: text('buyer_name').notNull(),
		buyerStateCode: text('buyer_state_code').notNull(),
		buyerGstin: text('buyer_gstin'),
		buyerFirmName: text('buyer_firm_name'),
		/** The membership or registration number the invoice printed, copied when the account is closed (null: the account's). */
		buyerNumber: text('buyer_number'),
		/** Given when the payment is paid: `{prefix}/{financial year}/{sequence}`, no gaps within a year. */
		invoiceNumber: text('invoice_number'),
		invoiceFinancialYear: text('invoice_financial_year'),
		invoiceSequence: integer('invoice_sequence'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		failedAt: timestamp('failed_at', { withTimezone: true }),
		refundedAt: timestamp('refunded_at', { withTimezone: true }),
		/** How an offline payment reached the office (cash, UPI...) and its reference, as the office recorded them. */
		offlineMode: text('offline_mode').$type<OfflinePaymentMode>(),
		offlineReference: text('offline_reference'),
		/** The staff user who confirmed or refunded an offline payment. */
		settledBy: integer('settled_by').references(() => staffUsers.id),
		/** An online gateway's order, payment and refund ids, its last status, and its fee with tax on the fee (Razorpay). */
		gatewayOrderId: text('gateway_order_id'),
		gatewayPaymentId: text('gateway_payment_id'),
		gatewayStatus: text('gateway_status'),
		gatewayFeePaise: integer('gateway_fee_paise'),
		gatewayTaxPaise: integer('gateway_tax_paise'),
		gatewayRefundId: text('gateway_refund_id'),
		gatewayRefundStatus: text('gateway_refund_status'),
		/** Why the office refunds it and what becomes of its CPE hours, kept while the gateway works on the refund, for the credit note. */
		refundReason: text('refund_reason'),
		refundRequestedBy: integer('refund_requested_by').references(() => staffUsers.id),
		refundCpeHours: text('refund_cpe_hours').$type<CpeChoice>(),
	},
	(table) => [
		uniqueIndex('payments_provider_reference_idx').on(table.provider, table.providerReference),
		uniqueIndex('payments_invoice_number_idx').on(table.invoiceNumber),
		// A gateway's order or payment settles one payment here, however often it is reported.
		uniqueIndex('payments_gateway_order_idx').on(table.gatewayOrderId),
		uniqueIndex('payments_gateway_payment_idx').on(table.gatewayPaymentId),
		uniqueIndex('payments_gateway_refund_idx').on(table.gatewayRefundId),
		uniqueIndex('payments_invoice_sequence_idx').on(table.invoiceFinancialYear, table.invoiceSequence),
		index('payments_account_idx').on(table.accountId),
		index('payments_registration_idx').on(table.registrationId),
		check('payments_amounts_not_negative', sql`${table.taxablePaise} >= 0 and ${table.cgstPaise} >= 0 and ${table.sgstPaise} >= 0 and ${table.igstPaise} >= 0`),
		check('payments_total_adds_up', sql`${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`),
		check('payments_one_kind_of_gst', sql`${table.igstPaise} = 0 or (${table.cgstPaise} = 0 and ${table.sgstPaise} = 0)`),
	],
)

/** The last invoice number given in each financial year ('2026-27'); taken under its row lock. */
export const invoiceCounters = pgTable('invoice_counters', {
	financialYear: text('financial_year').primaryKey(),
	lastSequence: integer('last_sequence').notNull(),
})

/** Webhook events already handled, by the gateway's event id: a delivery repeated changes nothing. */
export const gatewayEvents = pgTable('gateway_events', {
	id: text('id').primaryKey(),
	event: text('event').notNull(),
	receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
