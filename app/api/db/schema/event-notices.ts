// What the office told an event's people, one row each time: the event moved (date, time or venue
// changed after people registered), was cancelled, or the office wrote to its registrants. Each
// row is the subject of one mailing, so each occurrence is mailed once, saying what it said then.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { RegistrantAudience } from '~/contract/office/registrant-mail'
import { events } from './events'
import { staffUsers } from './staff'

export type EventNoticeKind = 'moved' | 'cancelled' | 'message'
/** When and where an event is, as a notice of a move records it before and after. */
export type EventPlace = { startsAt: string; endsAt: string; venueName: string; venueAddress: string; city: string }

export const eventNotices = pgTable(
	'event_notices',
	{
		id: serial('id').primaryKey(),
		eventId: integer('event_id')
			.notNull()
			.references(() => events.id, { onDelete: 'cascade' }),
		kind: text('kind').$type<EventNoticeKind>().notNull(),
		/** A move: where and when the event was, and is now. */
		before: jsonb('before').$type<EventPlace>(),
		after: jsonb('after').$type<EventPlace>(),
		/** An office message: to whom (everyone registered, the confirmed, those present, the waiting list), and what it says. */
		audience: text('audience').$type<RegistrantAudience>(),
		subject: text('subject'),
		body: text('body'),
		createdBy: integer('created_by').references(() => staffUsers.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('event_notices_event_idx').on(table.eventId, table.id)],
)
