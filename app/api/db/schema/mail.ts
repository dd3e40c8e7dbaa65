// Outgoing mail that the job queue sends: a mailing (one newsletter issue to its subscribers, one
// event's reminders, one welcome...) and one delivery row per recipient. The delivery row is the
// record of what was sent: a retried or restarted job skips every row already marked sent.
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { staffUsers } from './staff'

export type MailingKind =
	| 'newsletter'
	| 'newsletter-test'
	| 'welcome'
	| 'announcement'
	| 'reminder'
	| 'waiting-list-offer'
	/** A day's "registration received" mails, numbered by the day like the welcome mails; one delivery per registration. */
	| 'registration-received'
	/** A day's paid-fee mails with their tax invoices; one delivery per payment. */
	| 'payment-confirmed'
	/** An event moved or cancelled (an event notice), to its registrants and waiting list. */
	| 'event-changed'
	/** The office's own message to an event's registrants (an event notice). */
	| 'event-message'
	/** A refund's credit note, to the payer. */
	| 'refund'
	/** An ended event's certificates of attendance, and a corrected one after a later change. */
	| 'certificates'
	| 'certificate-correction'
/**
 * pending: still to be sent (also while its job waits for a retry); sent: accepted by the mail
 * server; failed: given up; skipped: no longer wanted (the registration was cancelled, the reader unsubscribed).
 */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'skipped'

export const mailings = pgTable(
	'mailings',
	{
		id: serial('id').primaryKey(),
		kind: text('kind').$type<MailingKind>().notNull(),
		/** What the mailing is about: the issue, subscription, announcement, event, offer or credit note id. */
		subjectId: integer('subject_id').notNull(),
		createdBy: integer('created_by').references(() => staffUsers.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		/** The last error of its job, shown to the office; cleared when a send succeeds. */
		lastError: text('last_error'),
	},
	(table) => [
		// One mailing per issue, announcement, event reminder, welcome, offer or refund; test mails may repeat.
		uniqueIndex('mailings_one_per_subject_idx')
			.on(table.kind, table.subjectId)
			.where(sql`${table.kind} <> 'newsletter-test'`),
	],
)

export const mailDeliveries = pgTable(
	'mail_deliveries',
	{
		id: serial('id').primaryKey(),
		mailingId: integer('mailing_id')
			.notNull()
			.references(() => mailings.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		name: text('name').notNull(),
		/**
		 * What the delivery is about within its mailing, when one address may get several (two registrations
		 * on one day): the registration or payment id; 0 where the address alone decides.
		 */
		occurrence: integer('occurrence').notNull().default(0),
		/** What the message needs beyond the mailing: the subscription id (for its unsubscribe link), the registration... */
		details: jsonb('details').$type<Record<string, number | string>>().notNull().default({}),
		status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(table) => [
		uniqueIndex('mail_deliveries_one_per_recipient_idx').on(table.mailingId, table.email, table.occurrence),
		index('mail_deliveries_pending_idx')
			.on(table.mailingId, table.id)
			.where(sql`${table.status} = 'pending'`),
	],
)
