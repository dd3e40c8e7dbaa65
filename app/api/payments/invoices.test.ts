// Invoice numbers under concurrent payments: no gap, no duplicate, one series per financial year,
// and a rolled-back payment gives its number to the next. On PostgreSQL (TEST_DATABASE_URL) the
// transactions run on separate connections of the pool at once and queue on the counter's row lock;
// on PGlite (one connection) they queue in the client, which must give the same numbers.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from '../db/client'
import { invoiceCounters } from '../db/schema'
import { financialYearOf, formatInvoiceNumber, takeInvoiceNumber } from './invoices'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database.close())

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
class RolledBack extends Error {}

/**
 * Settles payments at once, each in its own transaction that holds the number a few milliseconds
 * (as a real settlement writes the payment row); those marked `fail` throw after taking one.
 */
async function settleConcurrently(payments: { at: Date; fail: boolean }[]) {
	let open = 0
	let mostOpen = 0
	const outcomes = await Promise.allSettled(
		payments.map(({ at, fail }) =>
			database.db.transaction(async (tx) => {
				mostOpen = Math.max(mostOpen, ++open)
				try {
					const taken = await takeInvoiceNumber(tx, at, 'TST')
					await pause(3)
					if (fail) throw new RolledBack()
					return taken
				} finally {
					open -= 1
				}
			}),
		),
	)
	for (const outcome of outcomes) {
		if (outcome.status === 'rejected' && !(outcome.reason instanceof RolledBack)) throw outcome.reason
	}
	const committed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
	return { committed, mostOpen }
}

const sequencesOf = (taken: { invoiceFinancialYear: string; invoiceSequence: number }[], year: string) =>
	taken.filter((t) => t.invoiceFinancialYear === year).map((t) => t.invoiceSequence)
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('takeInvoiceNumber', () => {
	test('forty payments at once, across two financial years, some rolled back: each year runs 1, 2, 3... with no gap or duplicate', async () => {
		const lastYear = new Date('2031-03-31T12:00:00Z')
		const thisYear = new Date('2031-04-01T12:00:00Z')
		const payments = Array.from({ length: 40 }, (_, i) => ({ at: i % 3 === 0 ? lastYear : thisYear, fail: i % 7 === 3 }))
		const { committed, mostOpen } = await settleConcurrently(payments)

		const expected = {
			'2030-31': payments.filter((p) => p.at === lastYear && !p.fail).length,
			'2031-32': payments.filter((p) => p.at === thisYear && !p.fail).length,
		}
		for (const [year, count] of Object.entries(expected)) {
			expect(sequencesOf(committed, year).sort((a, b) => a - b)).toEqual(oneToN(count))
		}
		expect(new Set(committed.map((t) => t.invoiceNumber)).size).toBe(committed.length)
		expect(committed.find((t) => t.invoiceFinancialYear === '2031-32' && t.invoiceSequence === 1)?.invoiceNumber).toBe('TST/31-32/00001')
		// The counters hold the last number given; a rolled-back number was given again, never skipped.
		const counters = await database.db.select().from(invoiceCounters)
		expect(Object.fromEntries(counters.map((c) => [c.financialYear, c.lastSequence]))).toMatchObject(expected)
		// On PostgreSQL the transactions really overlapped (several open at once, waiting on the row lock).
		if (database.kind === 'postgres') expect(mostOpen).toBeGreaterThan(1)
	})

	test('a rolled-back payment leaves no gap: the next payment gets its number', async () => {
		const at = new Date('2040-06-01T06:00:00Z')
		const first = await database.db.transaction((tx) => takeInvoiceNumber(tx, at, 'TST'))
		await expect(
			database.db.transaction(async (tx) => {
				await takeInvoiceNumber(tx, at, 'TST')
				throw new RolledBack()
			}),
		).rejects.toBeInstanceOf(RolledBack)
		const next = await database.db.transaction((tx) => takeInvoiceNumber(tx, at, 'TST'))
		expect([first.invoiceSequence, next.invoiceSequence]).toEqual([1, 2])
		expect(next.invoiceNumber).toBe('TST/40-41/00002')
	})
})

describe('financialYearOf', () => {
	test('turns at midnight India time between 31 March and 1 April', () => {
		expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27')
		expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28')
		// Still 31 March in UTC, already 1 April in India.
		expect(financialYearOf(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28')
		// The century turns within a year: 2099-00, then 2100-01.
		expect(financialYearOf(new Date('2099-12-31T20:00:00Z'))).toBe('2099-00')
		expect(financialYearOf(new Date('2100-03-31T19:00:00Z'))).toBe('2100-01')
	})

	test('agrees with the calendar date in Asia/Kolkata for any moment', () => {
		const indiaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
		fc.assert(
			fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2098-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
				const [year, month] = indiaDate.format(at).split('-').map(Number) as [number, number]
				const start = month >= 4 ? year : year - 1
				expect(financialYearOf(at)).toBe(`${start}-${String((start + 1) % 100).padStart(2, '0')}`)
			}),
		)
	})

	test('numbers fit the 16 characters a GST invoice number may have', () => {
		expect(formatInvoiceNumber('SRB', '2026-27', 42)).toBe('SRB/26-27/00042')
		expect(formatInvoiceNumber('ABCD', '2026-27', 99_999).length).toBeLessThanOrEqual(16)
	})
})
