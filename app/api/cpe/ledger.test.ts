// The ledger's arithmetic: sums in tenths, blocks and years, what is still needed.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { CpeEntry } from '~/contract/cpe'
import type { CpeRequirements } from '../branch-settings'
import { blockStartOf, buildLedger, entryDates, indiaDay } from './ledger'

const REQUIREMENTS: CpeRequirements = { yearHours: 20, yearStructuredHours: 10, blockHours: 120, blockStructuredHours: 60, firstBlockYear: 2026 }

const day = fc.record({ year: fc.integer({ min: 2015, max: 2035 }), month: fc.integer({ min: 1, max: 12 }), date: fc.integer({ min: 1, max: 28 }) })
const entry = fc.record({ when: day, tenths: fc.integer({ min: 1, max: 120 }), structured: fc.boolean() }).map(({ when, tenths, structured }): CpeEntry => ({
	sKind: structured ? 'structured' : 'unstructured',
	dActivityDate: `${when.year}-${String(when.month).padStart(2, '0')}-${String(when.date).padStart(2, '0')}`,
	nHours: tenths / 10,
	sDescription: 'Learning',
}))
const tenthsOf = (hours: number) => {
	expect(Number.isInteger(Math.round(hours * 10))).toBe(true)
	// One decimal exactly: printing it never shows float noise like 0.30000000000000004.
	expect(String(hours)).toMatch(/^\d+(\.\d)?$/)
	return Math.round(hours * 10)
}

describe('blocks', () => {
	test('every year falls in exactly one three-year block aligned to the first block year, before it too', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 2000, max: 2100 }), (year, first) => {
				const start = blockStartOf(year, first)
				expect(year - start).toBeGreaterThanOrEqual(0)
				expect(year - start).toBeLessThan(3)
				expect((((start - first) % 3) + 3) % 3).toBe(0)
			}),
		)
		expect([2023, 2025, 2026, 2028, 2029].map((year) => blockStartOf(year, 2026))).toEqual([2023, 2023, 2026, 2026, 2029])
	})

	test('entries may go back to the start of the previous block and up to today', () => {
		expect(entryDates(REQUIREMENTS, '2027-06-30')).toEqual({ dMinDate: '2023-01-01', dMaxDate: '2027-06-30' })
		expect(entryDates(REQUIREMENTS, '2029-01-01')).toEqual({ dMinDate: '2026-01-01', dMaxDate: '2029-01-01' })
	})

	test('the day of an instant is India’s', () => {
		expect(indiaDay(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01')
		expect(indiaDay(new Date('2026-12-31T18:29:00Z'))).toBe('2026-12-31')
	})
})

describe('the ledger', () => {
	test('the current block shows even with no hours, with everything still needed', () => {
		const ledger = buildLedger([], REQUIREMENTS, '2027-03-10')
		expect(ledger.aBlocks).toHaveLength(1)
		const [block] = ledger.aBlocks
		expect(block).toMatchObject({ nStartYear: 2026, nEndYear: 2028, bIsCurrent: true })
		expect(block!.aYears.map((year) => year.nYear)).toEqual([2027, 2026])
		expect(block!.oTotals).toEqual({
			nStructuredHours: 0,
			nUnstructuredHours: 0,
			nTotalHours: 0,
			nRequiredHours: 120,
			nRequiredStructuredHours: 60,
			nHoursNeeded: 120,
			nStructuredHoursNeeded: 60,
		})
	})

	test('tenths add up without float drift', () => {
		const entries = Array.from({ length: 10 }, (): CpeEntry => ({ sKind: 'unstructured', dActivityDate: '2026-05-01', nHours: 0.1, sDescription: 'x' }))
		const year = buildLedger(entries, REQUIREMENTS, '2026-12-01').aBlocks[0]!.aYears[0]!
		expect(year.oTotals.nTotalHours).toBe(1)
		expect(year.oTotals.nHoursNeeded).toBe(19)
	})

	test('every entry lands once, in its own year and block, and every total adds up', () => {
		fc.assert(
			fc.property(fc.array(entry, { maxLength: 60 }), day, (entries, when) => {
				const today = `${when.year}-${String(when.month).padStart(2, '0')}-${String(when.date).padStart(2, '0')}`
				const ledger = buildLedger(entries, REQUIREMENTS, today)
				const starts = ledger.aBlocks.map((block) => block.nStartYear)
				expect(starts).toEqual([...starts].sort((a, b) => b - a))
				expect(ledger.aBlocks.filter((block) => block.bIsCurrent).map((block) => block.nStartYear)).toEqual([blockStartOf(when.year, 2026)])

				let listed = 0
				let allTenths = 0
				for (const block of ledger.aBlocks) {
					let blockStructured = 0
					let blockUnstructured = 0
					for (const year of block.aYears) {
						expect(year.nYear).toBeGreaterThanOrEqual(block.nStartYear)
						expect(year.nYear).toBeLessThanOrEqual(block.nEndYear)
						let structured = 0
						let unstructured = 0
						for (const item of year.aEntries) {
							expect(Number(item.dActivityDate.slice(0, 4))).toBe(year.nYear)
							if (item.sKind === 'structured') structured += tenthsOf(item.nHours)
							else unstructured += tenthsOf(item.nHours)
						}
						const totals = year.oTotals
						expect(tenthsOf(totals.nStructuredHours)).toBe(structured)
						expect(tenthsOf(totals.nUnstructuredHours)).toBe(unstructured)
						expect(tenthsOf(totals.nTotalHours)).toBe(structured + unstructured)
						expect(tenthsOf(totals.nHoursNeeded)).toBe(Math.max(0, 200 - structured - unstructured))
						expect(tenthsOf(totals.nStructuredHoursNeeded)).toBe(Math.max(0, 100 - structured))
						blockStructured += structured
						blockUnstructured += unstructured
						listed += year.aEntries.length
					}
					expect(tenthsOf(block.oTotals.nTotalHours)).toBe(blockStructured + blockUnstructured)
					expect(tenthsOf(block.oTotals.nStructuredHours)).toBe(blockStructured)
					expect(tenthsOf(block.oTotals.nHoursNeeded)).toBe(Math.max(0, 1200 - blockStructured - blockUnstructured))
					allTenths += blockStructured + blockUnstructured
				}
				expect(listed).toBe(entries.length)
				expect(allTenths).toBe(entries.reduce((sum, item) => sum + Math.round(item.nHours * 10), 0))
			}),
		)
	})
})
