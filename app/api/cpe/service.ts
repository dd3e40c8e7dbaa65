// CPE entries in the database: a member's structured hours (attended registrations of events) and
// unstructured hours (cpe_entries), recording and deleting them, and the office's attendance marks.
import { and, eq, inArray, isNotNull, isNull, or, sql, type Placeholder } from 'drizzle-orm'
import { CPE_MAX_HOURS_PER_DAY, CPE_MESSAGES, type AttendanceForm, type AttendanceResult, type CpeEntry, type CpeEntryForm } from '~/contract/cpe'
import type { Database } from '../db/client'
import { preparedPerDatabase } from '../db/prepared'
import { accounts, cpeEntries, eventRegistrations, events } from '../db/schema'
import { ApiError } from '../http'
import { indiaDay, toTenths } from './ledger'

const FIELD_ERRORS = 'Please correct the highlighted fields.'
/** The doors open an hour before the start: people checked in at the door are marked from then. */
export const DOORS_OPEN_MS = 60 * 60 * 1000
/** Advisory lock class for one account's CPE entries (the key's first half). */
const CPE_ENTRY_LOCK = 724012

/**
 * Registrations whose hours count: marked attended, and confirmed, or cancelled by a refund that
 * let them keep the hours (the office's choice when refunding an attended registration).
 */
export const creditsHours = and(
	isNotNull(eventRegistrations.attendedAt),
	or(eq(eventRegistrations.status, 'confirmed'), eq(eventRegistrations.cpeKeptAfterRefund, true)),
)!
/** The same rule for one registration read already. */
export const registrationCreditsHours = (registration: Pick<typeof eventRegistrations.$inferSelect, 'attendedAt' | 'status' | 'cpeKeptAfterRefund'>) =>
	registration.attendedAt !== null && (registration.status === 'confirmed' || registration.cpeKeptAfterRefund)

const attended = (accountId: number | Placeholder) => and(eq(eventRegistrations.accountId, accountId), creditsHours)

/**
 * A member's entries, both kinds in one query (every query is a round trip into the database,
 * however small): the columns one kind does not have are null. Every view of the CPE page runs it,
 * so it is built once per database (app/api/db/prepared.ts).
 */
const entriesOfAccount = preparedPerDatabase((db) => {
	const accountId = sql.placeholder('accountId')
	const structured = db
		.select({
			sKind: events.cpeKind,
			// Read as the column reads it; typed as nullable, because the other kind's rows have none.
			startsAt: sql`${events.startsAt}`.mapWith((value: string): Date | null => events.startsAt.mapFromDriverValue(value) as Date),
			activityDate: sql<string | null>`null`,
			sDescription: events.title,
			nHours: events.cpeHours,
			iRegistrationId: sql<number | null>`${eventRegistrations.id}`,
			iEventId: sql<number | null>`${events.id}`,
			iEntryId: sql<number | null>`null`,
		})
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(attended(accountId))
	const unstructured = db
		.select({
			sKind: sql<CpeEntry['sKind']>`'unstructured'`,
			startsAt: sql<Date | null>`null`,
			activityDate: sql<string | null>`${cpeEntries.activityDate}`,
			sDescription: cpeEntries.description,
			nHours: cpeEntries.hours,
			iRegistrationId: sql<number | null>`null`,
			iEventId: sql<number | null>`null`,
			iEntryId: sql<number | null>`${cpeEntries.id}`,
		})
		.from(cpeEntries)
		.where(eq(cpeEntries.accountId, accountId))
	return structured.unionAll(unstructured).prepare('cpe_entries_of_account')
})

export async function memberEntries(db: Database, accountId: number): Promise<CpeEntry[]> {
	const rows = await entriesOfAccount(db).execute({ accountId })
	return rows.map(({ sKind, startsAt, activityDate, sDescription, nHours, iRegistrationId, iEventId, iEntryId }): CpeEntry =>
		iEntryId === null
			? { sKind, dActivityDate: indiaDay(startsAt!), sDescription, nHours, iRegistrationId: iRegistrationId!, iEventId: iEventId! }
			: { sKind: 'unstructured', dActivityDate: activityDate!, sDescription, nHours, iEntryId },
	)
}

