import { expect, test } from 'vitest'
import { closureKeeps, gstRecordKeptUntil } from './account-closure'

test('a GST record is kept 72 months from its financial year’s annual return, due 31 December after the year (India time)', () => {
	// 31 March 2027, 11 pm in India is still 2026-27; half an hour after midnight on 1 April is 2027-28.
	expect(gstRecordKeptUntil('2027-03-31T17:30:00Z')).toBe('2033-12-31')
	expect(gstRecordKeptUntil('2027-03-31T19:00:00Z')).toBe('2034-12-31')
	expect(gstRecordKeptUntil(new Date('2026-04-01T00:00:00+05:30'))).toBe('2033-12-31')
})

test('what closing keeps names the financial year of the day and its last day of keeping', () => {
	expect(closureKeeps(new Date('2026-11-27T10:00:00Z'))[0]).toContain('an invoice of 2026-27 is kept until 31 December 2033')
	expect(closureKeeps(new Date('2027-04-02T10:00:00Z'))[0]).toContain('an invoice of 2027-28 is kept until 31 December 2034')
})
