// The office's event fees (decision 0051) through the API: the rules they keep, the public answer
// that carries them beside the one fee older readers know, and copying an event into a new draft.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { eventEndpoints } from '~/contract/events'
import { officeEventEndpoints } from '~/contract/office/events'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { eventRegistrations } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const path = (entry: keyof typeof officeEventEndpoints, iEventId?: number) => fillPath(officeEventEndpoints[entry].path, { iEventId })
const EVENT = {
	sTitle: 'Workshop on transfer pricing',
	sCategory: 'Workshop',
	sSummary: 'Documentation and benchmarking.',
	aParagraphs: ['About it.'],
	dStartDate: '2030-04-01T04:30:00.000Z',
	dEndDate: '2030-04-01T10:30:00.000Z',
	dRegistrationClosesAt: '2030-03-31T12:30:00.000Z',
	sVenueName: 'Hall B',
	sVenueAddress: '14 Tilak Road, Pune',
	sCity: 'Pune',
	aSpeakers: [{ sFullName: 'CA Meera Joshi', sDesignation: 'Partner', sTopic: 'Benchmarking' }],
	nCpeHours: 6,
	nFeePaise: 200_000,
	nStudentFeePaise: 100_000,
	nEarlyBirdFeePaise: 150_000,
	nEarlyBirdStudentFeePaise: 75_000,
	dEarlyBirdUntil: '2030-03-14',
	nSeatLimit: 40,
	bIsPublished: true,
}
const create = (fields: Record<string, unknown> = {}) => office.call(path('create'), { token, body: { ...EVENT, ...fields } })

describe('fees per audience and early bird', () => {
	test('are kept and answered to the public beside the one fee', async () => {
		const created = await create()
		expect(created.status).toBe(201)
		const iEventId = created.body.data.iEventId
		const details = await office.call(fillPath(eventEndpoints.details.path, { iEventId }))
		expect(details.body.data).toMatchObject({
			nFeePaise: 200_000,
			nStudentFeePaise: 100_000,
			nEarlyBirdFeePaise: 150_000,
			nEarlyBirdStudentFeePaise: 75_000,
			dEarlyBirdUntil: '2030-03-14',
		})
		// An event with the one fee answers the extensions as null: nothing else changes for it.
		const plain = await create({ nStudentFeePaise: undefined, nEarlyBirdFeePaise: undefined, nEarlyBirdStudentFeePaise: undefined, dEarlyBirdUntil: undefined })
		const plainDetails = await office.call(fillPath(eventEndpoints.details.path, { iEventId: plain.body.data.iEventId }))
		expect(plainDetails.body.data).toMatchObject({ nFeePaise: 200_000, nStudentFeePaise: null, nEarlyBirdFeePaise: null, dEarlyBirdUntil: null })
	})

	test('refuse an early-bird fee above the fee, without its day, a day without a fee, or a day on or after the event’s', async () => {
		const refused = async (fields: Record<string, unknown>) => {
			const answer = await create(fields)
			expect(answer.status).toBe(400)
			return answer.body.errors
		}
		expect(await refused({ nEarlyBirdFeePaise: 250_000 })).toMatchObject({ nEarlyBirdFeePaise: ['The early-bird fee cannot be more than the fee'] })
		expect(await refused({ dEarlyBirdUntil: null })).toMatchObject({ dEarlyBirdUntil: ['Give the last day of the early-bird fee'] })
		expect(await refused({ nEarlyBirdFeePaise: null, nEarlyBirdStudentFeePaise: null })).toMatchObject({
			nEarlyBirdFeePaise: ['Give an early-bird fee, or leave its last day empty'],
		})
		expect(await refused({ nStudentFeePaise: null })).toMatchObject({
			nEarlyBirdStudentFeePaise: ['Give the students’ fee too, or leave their early-bird fee empty'],
		})
		// The event starts at 10:00 on 1 April, India time: that day is too late, 31 March is fine.
		expect(await refused({ dEarlyBirdUntil: '2030-04-01' })).toMatchObject({ dEarlyBirdUntil: ['The early-bird fee must end before the day the event starts'] })
		expect(await refused({ dEarlyBirdUntil: '2030-02-30' })).toMatchObject({ dEarlyBirdUntil: ['Early-bird date must be a date'] })
		expect((await create({ dEarlyBirdUntil: '2030-03-31' })).status).toBe(201)
	})
})

describe('copying an event', () => {
	test('makes a new draft with the fields sent and the event’s pictures, and no registrations', async () => {
		const source = (await create()).body.data.iEventId
		const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d5aa6' } })
			.png()
			.toBuffer()
		const form = new FormData()
		form.set('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'hall.png')
		form.set('sAlt', 'The hall')
		expect((await office.raw(path('addPicture', source), { token, body: form })).status).toBe(201)
		const { account } = await createTestAccount(office.db, 'member')
		await office.db.insert(eventRegistrations).values({ eventId: source, accountId: account.id, status: 'confirmed' })
		const copy = await office.call(path('copy', source), {
			token,
			body: {
				...EVENT,
				dStartDate: '2031-04-01T04:30:00.000Z',
				dEndDate: '2031-04-01T10:30:00.000Z',
				dRegistrationClosesAt: null,
				dEarlyBirdUntil: '2031-03-14',
			},
		})
		expect(copy.status).toBe(201)
		const iEventId = copy.body.data.iEventId
		expect(iEventId).not.toBe(source)
		const details = (await office.call(path('details', iEventId), { token })).body.data
		expect(details).toMatchObject({
			sTitle: EVENT.sTitle,
			bIsPublished: false,
			nRegistrations: 0,
			nVersion: 0,
			dStartDate: '2031-04-01T04:30:00.000Z',
			nStudentFeePaise: 100_000,
			aSpeakers: EVENT.aSpeakers,
		})
		expect(details.aImages.map((image: { sAlt: string }) => image.sAlt)).toEqual(['The hall'])
		expect((await office.call(path('details', source), { token })).body.data.nRegistrations).toBe(1)
		expect((await office.call(path('copy', 999_999), { token, body: EVENT })).status).toBe(404)
	})
})
