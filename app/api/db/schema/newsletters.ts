// Newsletters: the monthly issues (cover picture and PDF in media_files) and the subscribers.
import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { ResponsiveImage } from '~/contract/images'

export const newsletterIssues = pgTable('newsletter_issues', {
	id: serial('id').primaryKey(),
	title: text('title').notNull(),
	/** The issue's month, stored as its first day. */
	issueMonth: date('issue_month', { mode: 'string' }).notNull().unique(),
	summary: text('summary').notNull(),
	contents: jsonb('contents').$type<string[]>().notNull(),
	cover: jsonb('cover').$type<ResponsiveImage>().notNull(),
	pdfPath: text('pdf_path').notNull(),
	pdfBytes: integer('pdf_bytes').notNull(),
	pageCount: integer('page_count').notNull(),
	/** Unpublished issues are the office's drafts: no public call lists them. */
	isPublished: boolean('is_published').notNull().default(true),
	/** Moves on with every office edit (app/api/office/versioned.ts). */
	version: integer('version').notNull().default(0),
})

/**
 * One row per e-mail address (kept lowercased). A subscription counts once its address is
 * confirmed by the link in the welcome mail (double opt-in, decision 0040): the row then records
 * the consent, when and from which client address. Unconfirmed rows are removed after a week.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
	id: serial('id').primaryKey(),
	email: text('email').notNull().unique(),
	fullName: text('full_name').notNull(),
	membershipNumber: text('membership_number').notNull(),
	/** When the subscription was asked for; while unconfirmed, the latest time it was asked for. */
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	/** The client address the subscription was asked from (null for those made before double opt-in). */
	requestedFrom: text('requested_from'),
	/** When the link in the welcome mail was used; null while waiting. Older subscriptions count as confirmed when made. */
	confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
	confirmedFrom: text('confirmed_from'),
})
