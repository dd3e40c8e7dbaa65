// The demo payments: what the payments page and its end-to-end test need (paid fees with invoices
// and an offline one waiting, a student's paid fee), amounts that add up, numbers without gaps.
import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '../../../tests/setup/database'
import type { DatabaseHandle } from './client'
import { accounts, invoiceCounters, payments } from './schema'
import { seedDemoContent } from './seed'
import { DEMO_MEMBER, DEMO_STUDENT, seedAccounts } from './seed-accounts'
import { seedEvents } from './seed-events'
import { seedPaymentsDemo } from './seed-payments-demo'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
})
afterAll(() => database.close())

test('the demo member has paid fees with invoices and one waiting at the office; the demo student a paid fee', async () => {
	const people = await database.db.select().from(accounts).where(inArray(accounts.number, [DEMO_MEMBER.number, DEMO_STUDENT.number]))
	const rowsOf = (userType: 'M' | 'S') => database.db.select().from(payments).where(eq(payments.accountId, people.find((a) => a.userType === userType)!.id))
	const member = await rowsOf('M')
	expect(member.some((row) => row.status === 'paid' && row.invoiceNumber && row.buyerGstin === '27AAPFK0939F1ZV')).toBe(true)
	expect(member.some((row) => row.status === 'pending' && row.provider === 'offline' && !row.invoiceNumber)).toBe(true)
	expect((await rowsOf('S')).filter((row) => row.status === 'paid' && row.invoiceNumber)).toHaveLength(1)

	const all = await database.db.select().from(payments)
	for (const row of all) {
		expect(row.totalPaise).toBe(row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise)
		expect(row.invoiceNumber !== null).toBe(row.status === 'paid' || row.status === 'refunded')
		expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
	}
	// Each financial year's numbers run 1, 2, 3... with no gap, as the counters say.
	for (const { financialYear, lastSequence } of await database.db.select().from(invoiceCounters)) {
		const sequences = all.filter((row) => row.invoiceFinancialYear === financialYear).map((row) => row.invoiceSequence!)
		expect(sequences.sort((a, b) => a - b)).toEqual(Array.from({ length: lastSequence }, (_, i) => i + 1))
	}
})

test('on its own it shows the member every status, invoices numbered in the order paid', async () => {
	// Only the accounts and events under it, whatever other demo payments the full seed adds.
	const alone = await createTestDatabase()
	try {
		await seedAccounts(alone.db)
		await seedEvents(alone.db)
		await seedPaymentsDemo(alone.db)
		const [member] = await alone.db.select().from(accounts).where(eq(accounts.number, DEMO_MEMBER.number))
		const memberRows = await alone.db.select().from(payments).where(eq(payments.accountId, member!.id))
		expect(new Set(memberRows.map((row) => row.status))).toEqual(new Set(['paid', 'pending', 'failed', 'refunded']))
		// Within each financial year, the order of the numbers is the order of the payments.
		const invoiced = (await alone.db.select().from(payments).orderBy(asc(payments.paidAt))).filter((row) => row.invoiceNumber)
		expect(invoiced).toHaveLength(4)
		for (const year of new Set(invoiced.map((row) => row.invoiceFinancialYear))) {
			const inYear = invoiced.filter((row) => row.invoiceFinancialYear === year)
			expect(inYear.map((row) => row.invoiceSequence)).toEqual(inYear.map((_, i) => i + 1))
		}
	} finally {
		await alone.close()
	}
})

test('runs once: a second run adds nothing', async () => {
	const before = await database.db.select().from(payments)
	await seedPaymentsDemo(database.db)
	expect(await database.db.select().from(payments)).toHaveLength(before.length)
})
