// The public verification codes of issued documents (tax invoices, credit notes, CPE certificates):
// a short unguessable code printed with a QR code on the document, that /verify/{code} looks up. A
// certificate issued again with other facts (the office corrected attendance or the hours) gets a
// new code, and the old one is marked superseded, so a reader of the old paper learns it changed.
import { sql } from 'drizzle-orm'
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export type DocumentKind = 'invoice' | 'credit-note' | 'certificate'

export const documentCodes = pgTable(
	'document_codes',
	{
		id: serial('id').primaryKey(),
		code: text('code').notNull(),
		kind: text('kind').$type<DocumentKind>().notNull(),
		/** The payment (invoice), credit note or registration (certificate) the document is of. */
		subjectId: integer('subject_id').notNull(),
		/** A certificate's hours as it printed them. */
		cpeHours: numeric('cpe_hours', { precision: 4, scale: 1, mode: 'number' }),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
		/** When a corrected document replaced this one. */
		supersededAt: timestamp('superseded_at', { withTimezone: true }),
	},
	(table) => [
		uniqueIndex('document_codes_code_idx').on(table.code),
		// One current document per subject; superseded ones stay, so their codes still answer.
		uniqueIndex('document_codes_current_idx')
			.on(table.kind, table.subjectId)
			.where(sql`${table.supersededAt} is null`),
		index('document_codes_subject_idx').on(table.kind, table.subjectId),
	],
)
