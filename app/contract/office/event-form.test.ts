import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { eventFormSchema, fromIndiaLocal, rupeesToPaise, toIndiaLocal } from './event-form'

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.set(key, value)
	return parseWithZod(data, { schema: eventFormSchema })
}
const FILLED = {
	sTitle: 'Seminar',
	sCategory: 'Seminar',
	sSummary: 'About it',
	sDescription: 'One.\n\nTwo.',
	dStart: '2030-03-31T23:30',
	dEnd: '2030-04-01T01:30',
	sVenueName: 'Hall',
	sVenueAddress: 'Road',
	sCity: 'Pune',
	sCpeKind: 'structured',
	sFeeRupees: '1,180.5',
}

test('times are India time; the fee is rupees; paragraphs split at blank lines; empty rules take their defaults', () => {
	const result = form(FILLED)
	expect(result.status).toBe('success')
	if (result.status !== 'success') return
	expect(result.value).toMatchObject({
		dStartDate: '2030-03-31T18:00:00.000Z',
		dEndDate: '2030-03-31T20:00:00.000Z',
		nFeePaise: 118_050,
		aParagraphs: ['One.', 'Two.'],
		nSeatLimit: null,
		dRegistrationClosesAt: null,
		bIsPublished: false,
		nCpeHours: 0,
	})
	expect(toIndiaLocal(fromIndiaLocal('2030-03-31T23:30'))).toBe('2030-03-31T23:30')
})

test('what people mistype is said beside the field the API would blame', () => {
	const result = form({ ...FILLED, sFeeRupees: '12.345', dEnd: '2030-03-31T10:00' })
	expect(result.status).toBe('error')
	if (result.status === 'success') return
	expect(result.error?.sFeeRupees).toEqual(['Fee is an amount in rupees, like 1000 or 1180.50'])
	const order = form({ ...FILLED, dEnd: '2030-03-31T10:00' })
	if (order.status === 'success') throw new Error('an end before the start passed')
	expect(order.error?.dEnd).toEqual(['The end must be after the start'])
	// Registration closing after the start would be shown to members and then ignored.
	const late = form({ ...FILLED, dRegistrationCloses: FILLED.dEnd })
	if (late.status === 'success') throw new Error('registration closing after the start passed')
	expect(late.error?.dRegistrationCloses).toEqual(['Registration must close by the time the event starts'])
	expect(form({ ...FILLED, dRegistrationCloses: FILLED.dStart }).status).toBe('success')
	expect(rupeesToPaise('₹ 1,000')).toBe(100_000)
	expect(rupeesToPaise('-5')).toBeNull()
})

test('a time on a day that does not exist, or outside the years stored, is a field error, not a fault', () => {
	const result = form({ ...FILLED, dStart: '2030-02-31T10:00', dEnd: '2030-13-01T10:00', dRegistrationCloses: '0001-01-01T00:00' })
	if (result.status === 'success') throw new Error('impossible times passed')
	expect(result.error?.dStart).toEqual(['Start must be a date and time'])
	expect(result.error?.dEnd).toEqual(['End must be a date and time'])
	const early = form({ ...FILLED, dStart: '0001-01-01T00:00', dEnd: '0001-01-01T01:00' })
	if (early.status === 'success') throw new Error('a time before year 1 in UTC passed')
	expect(early.error?.dStart).toEqual(['Start must be a date and time'])
})
