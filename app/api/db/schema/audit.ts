// The office's audit log: who changed what, when. Append-only: a trigger (in the migration) refuses
// every UPDATE and DELETE, so not even a bug in the portal can rewrite it.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { staffUsers } from './staff'

export const auditLog = pgTable(
	'audit_log',
	{
		id: serial('id').primaryKey(),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		staffId: integer('staff_id').references(() => staffUsers.id),
		/** Copied, so the entry still names the person if the user is renamed. */
		staffUsername: text('staff_username').notNull(),
		/** What was done: 'create', 'update', 'publish', 'delete', 'confirm', 'refund'... */
		action: text('action').notNull(),
		/** The kind of record: 'event', 'payment', 'account', 'staff'... */
		entity: text('entity').notNull(),
		entityId: text('entity_id'),
		summary: text('summary').notNull(),
		/** The member's or student's name, number or e-mail the summary holds, as written: erased from it when they close their account (decision 0063). */
		particulars: text('particulars').array(),
	},
	(table) => [
		index('audit_log_at_idx').on(table.at),
		index('audit_log_staff_idx').on(table.staffId, table.at),
		index('audit_log_entity_idx').on(table.entity, table.at),
	],
)
