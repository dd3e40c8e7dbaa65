// The office's events through the API: the spec's field names, defaults for the rules, drafts
// hidden from the public, the version rule, the delete refusal, cancelling, pictures, the audit.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { eventEndpoints } from '~/contract/events'
import { officeEventEndpoints } from '~/contract/office/events'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { readContentVersion } from '../../content-version'
import { eventRegistrations } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const path = (entry: keyof typeof officeEventEndpoints, iEventId?: number, nIndex?: number) => fillPath(officeEventEndpoints[entry].path, { iEventId, nIndex })
const inDays = (days: number, hour = 10) => new Date(Date.UTC(2030, 0, 1 + days, hour - 5, 30)).toISOString()
const NEW_EVENT = {
	sTitle: 'Seminar on GST audits',
	sCategory: 'Seminar',
	sSummary: 'What changes in GST audits this year.',
	aParagraphs: ['First paragraph.', 'Second paragraph.'],
	dStartDate: inDays(10),
	dEndDate: inDays(10, 13),
	sVenueName: 'Accountants’ Bhavan',
	sVenueAddress: '14 Tilak Road, Pune',
	sCity: 'Pune',
	aSpeakers: [{ sFullName: 'CA Meera Joshi', sDesignation: 'Partner', sTopic: 'Audits' }],
	nCpeHours: 3,
	nFeePaise: 50_000,
	nSeatLimit: 2,
}

async function create(fields: Record<string, unknown> = {}) {
	const answer = await office.call(path('create'), { token, body: { ...NEW_EVENT, ...fields } })
	expect(answer.status, JSON.stringify(answer.body)).toBe(201)
	return answer.body.data.iEventId as number
}
const publicDetails = (iEventId: number) => office.call(fillPath(eventEndpoints.details.path, { iEventId }))

describe('creating', () => {
	test('takes the public field names; the rules default sensibly; a draft is hidden from the public', async () => {
		const before = await readContentVersion(office.db)
		const iEventId = await create()
		const details = (await office.call(path('details', iEventId), { token })).body.data
		expect(details).toMatchObject({
			sTitle: NEW_EVENT.sTitle,
			bIsPublished: false,
			nVersion: 0,
			dRegistrationClosesAt: null,
			sCpeKind: 'structured',
			nSeatLimit: 2,
			nFeePaise: 50_000,
		})
		expect(details.sMapUrl).toContain('openstreetmap.org/search?query=Accountants')
		expect((await publicDetails(iEventId)).status).toBe(404)
		expect((await office.call(REGISTRATION_PATHS.availability(iEventId))).status).toBe(404)
		expect(await readContentVersion(office.db)).toBeGreaterThan(before)
	})

	test('bad input is a 400 beside each field, never a 500', async () => {
		const bad = await office.call(path('create'), {
			token,
			body: { ...NEW_EVENT, sTitle: '', nFeePaise: 10.5, sCategory: 'Party', sMapUrl: 'javascript:alert(1)' },
		})
		expect(bad.status).toBe(400)
		expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['nFeePaise', 'sCategory', 'sMapUrl', 'sTitle'])
		const backwards = await office.call(path('create'), { token, body: { ...NEW_EVENT, dEndDate: inDays(9), dRegistrationClosesAt: inDays(11) } })
		expect(backwards.body.errors).toEqual({
			dEndDate: ['The end must be after the start'],
			dRegistrationClosesAt: ['Registration must close by the time the event starts'],
		})
		expect((await office.call(path('create'), { token, body: { ...NEW_EVENT, sExtra: 1 } })).status).toBe(400)
		expect((await office.call(path('create'), { body: NEW_EVENT })).status).toBe(401)
	})
})

describe('editing', () => {
	test('publish shows it publicly at once; a stale save is refused and changes nothing', async () => {
		const iEventId = await create()
		const published = await office.call(path('publish', iEventId), { token, body: { nVersion: 0 } })
		expect(published.body.data).toMatchObject({ bIsPublished: true, nVersion: 1 })
		expect((await publicDetails(iEventId)).body.data.sTitle).toBe(NEW_EVENT.sTitle)
		const first = await office.call(path('update', iEventId), {
			token,
			method: 'PUT',
			body: { ...NEW_EVENT, bIsPublished: true, sTitle: 'First editor', nVersion: 1 },
		})
		expect(first.status).toBe(200)
		const second = await office.call(path('update', iEventId), {
			token,
			method: 'PUT',
			body: { ...NEW_EVENT, bIsPublished: true, sTitle: 'Second editor', nVersion: 1 },
		})
		expect(second).toMatchObject({ status: 409, body: { message: 'This event was changed by someone else since you opened it' } })
		expect((await publicDetails(iEventId)).body.data.sTitle).toBe('First editor')
		await office.call(path('unpublish', iEventId), { token, body: { nVersion: 2 } })
		expect((await publicDetails(iEventId)).status).toBe(404)
	})

	test('an event with registrations cannot be deleted, only cancelled; cancelled shows and closes registration', async () => {
		const iEventId = await create({ bIsPublished: true })
		const member = await createTestAccount(office.db, 'member')
		await office.db.insert(eventRegistrations).values({ eventId: iEventId, accountId: member.account.id, status: 'confirmed' })
		const refused = await office.call(path('remove', iEventId), { token, method: 'DELETE' })
		expect(refused).toMatchObject({ status: 409, body: { message: 'This event has registrations and cannot be deleted; cancel it instead.' } })
		const cancelled = await office.call(path('cancel', iEventId), { token, body: { nVersion: 0 } })
		expect(cancelled.body.data.dCancelledAt).not.toBeNull()
		expect((await publicDetails(iEventId)).body.data.bIsCancelled).toBe(true)
		expect((await office.call(REGISTRATION_PATHS.availability(iEventId))).body.data.sClosedReason).toBe('cancelled')
		const empty = await create()
		expect((await office.call(path('remove', empty), { token, method: 'DELETE' })).status).toBe(200)
		expect((await office.call(path('details', empty), { token })).status).toBe(404)
	})
})

test('pictures go through the image pipeline; a file that is not a picture is refused beside the field', async () => {
	const iEventId = await create()
	const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
		.png()
		.toBuffer()
	const upload = (file: Blob, sAlt = 'The hall') => {
		const form = new FormData()
		form.set('file', file, 'hall.png')
		form.set('sAlt', sAlt)
		return office.raw(path('addPicture', iEventId), { method: 'POST', token, body: form })
	}
	const added = await upload(new Blob([png], { type: 'image/png' }))
	expect(added.status).toBe(201)
	const images = (await added.json()).data
	expect(images).toHaveLength(1)
	expect(images[0]).toMatchObject({ sAlt: 'The hall', nWidth: 1200 })
	const notPicture = await upload(new Blob(['%PDF-1.4 not a picture'], { type: 'image/png' }))
	expect(notPicture.status).toBe(400)
	expect((await notPicture.json()).errors.file).toEqual(['The picture must be a JPEG, PNG or WebP image.'])
	const noAlt = await upload(new Blob([png], { type: 'image/png' }), '')
	expect((await noAlt.json()).errors.sAlt).toEqual(['Description of the picture is required'])
	expect((await office.call(path('removePicture', iEventId, 0), { token, method: 'DELETE' })).body.data).toEqual([])
	expect((await office.call(path('removePicture', iEventId, 0), { token, method: 'DELETE' })).status).toBe(404)
})
