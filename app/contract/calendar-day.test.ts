import { expect, test } from 'vitest'
import { isRealDay, isRealMonth, isStorableInstant } from './calendar-day'

test('a day must exist, in a year PostgreSQL has', () => {
	expect(['2026-04-15', '2028-02-29', '0001-01-01', '9999-12-31'].filter(isRealDay)).toHaveLength(4)
	expect(['2026-02-30', '2027-02-29', '2026-13-01', '0000-06-01', '2026-4-15', ' 2026-04-15'].filter(isRealDay)).toEqual([])
})

test('a month is a year and month of such a year', () => {
	expect(isRealMonth('2026-11')).toBe(true)
	expect(['0000-06', '2026-13', '2026-00', '2026-1'].filter(isRealMonth)).toEqual([])
})

test('an instant falls in years 1 to 9999 as UTC writes it', () => {
	expect(isStorableInstant('2026-06-01T10:00:00+05:30')).toBe(true)
	expect(isStorableInstant('0000-06-01T00:00:00Z')).toBe(false)
	expect(isStorableInstant('0001-01-01T00:00:00+05:30')).toBe(false)
	expect(isStorableInstant('9999-12-31T23:00:00-05:00')).toBe(false)
})
