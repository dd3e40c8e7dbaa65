// Reads events for the API's answers: the filtered, paged list and one event's details.
import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm'
import type { EventFees } from '~/contract/event-fees'
import type { EventDetails, EventListQuery, EventPage, EventSummary } from '~/contract/events'
import type { ResponsiveImage } from '~/contract/images'
import type { Database } from '../db/client'
import { events } from '../db/schema'

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000

/** The instants a calendar month (YYYY-MM) starts and ends in India. */
export function monthRange(month: string) {
	const [year, monthNumber] = month.split('-').map(Number) as [number, number]
	return {
		from: new Date(Date.UTC(year, monthNumber - 1, 1) - IST_OFFSET_MS),
		to: new Date(Date.UTC(year, monthNumber, 1) - IST_OFFSET_MS),
	}
}

/** Text as a LIKE pattern that matches it literally: %, _ and \ lose their special meaning. */
export function containsPattern(text: string) {
	return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/** What the search looks through; kept in events.search_text when an event is written. */
export function eventSearchText(event: Pick<typeof events.$inferInsert, 'title' | 'summary' | 'category' | 'venueName' | 'city' | 'speakers'>) {
	return [event.title, event.summary, event.category, event.venueName, event.city, ...(event.speakers ?? []).map((s) => s.sFullName)].join('\n')
}

const summaryColumns = {
	id: events.id,
	title: events.title,
	summary: events.summary,
	category: events.category,
	startsAt: events.startsAt,
	endsAt: events.endsAt,
	venueName: events.venueName,
	city: events.city,
	cpeHours: events.cpeHours,
	feePaise: events.feePaise,
	studentFeePaise: events.studentFeePaise,
	earlyBirdFeePaise: events.earlyBirdFeePaise,
	earlyBirdStudentFeePaise: events.earlyBirdStudentFeePaise,
	earlyBirdUntil: events.earlyBirdUntil,
	cancelledAt: events.cancelledAt,
	// Only the cover picture travels with a list item.
	cover: sql<ResponsiveImage | null>`${events.images} -> 0`,
}

type FeeRow = Pick<typeof events.$inferSelect, 'feePaise' | 'studentFeePaise' | 'earlyBirdFeePaise' | 'earlyBirdStudentFeePaise' | 'earlyBirdUntil'>
type SummaryRow = Pick<
	typeof events.$inferSelect,
	'id' | 'title' | 'summary' | 'category' | 'startsAt' | 'endsAt' | 'venueName' | 'city' | 'cpeHours' | 'cancelledAt'
> &
	FeeRow & { cover: ResponsiveImage | null }

/** An event's fees in the contract's names (app/contract/event-fees.ts). */
export const feesOf = (row: FeeRow): Required<EventFees> => ({
	nFeePaise: row.feePaise,
	nStudentFeePaise: row.studentFeePaise,
	nEarlyBirdFeePaise: row.earlyBirdFeePaise,
	nEarlyBirdStudentFeePaise: row.earlyBirdStudentFeePaise,
	dEarlyBirdUntil: row.earlyBirdUntil,
})

function toSummary(row: SummaryRow): EventSummary {
	return {
		iEventId: row.id,
		sTitle: row.title,
		sSummary: row.summary,
		sCategory: row.category,
		dStartDate: row.startsAt.toISOString(),
		dEndDate: row.endsAt.toISOString(),
		sVenueName: row.venueName,
		sCity: row.city,
		nCpeHours: row.cpeHours,
		...feesOf(row),
		oImage: row.cover ?? null,
		...(row.cancelledAt ? { bIsCancelled: true } : {}),
	}
}

/** A page of published events. An event counts as upcoming until it has ended. */
export async function listEvents(db: Database, query: EventListQuery, now = new Date()): Promise<EventPage> {
	const conditions: SQL[] = [eq(events.isPublished, true)]
	if (query.sWhen === 'upcoming') conditions.push(gte(events.endsAt, now))
	if (query.sWhen === 'past') conditions.push(lt(events.endsAt, now))
	if (query.sMonth) {
		const { from, to } = monthRange(query.sMonth)
		conditions.push(gte(events.startsAt, from), lt(events.startsAt, to))
	}
	if (query.sSearch) conditions.push(ilike(events.searchText, containsPattern(query.sSearch)))
	const where = and(...conditions)
	const order = query.sSortOrder === 'asc' ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)]
	const [rows, [total]] = await Promise.all([
		db
			.select(summaryColumns)
			.from(events)
			.where(where)
			.orderBy(...order)
			.limit(query.nLimit)
			.offset((query.nPage - 1) * query.nLimit),
		db.select({ n: count() }).from(events).where(where),
	])
	return { aItems: rows.map(toSummary), nTotal: total?.n ?? 0, nPage: query.nPage, nLimit: query.nLimit }
}

export async function findEvent(db: Database, eventId: number): Promise<EventDetails | null> {
	const [row] = await db
		.select()
		.from(events)
		.where(and(eq(events.id, eventId), eq(events.isPublished, true)))
		.limit(1)
	if (!row) return null
	return {
		...toSummary({ ...row, cover: row.images[0] ?? null }),
		aParagraphs: row.description,
		sVenueAddress: row.venueAddress,
		sMapUrl: row.mapUrl,
		aSpeakers: row.speakers,
		aImages: row.images,
		nSeatLimit: row.seatLimit,
		dRegistrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
		dUpdatedAt: row.updatedAt.toISOString(),
	}
}
