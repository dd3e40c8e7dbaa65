// The office dashboard's figures (contract: app/contract/office/dashboard.ts), in a handful of
// aggregate queries so the first office page stays quick.
import { and, asc, count, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { OfficeDashboard } from '~/contract/office/dashboard'
import type { Database } from '../../db/client'
import { WRONG_CODE_RULES } from '~/contract/office/two-factor'
import { accounts, eventRegistrations, events, newsletterSubscriptions, payments, staffUsers } from '../../db/schema'
import type { ApiDeps } from '../../env'

const UPCOMING_EVENTS = 5
const WEEK_MS = 7 * 24 * 60 * 60 * 1000
/** A nightly backup missed once is a warning the next morning; a day and a half allows a slow night. */
export const BACKUP_OVERDUE_MS = 36 * 60 * 60 * 1000

type BackupStatus = Awaited<ReturnType<NonNullable<ApiDeps['backups']>>>

export function backupSummary({ lastGoodAt, nightly }: BackupStatus, now: Date): NonNullable<OfficeDashboard['oBackups']> {
	const overdue = nightly && (!lastGoodAt || now.getTime() - lastGoodAt.getTime() > BACKUP_OVERDUE_MS)
	return { dLastGood: lastGoodAt?.toISOString() ?? null, bNightly: nightly, bOverdue: overdue }
}

export async function officeDashboard(db: Database, now = new Date()): Promise<OfficeDashboard> {
	const weekAgo = new Date(now.getTime() - WEEK_MS)
	// Pending registrations hold their seat while the payment is under way, as registration counts them.
	const taken = db
		.select({ eventId: eventRegistrations.eventId, seats: count().as('seats') })
		.from(eventRegistrations)
		.where(inArray(eventRegistrations.status, ['pending', 'confirmed']))
		.groupBy(eventRegistrations.eventId)
		.as('taken')
	const [upcoming, [waiting], [registrations], [subscribers], [disabled], uncaptured] = await Promise.all([
		db
			.select({
				id: events.id,
				title: events.title,
				startsAt: events.startsAt,
				seatLimit: events.seatLimit,
				taken: sql<number>`coalesce(${taken.seats}, 0)::int`,
			})
			.from(events)
			.leftJoin(taken, eq(taken.eventId, events.id))
			.where(gte(events.endsAt, now))
			.orderBy(asc(events.startsAt))
			.limit(UPCOMING_EVENTS),
		db
			.select({ n: count() })
			.from(payments)
			.where(and(eq(payments.provider, 'offline'), eq(payments.status, 'pending'))),
		db.select({ n: count() }).from(eventRegistrations).where(gte(eventRegistrations.createdAt, weekAgo)),
		// Confirmed in the week: an address nobody confirmed is not a subscriber.
		db.select({ n: count() }).from(newsletterSubscriptions).where(gte(newsletterSubscriptions.confirmedAt, weekAgo)),
		db.select({ n: count() }).from(accounts).where(isNotNull(accounts.disabledAt)),
		db
			.select({
				iPaymentId: payments.id,
				sReference: payments.providerReference,
				sInvoiceNumber: payments.invoiceNumber,
				sGatewayStatus: sql<string>`${payments.gatewayStatus}`,
			})
			.from(payments)
			.where(and(eq(payments.provider, 'razorpay'), eq(payments.status, 'paid'), ne(payments.gatewayStatus, 'captured')))
			.orderBy(asc(payments.id)),
	])
	return {
		aUpcomingEvents: upcoming.map((event) => ({
			iEventId: event.id,
			sTitle: event.title,
			dStartDate: event.startsAt.toISOString(),
			nSeatsTaken: event.taken,
			nSeatsLeft: event.seatLimit === null ? null : Math.max(0, event.seatLimit - event.taken),
			nSeatLimit: event.seatLimit,
		})),
		nPaymentsWaiting: waiting?.n ?? 0,
		nRegistrationsThisWeek: registrations?.n ?? 0,
		nNewSubscribersThisWeek: subscribers?.n ?? 0,
		nDisabledAccounts: disabled?.n ?? 0,
		aUncapturedPayments: uncaptured,
	}
}

/** Staff users whose right password met wrong codes (decision 0061), until an administrator clears it or sets a new password. */
export async function wrongCodeAlerts(db: Database): Promise<NonNullable<OfficeDashboard['aWrongCodeAlerts']>> {
	const rows = await db.select().from(staffUsers).where(isNotNull(staffUsers.codeAlertAt)).orderBy(asc(staffUsers.codeAlertAt))
	return rows.map((row) => ({
		iStaffId: row.id,
		sUsername: row.username,
		sFullName: row.fullName,
		dAlertAt: row.codeAlertAt!.toISOString(),
		nWrongCodes: row.codeFailures,
		bCodeLocked: row.codeFailures >= WRONG_CODE_RULES.lockAfter,
	}))
}
