// Check-in at the door: a ticket code (checked by its signature, no lookup needed to refuse a forged
// one) or a membership or registration number finds the registration, and attendance is marked
// through the one path of every mark (setAttendance), which credits the event's CPE hours. The same
// ticket twice answers "already", so a queue of offline scans can be sent again safely.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { formatIndiaClock } from '~/utils/kolkata-date'
import { checkInText, type CheckInOutcome } from '~/contract/check-in'
import type { CheckInDesk, CheckInForm, CheckInResult } from '~/contract/office/registrations'
import { OFFICE_REGISTRATION_MESSAGES } from '~/contract/office/registrations'
import { parseTicketCode } from '~/contract/ticket-code'
import { setAttendance } from '../../cpe/service'
import type { Database } from '../../db/client'
import { accounts, eventRegistrations, events } from '../../db/schema'
import { ApiError } from '../../http'
import { eventTicketKey, readTicketCode } from '../../tickets/ticket-code'

async function findEvent(db: Database, eventId: number) {
	const [event] = await db
		.select({ id: events.id, title: events.title, startsAt: events.startsAt, endsAt: events.endsAt })
		.from(events)
		.where(eq(events.id, eventId))
		.limit(1)
	if (!event) throw new ApiError(404, OFFICE_REGISTRATION_MESSAGES.eventNotFound)
	return event
}

async function doorCounts(db: Database, eventId: number) {
	const [counts] = await db
		.select({
			nExpected: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed')::int`,
			nPresent: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed' and ${eventRegistrations.attendedAt} is not null)::int`,
		})
		.from(eventRegistrations)
		.where(eq(eventRegistrations.eventId, eventId))
	return counts!
}

const personColumns = {
	id: eventRegistrations.id,
	status: eventRegistrations.status,
	attendedAt: eventRegistrations.attendedAt,
	fullName: accounts.fullName,
	number: accounts.number,
}

/** The registration a code names: by its ticket, else the person's latest for the event (a live one before a cancelled one). */
async function findRegistration(db: Database, eventId: number, registrationId: number | null, number: string) {
	const [row] = await db
		.select(personColumns)
		.from(eventRegistrations)
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(
			and(
				eq(eventRegistrations.eventId, eventId),
				registrationId === null ? sql`upper(${accounts.number}) = ${number}` : eq(eventRegistrations.id, registrationId),
			),
		)
		.orderBy(sql`${eventRegistrations.status} = 'cancelled'`, desc(eventRegistrations.id))
		.limit(1)
	return row
}

export async function checkIn(db: Database, staffId: number, secret: string, eventId: number, form: CheckInForm, now = new Date()): Promise<CheckInResult> {
	await findEvent(db, eventId)
	const answer = async (
		outcome: CheckInOutcome,
		person?: { id: number; fullName: string; number: string; attendedAt: Date | null },
	): Promise<CheckInResult> => {
		const attendedAt = person?.attendedAt?.toISOString() ?? null
		return {
			sOutcome: outcome,
			sText: checkInText(outcome, { name: person?.fullName ?? null, number: person?.number ?? null, attendedAt: attendedAt && formatIndiaClock(attendedAt) }),
			iRegistrationId: person?.id ?? null,
			sFullName: person?.fullName ?? null,
			sNumber: person?.number ?? null,
			dAttendedAt: attendedAt,
			...(await doorCounts(db, eventId)),
		}
	}
	let registrationId: number | null = null
	if (parseTicketCode(form.sCode)) {
		const ticket = readTicketCode(secret, form.sCode)
		if (!ticket) return answer('invalid')
		if (ticket.eventId !== eventId) return answer('other-event')
		registrationId = ticket.registrationId
	}
	const person = await findRegistration(db, eventId, registrationId, form.sCode)
	if (!person) return answer('not-registered')
	if (person.status === 'cancelled') return answer('cancelled', person)
	if (person.status !== 'confirmed') return answer('unpaid', person)
	if (person.attendedAt) return answer('already', person)
	// A scan queued offline counts from when it was made (never later than now).
	const scannedAt = form.dScannedAt ? new Date(Math.min(new Date(form.dScannedAt).getTime(), now.getTime())) : now
	const result = await setAttendance(db, staffId, { iEventId: eventId, aRegistrationIds: [person.id] }, true, scannedAt)
	if (result.aChanged.length === 0) return answer('already', (await findRegistration(db, eventId, person.id, ''))!)
	return answer('checked-in', { ...person, attendedAt: scannedAt })
}

/** The door's page: the event, its ticket key (for checking signatures offline) and who is expected. */
export async function checkInDesk(db: Database, secret: string, eventId: number): Promise<CheckInDesk> {
	const event = await findEvent(db, eventId)
	const roster = await db
		.select(personColumns)
		.from(eventRegistrations)
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(eq(eventRegistrations.eventId, eventId))
		.orderBy(asc(eventRegistrations.id))
	return {
		oEvent: { iEventId: event.id, sTitle: event.title, dStartDate: event.startsAt.toISOString(), dEndDate: event.endsAt.toISOString() },
		sEventKey: eventTicketKey(secret, eventId).toString('base64url'),
		aRoster: roster.map((row) => ({
			iRegistrationId: row.id,
			sFullName: row.fullName,
			sNumber: row.number,
			sStatus: row.status,
			dAttendedAt: row.attendedAt?.toISOString() ?? null,
		})),
		...(await doorCounts(db, eventId)),
	}
}
