// Branch events. The registration columns (seats, closing time, cancellation cut-off,
// fee in paise) are here already so that event registration only adds its own tables.
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { CpeKind } from '~/contract/cpe'
import type { EVENT_CATEGORIES, Speaker } from '~/contract/events'
import type { ResponsiveImage } from '~/contract/images'

export const events = pgTable(
	'events',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		summary: text('summary').notNull(),
		category: text('category').$type<(typeof EVENT_CATEGORIES)[number]>().notNull(),
		description: jsonb('description').$type<string[]>().notNull(),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
		venueName: text('venue_name').notNull(),
		venueAddress: text('venue_address').notNull(),
		city: text('city').notNull(),
		mapUrl: text('map_url').notNull(),
		cpeHours: numeric('cpe_hours', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
		/** Money is integer paise, never a float: ₹1,180.00 is 118000. */
		feePaise: integer('fee_paise').notNull().default(0),
		/** Fees per audience and early bird (decision 0051): null is "as the fee above" or "no early-bird fee". */
		studentFeePaise: integer('student_fee_paise'),
		earlyBirdFeePaise: integer('early_bird_fee_paise'),
		earlyBirdStudentFeePaise: integer('early_bird_student_fee_paise'),
		/** The last India calendar day on which a registration gets the early-bird fee. */
		earlyBirdUntil: date('early_bird_until', { mode: 'string' }),
		/** Null: no seat limit. */
		seatLimit: integer('seat_limit'),
		/** Null: registration stays open until the event starts. */
		registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
		/** Registrations may be cancelled until then; null: until registration closes. */
		cancellationCutoffAt: timestamp('cancellation_cutoff_at', { withTimezone: true }),
		speakers: jsonb('speakers').$type<Speaker[]>().notNull().default([]),
		images: jsonb('images').$type<ResponsiveImage[]>().notNull().default([]),
		/** Title, summary, category, venue and speakers in one text, for the list's search. */
		searchText: text('search_text').notNull(),
		isPublished: boolean('is_published').notNull().default(true),
		/** Set when the branch cancels the event: it stays listed, marked cancelled, closed to registration. */
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		/** Whether attending counts as structured CPE (a seminar) or unstructured (a talk, a visit). */
		cpeKind: text('cpe_kind').$type<CpeKind>().notNull().default('structured'),
		/** Moves on with every office edit, so a save from a stale form is refused (app/api/office/versioned.ts). */
		version: integer('version').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('events_starts_at_idx').on(table.startsAt),
		index('events_ends_at_idx').on(table.endsAt),
		check('events_ends_after_start', sql`${table.endsAt} >= ${table.startsAt}`),
		check('events_fee_not_negative', sql`${table.feePaise} >= 0`),
		check(
			'events_other_fees_not_negative',
			sql`coalesce(${table.studentFeePaise}, 0) >= 0 and coalesce(${table.earlyBirdFeePaise}, 0) >= 0 and coalesce(${table.earlyBirdStudentFeePaise}, 0) >= 0`,
		),
		check('events_cpe_not_negative', sql`${table.cpeHours} >= 0`),
		check('events_seat_limit_positive', sql`${table.seatLimit} is null or ${table.seatLimit} > 0`),
	],
)
