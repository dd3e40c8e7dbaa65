// CPE hours per member over a calendar year or a three-year block, by the ledger's own rules:
// hours from attended registrations, confirmed or kept at a refund (dated by the event's day in
// India, of the kind the event counts as), unstructured hours as recorded. Sums in tenths of an hour, like the ledger.
import { and, asc, eq, sql } from 'drizzle-orm'
import { USER_TYPES } from '~/contract/constants'
import { toCsv, type CsvColumn } from '~/contract/csv'
import type { CpeHoursReport, CpeHoursRow } from '~/contract/office/reports'
import { BLOCK_YEARS, blockStartOf, indiaDay } from '../../cpe/ledger'
import { creditsHours } from '../../cpe/service'
import type { CpeRequirements } from '../../branch-settings'
import type { Database } from '../../db/client'
import { accounts, cpeEntries, eventRegistrations, events } from '../../db/schema'

const tenths = (value: unknown) => Math.round(Number(value ?? 0) * 10)

export async function cpeHoursReport(
	db: Database,
	filter: { nYear?: number; nBlockStart?: number },
	requirements: CpeRequirements,
	now = new Date(),
): Promise<CpeHoursReport> {
	const thisYear = Number(indiaDay(now).slice(0, 4))
	const block = filter.nBlockStart !== undefined ? blockStartOf(filter.nBlockStart, requirements.firstBlockYear) : undefined
	const [fromYear, toYear] = block !== undefined ? [block, block + BLOCK_YEARS - 1] : [filter.nYear ?? thisYear, filter.nYear ?? thisYear]
	const [required, requiredStructured] =
		block !== undefined ? [requirements.blockHours, requirements.blockStructuredHours] : [requirements.yearHours, requirements.yearStructuredHours]
	const eventYear = sql`extract(year from ${events.startsAt} at time zone 'Asia/Kolkata')`
	const entryYear = sql`extract(year from ${cpeEntries.activityDate})`
	const structured = db
		.select({
			accountId: eventRegistrations.accountId,
			hours: sql<string>`sum(${events.cpeHours}) filter (where ${events.cpeKind} = 'structured')`.as('structured_hours'),
			otherHours: sql<string>`sum(${events.cpeHours}) filter (where ${events.cpeKind} <> 'structured')`.as('event_unstructured_hours'),
		})
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(and(creditsHours, sql`${eventYear} between ${fromYear} and ${toYear}`))
		.groupBy(eventRegistrations.accountId)
		.as('structured')
	const unstructured = db
		.select({ accountId: cpeEntries.accountId, hours: sql<string>`sum(${cpeEntries.hours})`.as('unstructured_hours') })
		.from(cpeEntries)
		.where(sql`${entryYear} between ${fromYear} and ${toYear}`)
		.groupBy(cpeEntries.accountId)
		.as('unstructured')
	const rows = await db
		.select({ account: accounts, structured: structured.hours, eventUnstructured: structured.otherHours, unstructured: unstructured.hours })
		.from(accounts)
		.leftJoin(structured, eq(structured.accountId, accounts.id))
		.leftJoin(unstructured, eq(unstructured.accountId, accounts.id))
		.where(and(eq(accounts.userType, USER_TYPES.member), sql`${accounts.releasedNumber} is null`))
		.orderBy(asc(accounts.fullName), asc(accounts.id))
	const members = rows.map(({ account, structured: s, eventUnstructured: e, unstructured: u }): CpeHoursRow => {
		const [st, un] = [tenths(s), tenths(u) + tenths(e)]
		return {
			iAccountId: account.id,
			sFullName: account.fullName,
			sMembershipNumber: account.number,
			sEmail: account.email,
			nStructuredHours: st / 10,
			nUnstructuredHours: un / 10,
			nTotalHours: (st + un) / 10,
			nHoursNeeded: Math.max(0, required * 10 - st - un) / 10,
			nStructuredHoursNeeded: Math.max(0, requiredStructured * 10 - st) / 10,
		}
	})
	members.sort((a, b) => a.nTotalHours - b.nTotalHours)
	return { nFromYear: fromYear, nToYear: toYear, nRequiredHours: required, nRequiredStructuredHours: requiredStructured, aMembers: members }
}

const CPE_COLUMNS: CsvColumn<CpeHoursRow>[] = [
	{ header: 'Name', value: (row) => row.sFullName },
	{ header: 'Membership number', value: (row) => row.sMembershipNumber },
	{ header: 'E-mail', value: (row) => row.sEmail },
	{ header: 'Structured hours', value: (row) => row.nStructuredHours },
	{ header: 'Unstructured hours', value: (row) => row.nUnstructuredHours },
	{ header: 'Total hours', value: (row) => row.nTotalHours },
	{ header: 'Hours still needed', value: (row) => row.nHoursNeeded },
	{ header: 'Structured hours still needed', value: (row) => row.nStructuredHoursNeeded },
]

export const cpeHoursCsv = (report: CpeHoursReport) => toCsv(CPE_COLUMNS, report.aMembers)
