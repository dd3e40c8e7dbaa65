// CPE hours per member for the office: the ledger's rules (attended and confirmed only, India
// dates, structured and unstructured apart), a year or a block, and the CSV.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { officeReportEndpoints } from '~/contract/office/reports'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { insertTestEvent } from '#tests/setup/registrations'
import { cpeEntries, eventRegistrations } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db, undefined, 'accounts')).token
})
afterAll(() => office.close())

const path = officeReportEndpoints.cpeHours.path

/** An attended registration of a `hours`-hour event starting at `startsAt`. */
async function attended(account: Awaited<ReturnType<typeof createTestAccount>>['account'], startsAt: Date, hours: number) {
	const event = await insertTestEvent(office.db, startsAt, { cpeHours: hours })
	const { registration } = await createTestPayment(office.db, account, { event, at: startsAt })
	await office.db.update(eventRegistrations).set({ attendedAt: startsAt }).where(eq(eventRegistrations.id, registration.id))
}

test('a year and a block, by the ledger’s rules, fewest hours first; the CSV has the same rows', async () => {
	const busy = (await createTestAccount(office.db, 'member', { fullName: 'Busy Member' })).account
	const idle = (await createTestAccount(office.db, 'member', { fullName: 'Idle Member' })).account
	await createTestAccount(office.db, 'student')
	// 31 December 2027 19:00 UTC is 1 January 2028 in India: it counts in 2028.
	await attended(busy, new Date(Date.UTC(2027, 11, 31, 19)), 4)
	await attended(busy, new Date(Date.UTC(2027, 5, 1, 5)), 3)
	await office.db.insert(cpeEntries).values([
		{ accountId: busy.id, activityDate: '2028-02-02', hours: 2.5, description: 'Reading' },
		{ accountId: idle.id, activityDate: '2027-02-02', hours: 1, description: 'Reading' },
	])
	// Registered but not attended: no hours.
	await createTestPayment(office.db, idle, { event: await insertTestEvent(office.db, new Date(Date.UTC(2028, 3, 1, 5)), { cpeHours: 6 }) })

	const year = (await office.call(path, { token, query: { oFilter: { nYear: 2028 } } })).body.data
	expect(year).toMatchObject({ nFromYear: 2028, nToYear: 2028, nRequiredHours: 20, nRequiredStructuredHours: 10 })
	const rowOf = (report: { aMembers: { iAccountId: number }[] }, id: number) => report.aMembers.find((row) => row.iAccountId === id)
	expect(rowOf(year, busy.id)).toMatchObject({ nStructuredHours: 4, nUnstructuredHours: 2.5, nTotalHours: 6.5, nHoursNeeded: 13.5, nStructuredHoursNeeded: 6 })
	expect(rowOf(year, idle.id)).toMatchObject({ nTotalHours: 0, nHoursNeeded: 20 })
	expect(year.aMembers.every((row: { sMembershipNumber: string }) => /^\d{6}$/.test(row.sMembershipNumber))).toBe(true)

	const block = (await office.call(path, { token, query: { oFilter: { nBlockStart: 2027 } } })).body.data
	expect(block).toMatchObject({ nFromYear: 2026, nToYear: 2028, nRequiredHours: 120 })
	expect(rowOf(block, busy.id)).toMatchObject({ nStructuredHours: 7, nUnstructuredHours: 2.5, nTotalHours: 9.5 })
	expect(rowOf(block, idle.id)).toMatchObject({ nTotalHours: 1 })
	const totals = block.aMembers.map((row: { nTotalHours: number }) => row.nTotalHours)
	expect(totals).toEqual([...totals].sort((a, b) => a - b))

	const csv = await office.file(path, { token, query: { oFilter: { nBlockStart: 2026 }, sFormat: 'csv' } })
	expect(csv.headers.get('content-disposition')).toContain('cpe-hours-2026-2028.csv')
	const lines = new TextDecoder('utf-8', { ignoreBOM: true })
		.decode(csv.bytes)
		.replace(/^\uFEFF/, '')
		.trimEnd()
		.split('\r\n')
	expect(lines[0]).toBe('Name,Membership number,E-mail,Structured hours,Unstructured hours,Total hours,Hours still needed,Structured hours still needed')
	expect(lines).toHaveLength(1 + block.aMembers.length)
	expect(lines).toContain(`Busy Member,${busy.number},${busy.email},7,2.5,9.5,110.5,53`)
})

test('a year and a block together, or a bad year, is a 400', async () => {
	expect((await office.call(path, { token, query: { oFilter: { nYear: 2028, nBlockStart: 2026 } } })).status).toBe(400)
	expect((await office.call(path, { token, query: { oFilter: { nYear: 'soon' } } })).status).toBe(400)
})
