// One schema for PGlite and PostgreSQL. Migrations in ./migrations are generated from it
// with `npm run db:generate` and committed.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PageBlock, PageSlug } from '~/contract/api'

/** Text of the information pages (home, overview, resources, services, policies, about). */
export const pages = pgTable('pages', {
	slug: text('slug').$type<PageSlug>().primaryKey(),
	title: text('title').notNull(),
	summary: text('summary').notNull().default(''),
	blocks: jsonb('blocks').$type<PageBlock[]>().notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Portal sessions: the cookie holds only the signed id of a row here. */
export const sessions = pgTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		data: jsonb('data').$type<Record<string, unknown>>().notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(table) => [index('sessions_expires_at_idx').on(table.expiresAt)],
)
