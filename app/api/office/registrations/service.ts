// One event's registrations for the office: who, their number, status and payment, in registration
// order; and attendance by the number a person gives at the desk.
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { toCsv, type CsvColumn } from '~/contract/csv'
import {
	OFFICE_REGISTRATION_MESSAGES,
	type EventRegistration,
	type EventRegistrationList,
	type eventRegistrationsQuerySchema,
} from '~/contract/office/registrations'
import { registrationCreditsHours, setAttendance } from '../../cpe/service'
import type { Database } from '../../db/client'
import { accounts, eventRegistrations, events, payments } from '../../db/schema'
import { containsPattern } from '../../events/service'
import { ApiError } from '../../http'
import { formatIndiaMoment } from '~/utils/kolkata-date'

type Filter = z.output<typeof eventRegistrationsQuerySchema>['oFilter']

/** The newest payment of each registration (a failed first try is followed by a new one). */
const latestPayment = sql`(select ${payments.id} from ${payments} where ${payments.registrationId} = ${eventRegistrations.id} order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`

async function findEvent(db: Database, eventId: number) {
	const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1)
	if (!event) throw new ApiError(404, OFFICE_REGISTRATION_MESSAGES.eventNotFound)
	return event
}

const registrationColumns = {
	registration: eventRegistrations,
	account: accounts,
	paymentId: payments.id,
	paymentStatus: payments.status,
	cpeHours: events.cpeHours,
}
type RegistrationRow = {
	registration: typeof eventRegistrations.$inferSelect
	account: typeof accounts.$inferSelect
	paymentId: number | null
	paymentStatus: EventRegistration['sPaymentStatus']
	cpeHours: number
}

const toRegistration = ({ registration, account, paymentId, paymentStatus, cpeHours }: RegistrationRow): EventRegistration => ({
	iRegistrationId: registration.id,
	iAccountId: account.id,
	sFullName: account.fullName,
	sUserType: account.userType,
	sNumber: account.number,
	sEmail: account.email,
	sMobileNumber: account.mobileNumber,
	sStatus: registration.status,
	sPaymentStatus: paymentStatus,
	iPaymentId: paymentId,
	dRegisteredAt: registration.createdAt.toISOString(),
	dAttendedAt: registration.attendedAt?.toISOString() ?? null,
	nCpeHoursCredited: registrationCreditsHours(registration) ? cpeHours : 0,
})

/** One person's registrations, newest event first, with each event's title, start and CPE hours. */
export async function listEventRegistrationsOf(db: Database, accountId: number) {
	const rows = await db
		.select({ ...registrationColumns, eventId: events.id, eventTitle: events.title, eventStartsAt: events.startsAt })
		.from(eventRegistrations)
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(payments, eq(payments.id, latestPayment))
		.where(eq(eventRegistrations.accountId, accountId))
		.orderBy(desc(events.startsAt), desc(eventRegistrations.id))
	return rows.map((row) => ({ ...toRegistration(row), iEventId: row.eventId, sEventTitle: row.eventTitle, dEventStartDate: row.eventStartsAt.toISOString() }))
}

export async function listEventRegistrations(db: Database, eventId: number, filter: Filter): Promise<EventRegistrationList> {
	const event = await findEvent(db, eventId)
	const conditions: SQL[] = [eq(eventRegistrations.eventId, eventId)]
	if (filter.sStatus) conditions.push(eq(eventRegistrations.status, filter.sStatus))
	if (filter.sSearch) {
		const pattern = containsPattern(filter.sSearch)
		conditions.push(or(ilike(accounts.fullName, pattern), ilike(accounts.number, pattern), ilike(accounts.email, pattern))!)
	}
	const [rows, counts] = await Promise.all([
		db
			.select(registrationColumns)
			.from(eventRegistrations)
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
			.leftJoin(payments, eq(payments.id, latestPayment))
			.where(and(...conditions))
			.orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.id)),
		db
			.select({
				nConfirmed: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed')::int`,
				nPending: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'pending')::int`,
				nCancelled: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'cancelled')::int`,
				nAttended: sql<number>`count(*) filter (where ${eventRegistrations.attendedAt} is not null)::int`,
			})
			.from(eventRegistrations)
			.where(eq(eventRegistrations.eventId, eventId)),
	])
	return {
		oEvent: { iEventId: event.id, sTitle: event.title, dStartDate: event.startsAt.toISOString(), nCpeHours: event.cpeHours, nSeatLimit: event.seatLimit },
		aRegistrations: rows.map(toRegistration),
		oCounts: counts[0]!,
	}
}

const inIndia = (iso: string | null) => (iso ? formatIndiaMoment(iso) : '')

const REGISTRATION_COLUMNS: CsvColumn<EventRegistration>[] = [
	{ header: 'Registration id', value: (row) => row.iRegistrationId },
	{ header: 'Name', value: (row) => row.sFullName },
	{ header: 'Member or student', value: (row) => (row.sUserType === 'M' ? 'Member' : 'Student') },
	{ header: 'Membership or registration number', value: (row) => row.sNumber },
	{ header: 'E-mail', value: (row) => row.sEmail },
	{ header: 'Mobile', value: (row) => row.sMobileNumber },
	{ header: 'Status', value: (row) => row.sStatus },
	{ header: 'Payment', value: (row) => row.sPaymentStatus ?? 'free' },
	{ header: 'Registered at (IST)', value: (row) => inIndia(row.dRegisteredAt) },
	{ header: 'Attended at (IST)', value: (row) => inIndia(row.dAttendedAt) },
	{ header: 'CPE hours credited', value: (row) => row.nCpeHoursCredited },
]

export const registrationsCsv = (list: EventRegistrationList) => toCsv(REGISTRATION_COLUMNS, list.aRegistrations)

/** Marks present the live registration of the person with this number, through the CPE area's rules. */
export async function markAttendanceAtDesk(db: Database, staffId: number, eventId: number, number: string, now = new Date()) {
	await findEvent(db, eventId)
	const [registration] = await db
		.select({ id: eventRegistrations.id, status: eventRegistrations.status, fullName: accounts.fullName })
		.from(eventRegistrations)
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(and(eq(eventRegistrations.eventId, eventId), sql`upper(${accounts.number}) = ${number}`, sql`${eventRegistrations.status} <> 'cancelled'`))
		.limit(1)
	if (!registration) throw new ApiError(400, 'Please correct the highlighted fields.', { sNumber: [OFFICE_REGISTRATION_MESSAGES.deskNoMatch] })
	if (registration.status !== 'confirmed')
		throw new ApiError(400, 'Please correct the highlighted fields.', { sNumber: [OFFICE_REGISTRATION_MESSAGES.deskNotConfirmed] })
	const result = await setAttendance(db, staffId, { iEventId: eventId, aRegistrationIds: [registration.id] }, true, now)
	return { iRegistrationId: registration.id, sFullName: registration.fullName, bChanged: result.aChanged.length === 1 }
}
