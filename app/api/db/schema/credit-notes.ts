// Credit notes: a refund of an invoiced payment is documented by a credit note referring to the
// invoice (CGST Act, section 34), numbered in a series of its own, without gaps per financial year.
import { sql } from 'drizzle-orm'
import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { RecordedRefundMode } from '~/contract/office/payments'
import { payments } from './registrations'
import { staffUsers } from './staff'

export const creditNotes = pgTable(
	'credit_notes',
	{
		id: serial('id').primaryKey(),
		/** One credit note per payment: a payment is refunded whole, once. */
		paymentId: integer('payment_id')
			.notNull()
			.references(() => payments.id),
		number: text('number').notNull(),
		financialYear: text('financial_year').notNull(),
		sequence: integer('sequence').notNull(),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
		reason: text('reason').notNull(),
		/** The amounts credited, as the invoice had them, so the register never recomputes tax. */
		taxablePaise: integer('taxable_paise').notNull(),
		cgstPaise: integer('cgst_paise').notNull(),
		sgstPaise: integer('sgst_paise').notNull(),
		igstPaise: integer('igst_paise').notNull(),
		totalPaise: integer('total_paise').notNull(),
		issuedBy: integer('issued_by').references(() => staffUsers.id),
		/** How the money went back and its reference (none for cash); null on notes from before they were asked. */
		refundMode: text('refund_mode').$type<RecordedRefundMode>(),
		refundReference: text('refund_reference'),
		/** The CPE hours the registration had earned when refunded, and whether they were kept; both null when it had none. */
		cpeHours: numeric('cpe_hours', { precision: 4, scale: 1, mode: 'number' }),
		cpeChoice: text('cpe_choice').$type<'kept' | 'withdrawn'>(),
	},
	(table) => [
		uniqueIndex('credit_notes_payment_idx').on(table.paymentId),
		uniqueIndex('credit_notes_number_idx').on(table.number),
		uniqueIndex('credit_notes_sequence_idx').on(table.financialYear, table.sequence),
		check('credit_notes_cpe_choice_with_hours', sql`(${table.cpeHours} is null) = (${table.cpeChoice} is null)`),
		check('credit_notes_total_adds_up', sql`${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`),
	],
)

/** The last credit note number given in each financial year; taken under its row lock like invoices'. */
export const creditNoteCounters = pgTable('credit_note_counters', {
	financialYear: text('financial_year').primaryKey(),
	lastSequence: integer('last_sequence').notNull(),
})
