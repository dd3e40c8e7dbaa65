// The demo payments: every status for the demo member, invoice numbers in the order the fees were
// paid, amounts that add up, and a receipt the API can draw for each invoiced one.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '../../../tests/setup/database'
import type { DatabaseHandle } from './client'
import { accounts, invoiceCounters, payments } from './schema'
import { seedDemoContent } from './seed'
import { DEMO_MEMBER } from './seed-accounts'
import { seedPaymentsDemo } from './seed-payments-demo'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
})
afterAll(() => database.close())

test('the demo member has a payment of every status; the invoiced ones are numbered in the order paid', async () => {
	const [member] = await database.db.select().from(accounts).where(eq(accounts.number, DEMO_MEMBER.number))
	const rows = await database.db.select().from(payments).where(eq(payments.accountId, member!.id)).orderBy(asc(payments.paidAt))
	expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['paid', 'pending', 'failed', 'refunded']))
	expect(rows.find((row) => row.status === 'pending')?.provider).toBe('offline')
	for (const row of rows) {
		expect(row.totalPaise).toBe(row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise)
		expect(row.invoiceNumber !== null).toBe(row.status === 'paid' || row.status === 'refunded')
		expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
	}
	expect(rows.filter((row) => row.invoiceNumber).every((row) => row.buyerGstin === '27AAPFK0939F1ZV')).toBe(true)

	// Across the demo (the student's payment included), each year's numbers run 1, 2, 3... by date.
	const invoiced = (await database.db.select().from(payments).orderBy(asc(payments.paidAt))).filter((row) => row.invoiceNumber)
	const counters = await database.db.select().from(invoiceCounters)
	for (const { financialYear, lastSequence } of counters) {
		const sequences = invoiced.filter((row) => row.invoiceFinancialYear === financialYear).map((row) => row.invoiceSequence)
		expect(sequences).toEqual(Array.from({ length: lastSequence }, (_, i) => i + 1))
	}
})

test('runs once: a second run adds nothing', async () => {
	const before = await database.db.select().from(payments)
	await seedPaymentsDemo(database.db)
	expect(await database.db.select().from(payments)).toHaveLength(before.length)
})
