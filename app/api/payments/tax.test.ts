// GST arithmetic as properties over random amounts, rates and states: whatever the fee, the
// invoice adds up to the paisa and each tax is the exact rate rounded to the nearest paisa.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { gstFor } from './tax'

const STATES = ['MH', 'KA', 'GJ', 'DL', 'TN']
/** Up to ₹1 crore of fees, any whole basis-point rate (0 % to 100 %), any pair of states. */
const taxable = fc.integer({ min: 0, max: 1_000_000_000 })
const rate = fc.integer({ min: 0, max: 10_000 })
const states = fc.record({ supplierState: fc.constantFrom(...STATES), buyerState: fc.constantFrom(...STATES) })

describe('gstFor', () => {
	test('the total is the taxable value plus the taxes, all in whole paise', () => {
		fc.assert(
			fc.property(taxable, rate, states, (paise, rateBasisPoints, where) => {
				const gst = gstFor(paise, { ...where, rateBasisPoints })
				for (const part of Object.values(gst)) expect(Number.isSafeInteger(part) && part >= 0).toBe(true)
				expect(gst.taxablePaise).toBe(paise)
				expect(gst.totalPaise).toBe(gst.taxablePaise + gst.cgstPaise + gst.sgstPaise + gst.igstPaise)
			}),
		)
	})

	test('within one state CGST equals SGST and there is no IGST; across states only IGST', () => {
		fc.assert(
			fc.property(taxable, rate, states, (paise, rateBasisPoints, where) => {
				const gst = gstFor(paise, { ...where, rateBasisPoints })
				if (where.supplierState === where.buyerState) {
					expect(gst.cgstPaise).toBe(gst.sgstPaise)
					expect(gst.igstPaise).toBe(0)
				} else {
					expect(gst.cgstPaise + gst.sgstPaise).toBe(0)
				}
			}),
		)
	})

	test('each tax is within half a paisa of its exact value (compared as exact fractions)', () => {
		fc.assert(
			fc.property(taxable, rate, states, (paise, rateBasisPoints, where) => {
				const gst = gstFor(paise, { ...where, rateBasisPoints })
				// |part - paise * rate / d| <= 1/2, i.e. |2 * d * part - 2 * paise * rate| <= d, in BigInt.
				const withinHalf = (part: number, denominator: bigint) => {
					const gap = 2n * denominator * BigInt(part) - 2n * BigInt(paise) * BigInt(rateBasisPoints)
					return (gap < 0n ? -gap : gap) <= denominator
				}
				if (where.supplierState === where.buyerState) {
					expect(withinHalf(gst.cgstPaise, 20_000n)).toBe(true)
					expect(withinHalf(gst.sgstPaise, 20_000n)).toBe(true)
				} else {
					expect(withinHalf(gst.igstPaise, 10_000n)).toBe(true)
				}
			}),
		)
	})

	test('a larger taxable value never gives less tax or a smaller total', () => {
		fc.assert(
			fc.property(taxable, taxable, rate, states, (a, b, rateBasisPoints, where) => {
				const [low, high] = a <= b ? [a, b] : [b, a]
				const lower = gstFor(low, { ...where, rateBasisPoints })
				const higher = gstFor(high, { ...where, rateBasisPoints })
				expect(higher.cgstPaise).toBeGreaterThanOrEqual(lower.cgstPaise)
				expect(higher.igstPaise).toBeGreaterThanOrEqual(lower.igstPaise)
				expect(higher.totalPaise).toBeGreaterThanOrEqual(lower.totalPaise)
			}),
		)
	})

	test('known amounts at 18 %', () => {
		const withinMaharashtra = { supplierState: 'MH', buyerState: 'MH', rateBasisPoints: 1800 }
		expect(gstFor(118_000, withinMaharashtra)).toEqual({
			taxablePaise: 118_000,
			cgstPaise: 10_620,
			sgstPaise: 10_620,
			igstPaise: 0,
			totalPaise: 139_240,
			gstRateBasisPoints: 1800,
		})
		// 0.09 × 25 paise = 2.25 → 2 each; 0.18 × 25 = 4.5 → 5 (half up).
		expect(gstFor(25, withinMaharashtra)).toMatchObject({ cgstPaise: 2, sgstPaise: 2, totalPaise: 29 })
		expect(gstFor(25, { ...withinMaharashtra, buyerState: 'KA' })).toMatchObject({ igstPaise: 5, totalPaise: 30 })
	})

	test('refuses what is not an amount or a rate', () => {
		const where = { supplierState: 'MH', buyerState: 'MH' }
		for (const paise of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => gstFor(paise, { ...where, rateBasisPoints: 1800 })).toThrow(RangeError)
		for (const rateBasisPoints of [-1, 10_001, 18.5]) expect(() => gstFor(100, { ...where, rateBasisPoints })).toThrow(RangeError)
	})
})
