// CPE hours a member records: unstructured learning, with a description. Structured
// hours are not stored here; they come from attended event registrations and the event's hours.
import { sql } from 'drizzle-orm'
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from './accounts'

export const cpeEntries = pgTable(
	'cpe_entries',
	{
		id: serial('id').primaryKey(),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		/** The day of the learning, 'YYYY-MM-DD'; its calendar year decides where the hours count. */
		activityDate: date('activity_date', { mode: 'string' }).notNull(),
		hours: numeric('hours', { precision: 4, scale: 1, mode: 'number' }).notNull(),
		description: text('description').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('cpe_entries_account_idx').on(table.accountId, table.activityDate), check('cpe_entries_hours_positive', sql`${table.hours} > 0`)],
)