/** Records unstructured hours; a day holds at most CPE_MAX_HOURS_PER_DAY of them (checked under a per-account lock). */
export async function addEntry(db: Database, accountId: number, form: CpeEntryForm) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${CPE_ENTRY_LOCK}, ${accountId})`)
		const sameDay = await tx
			.select({ hours: cpeEntries.hours })
			.from(cpeEntries)
			.where(and(eq(cpeEntries.accountId, accountId), eq(cpeEntries.activityDate, form.dActivityDate)))
		const alreadyTenths = sameDay.reduce((sum, entry) => sum + toTenths(entry.hours), 0)
		if (alreadyTenths + toTenths(form.nHours) > CPE_MAX_HOURS_PER_DAY * 10) {
			throw new ApiError(400, FIELD_ERRORS, { nHours: [CPE_MESSAGES.dayFull(alreadyTenths / 10)] })
		}
		const [entry] = await tx
			.insert(cpeEntries)
			.values({ accountId, activityDate: form.dActivityDate, hours: form.nHours, description: form.sDescription })
			.returning({ id: cpeEntries.id })
		return entry!.id
	})
}

/** Deletes one of the member's own entries; another member's is as unknown as a missing one. */
export async function deleteEntry(db: Database, accountId: number, entryId: number) {
	const deleted = await db
		.delete(cpeEntries)
		.where(and(eq(cpeEntries.id, entryId), eq(cpeEntries.accountId, accountId)))
		.returning({ id: cpeEntries.id })
	if (deleted.length === 0) throw new ApiError(404, CPE_MESSAGES.entryNotFound)
}

/** What an attendance certificate shows, for an attended registration (the member's own, when `accountId` is given). */
export async function certificateFacts(db: Database, registrationId: number, accountId?: number) {
	const [row] = await db
		.select({
			registrationId: eventRegistrations.id,
			attendedAt: eventRegistrations.attendedAt,
			event: events,
			member: { fullName: accounts.fullName, number: accounts.number, email: accounts.email },
		})
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(
			and(
				eq(eventRegistrations.id, registrationId),
				eq(eventRegistrations.status, 'confirmed'),
				isNotNull(eventRegistrations.attendedAt),
				accountId === undefined ? undefined : eq(eventRegistrations.accountId, accountId),
			),
		)
		.limit(1)
	return row
}

/**
 * Marks (or takes back) attendance of some registrations of one event, all or none: every id must
 * be a registration of that event, confirmed when marking, and its doors must be open. The one path
 * of every mark: the list's ticks, the desk's number and the door's check-in all come here. Marks
 * already in place stay as they were (the first mark's time and staff user), so a repeat is harmless.
 */
export async function setAttendance(db: Database, staffId: number, form: AttendanceForm, mark: boolean, now = new Date()): Promise<AttendanceResult> {
	return db.transaction(async (tx) => {
		const [event] = await tx.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, form.iEventId)).limit(1)
		if (!event) throw new ApiError(404, 'No such event.')
		if (mark && event.startsAt.getTime() - DOORS_OPEN_MS > now.getTime())
			throw new ApiError(400, FIELD_ERRORS, { iEventId: ['Attendance can be marked from an hour before the event starts'] })
		const rows = await tx
			.select({ id: eventRegistrations.id, status: eventRegistrations.status, attendedAt: eventRegistrations.attendedAt })
			.from(eventRegistrations)
			.where(and(eq(eventRegistrations.eventId, form.iEventId), inArray(eventRegistrations.id, form.aRegistrationIds)))
			.for('update')
		const byId = new Map(rows.map((row) => [row.id, row]))
		const problems = form.aRegistrationIds.flatMap((id) => {
			const row = byId.get(id)
			if (!row) return [`Registration ${id} is not a registration for this event`]
			if (mark && row.status !== 'confirmed') return [`Registration ${id} is not confirmed (${row.status})`]
			return []
		})
		if (problems.length > 0) throw new ApiError(400, FIELD_ERRORS, { aRegistrationIds: problems })
		const changed = rows.filter((row) => (row.attendedAt === null) === mark).map((row) => row.id)
		if (changed.length > 0) {
			await tx
				.update(eventRegistrations)
				.set(mark ? { attendedAt: now, attendanceMarkedBy: staffId } : { attendedAt: null, attendanceMarkedBy: null })
				.where(and(inArray(eventRegistrations.id, changed), mark ? isNull(eventRegistrations.attendedAt) : isNotNull(eventRegistrations.attendedAt)))
		}
		const changedSet = new Set(changed)
		return { aChanged: changed.sort((a, b) => a - b), aUnchanged: form.aRegistrationIds.filter((id) => !changedSet.has(id)).sort((a, b) => a - b) }
	})
}
