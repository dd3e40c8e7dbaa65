// Waiting lists of full events. A freed seat is offered to the first in line and held for them
// until the offer expires; then it passes to the next.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { accounts } from './accounts'
import { events } from './events'

/** waiting: in line; offered: a seat is held until offerExpiresAt; registered: took it; expired: let it pass; left: withdrew. */
export type WaitingListStatus = 'waiting' | 'offered' | 'registered' | 'expired' | 'left'

export const waitingListEntries = pgTable(
	'waiting_list_entries',
	{
		id: serial('id').primaryKey(),
		eventId: integer('event_id')
			.notNull()
			.references(() => events.id, { onDelete: 'cascade' }),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		status: text('status').$type<WaitingListStatus>().notNull().default('waiting'),
		joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
		offeredAt: timestamp('offered_at', { withTimezone: true }),
		offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
	},
	(table) => [
		// One place in line per person and event while they wait or hold an offer.
		uniqueIndex('waiting_list_one_live_idx')
			.on(table.eventId, table.accountId)
			.where(sql`${table.status} in ('waiting', 'offered')`),
		index('waiting_list_event_idx').on(table.eventId, table.id),
	],
)
