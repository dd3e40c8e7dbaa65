// The home page's welcome popup as the office sets it (decision 0051): one row, or none while the
// office has not saved it (then the spec's own popup shows: app/api/popup/service.ts).
import { sql } from 'drizzle-orm'
import { boolean, check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { ResponsiveImage } from '~/contract/images'

export const welcomePopup = pgTable(
	'welcome_popup',
	{
		/** Always 1: there is one popup. */
		id: integer('id').primaryKey().default(1),
		title: text('title').notNull(),
		text: text('text').notNull(),
		image: jsonb('image').$type<ResponsiveImage>(),
		isOn: boolean('is_on').notNull().default(true),
		/** India calendar days, both included; null: no limit on that side. */
		showFrom: date('show_from', { mode: 'string' }),
		showUntil: date('show_until', { mode: 'string' }),
		/** Moves on with every office save, so a save from a stale form is refused. */
		version: integer('version').notNull().default(0),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		check('welcome_popup_one_row', sql`${table.id} = 1`),
		check('welcome_popup_dates_in_order', sql`${table.showUntil} is null or ${table.showFrom} is null or ${table.showFrom} <= ${table.showUntil}`),
	],
)
