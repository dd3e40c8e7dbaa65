// Announcements for members, posted by the office, and who has read which.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from './accounts'
import { staffUsers } from './staff'

export const announcements = pgTable(
	'announcements',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		/** Paragraphs of plain text. */
		body: jsonb('body').$type<string[]>().notNull(),
		publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
		postedBy: integer('posted_by').references(() => staffUsers.id),
	},
	(table) => [index('announcements_published_idx').on(table.publishedAt)],
)

export const announcementReads = pgTable(
	'announcement_reads',
	{
		announcementId: integer('announcement_id')
			.notNull()
			.references(() => announcements.id, { onDelete: 'cascade' }),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.announcementId, table.accountId] })],
)
