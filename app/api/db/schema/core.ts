// Tables every part of the portal uses: page text, sessions, rate limits and media files.
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PageBlock, PageSlug } from '~/contract/api'

/** Text of the information pages (home, overview, resources, services, policies, about). */
export const pages = pgTable('pages', {
	slug: text('slug').$type<PageSlug>().primaryKey(),
	title: text('title').notNull(),
	summary: text('summary').notNull().default(''),
	blocks: jsonb('blocks').$type<PageBlock[]>().notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	/** The office's unpublished edit, shown only in its preview until it is published. */
	draft: jsonb('draft').$type<{ title: string; summary: string; blocks: PageBlock[] }>(),
	/** Moves on with every office save (app/api/office/versioned.ts keys on `id`, pages on `slug`). */
	version: integer('version').notNull().default(0),
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

/** Fixed-window counters behind every rate limit, so limits hold across restarts and instances. */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
	count: integer('count').notNull(),
})

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
	dataType: () => 'bytea',
	fromDriver: (value) => Buffer.from(value),
})

/**
 * Uploaded and seeded files (pictures, PDFs), kept in the database so one backup holds
 * everything (decision 0006). Paths are made by the server and never reused, so they are immutable.
 */
export const mediaFiles = pgTable('media_files', {
	path: text('path').primaryKey(),
	contentType: text('content_type').notNull(),
	bytes: bytea('bytes').notNull(),
	size: integer('size').notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One row whose number goes up with every change the public can see (app/api/content-version.ts):
 * caches of public answers compare it, so a change shows at once on every instance.
 */
export const contentVersion = pgTable('content_version', {
	id: integer('id').primaryKey(),
	version: bigint('version', { mode: 'number' }).notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What the demo seed wrote: for each table the last id it used, and when. Rows up to that id are
 * the demo's, so `npm run office -- remove-demo` can take them out and leave the branch's own.
 */
export const demoSeed = pgTable('demo_seed', {
	tableName: text('table_name').primaryKey(),
	lastId: integer('last_id').notNull(),
	seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
})
