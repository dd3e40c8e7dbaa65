// Committees of the branch and their people. A person's message (the chairman's and the like) is
// stored with them as plain paragraphs, shown publicly once published.
import { boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { ResponsiveImage } from '~/contract/images'

export const committees = pgTable('committees', {
	id: serial('id').primaryKey(),
	title: text('title').notNull(),
	description: text('description').notNull().default(''),
	sortOrder: integer('sort_order').notNull().default(0),
	/** Moves on with every office edit (app/api/office/versioned.ts). */
	version: integer('version').notNull().default(0),
})

export const committeePeople = pgTable(
	'committee_people',
	{
		id: serial('id').primaryKey(),
		committeeId: integer('committee_id')
			.notNull()
			.references(() => committees.id, { onDelete: 'cascade' }),
		fullName: text('full_name').notNull(),
		role: text('role').notNull(),
		termStartsOn: date('term_starts_on', { mode: 'string' }).notNull(),
		termEndsOn: date('term_ends_on', { mode: 'string' }).notNull(),
		photo: jsonb('photo').$type<ResponsiveImage>(),
		messageTitle: text('message_title'),
		message: jsonb('message').$type<string[]>(),
		messagePublished: boolean('message_published').notNull().default(true),
		sortOrder: integer('sort_order').notNull().default(0),
		version: integer('version').notNull().default(0),
	},
	(table) => [index('committee_people_committee_idx').on(table.committeeId, table.sortOrder)],
)
