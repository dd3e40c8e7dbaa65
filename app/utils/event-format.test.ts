import { expect, test } from 'vitest'
import { eventWhen, formatFee, formatMoment, formatTerm, monthLabel, recentMonths } from './event-format'

test('times read in India whatever the server zone', () => {
	// 23:30 on 31 March in India is still 31 March in UTC, but 04:00 on 1 April is 31 March 22:30 UTC.
	expect(eventWhen('2025-03-31T22:30:00Z', '2025-04-01T00:30:00Z')).toEqual({ day: 'Tue, 1 Apr 2025', time: '4:00 am – 6:00 am IST' })
	expect(eventWhen('2025-03-30T04:30:00Z', '2025-03-31T11:30:00Z').day).toBe('Sun, 30 Mar 2025 – Mon, 31 Mar 2025')
})

test('fees in rupees from paise', () => {
	expect(formatFee(0)).toBe('Free')
	expect(formatFee(100000)).toBe('₹1,000 + GST')
	expect(formatFee(12345678)).toBe('₹1,23,456.78 + GST')
})

test('terms and months', () => {
	expect(formatTerm('2025-02-15', '2027-02-14')).toBe('Feb 2025 – Feb 2027')
	expect(monthLabel('2026-04')).toBe('April 2026')
	const months = recentMonths(new Date('2026-12-31T20:00:00Z'), 2, 1)
	expect(months).toEqual(['2027-02', '2027-01', '2026-12', '2026-11'])
})

test('a moment reads as India time', () => {
	expect(formatMoment('2026-12-16T04:30:00Z')).toBe('Wed, 16 Dec 2026, 10:00 am IST')
})
