// Committees from the office: a committee and its people, a message shown publicly only once
// published, portraits through the image pipeline, the version rule, deletion and the audit.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { COMMITTEE_PATHS } from '~/contract/committees'
import { fillPath } from '~/contract/endpoint'
import { officeCommitteeEndpoints, type OfficeCommittee, type OfficePerson } from '~/contract/office/committees'
import { auditLog } from '../../db/schema'
import { createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const path = (name: keyof typeof officeCommitteeEndpoints, params: Record<string, number> = {}) => fillPath(officeCommitteeEndpoints[name].path, params)
const CHAIR = { sFullName: 'CA Test Chair', sRole: 'Chairman', dTermStart: '2031-02-15', dTermEnd: '2033-02-14', nSortOrder: 1 }

async function createCommittee(sTitle: string): Promise<OfficeCommittee> {
	const created = await office.call(path('create'), { token, method: 'POST', body: { sTitle, sDescription: 'Runs the branch.', nSortOrder: 0 } })
	expect(created.status).toBe(201)
	return created.body.data
}
const publicCommittee = async (iCommitteeId: number) =>
	((await office.call(COMMITTEE_PATHS.list)).body.data as { iCommitteeId: number; aPeople: { sFullName: string; bHasMessage: boolean }[] }[]).find(
		(item) => item.iCommitteeId === iCommitteeId,
	)

test('a committee with a chairman whose message is public only once published', async () => {
	const committee = await createCommittee('Managing Committee 2031–33')
	const added = await office.call(path('addPerson', { iCommitteeId: committee.iCommitteeId }), {
		token,
		method: 'POST',
		body: { ...CHAIR, sMessageTitle: 'Chairman’s message', sMessage: 'Dear members,\n\nWelcome to the\nnew term.' },
	})
	expect(added.status).toBe(201)
	const chair = added.body.data as OfficePerson
	expect(chair).toMatchObject({ aMessage: ['Dear members,', 'Welcome to the new term.'], bMessagePublished: false, nVersion: 0 })
	expect((await publicCommittee(committee.iCommitteeId))?.aPeople).toEqual([expect.objectContaining({ sFullName: 'CA Test Chair', bHasMessage: false })])
	expect((await office.call(COMMITTEE_PATHS.message(chair.iPersonId))).status).toBe(404)

	const personPath = path('updatePerson', { iPersonId: chair.iPersonId })
	const published = await office.call(personPath, {
		token,
		method: 'PUT',
		body: { ...CHAIR, sMessageTitle: 'Chairman’s message', sMessage: 'Dear members,\n\nWelcome.', bMessagePublished: true, nVersion: 0 },
	})
	expect(published.body.data).toMatchObject({ bMessagePublished: true, nVersion: 1 })
	const message = await office.call(COMMITTEE_PATHS.message(chair.iPersonId))
	expect(message.body.data).toMatchObject({
		sMessageTitle: 'Chairman’s message',
		aParagraphs: ['Dear members,', 'Welcome.'],
		sCommitteeTitle: 'Managing Committee 2031–33',
	})

	const stale = await office.call(personPath, { token, method: 'PUT', body: { ...CHAIR, sRole: 'Other', nVersion: 0 } })
	expect(stale).toMatchObject({ status: 409, body: { message: 'This person was changed by someone else since you opened it' } })
	const staleCommittee = await office.call(path('update', { iCommitteeId: committee.iCommitteeId }), {
		token,
		method: 'PUT',
		body: { sTitle: 'Renamed', nVersion: 5 },
	})
	expect(staleCommittee).toMatchObject({ status: 409, body: { message: 'This committee was changed by someone else since you opened it' } })
})

test('bad fields are refused beside the field', async () => {
	const committee = await createCommittee('Study circle')
	const refused = await office.call(path('addPerson', { iCommitteeId: committee.iCommitteeId }), {
		token,
		method: 'POST',
		body: { ...CHAIR, sFullName: ' ', dTermEnd: '2030-01-01', sMessage: 'A message without a title' },
	})
	expect(refused.status).toBe(400)
	expect(refused.body.errors).toMatchObject({
		sFullName: ['Name is required'],
		dTermEnd: ['The term ends on or after it starts'],
		sMessageTitle: ['Give the message a title, like “Chairman’s message”'],
	})
	expect((await office.call(path('addPerson', { iCommitteeId: 99999 }), { token, method: 'POST', body: CHAIR })).status).toBe(404)
	expect((await office.call(path('create'), { token, method: 'POST', body: { sTitle: '', nSortOrder: 'first' } })).body.errors).toMatchObject({
		sTitle: ['Title is required'],
		nSortOrder: ['Order is a whole number'],
	})
	expect((await office.call(path('list'), { token })).body.data.find((item: OfficeCommittee) => item.iCommitteeId === committee.iCommitteeId).aPeople).toEqual(
		[],
	)
})

test('a portrait goes through the image pipeline and follows the name; deleting a committee takes its people', async () => {
	const committee = await createCommittee('To be deleted')
	const person = (await office.call(path('addPerson', { iCommitteeId: committee.iCommitteeId }), { token, method: 'POST', body: CHAIR })).body
		.data as OfficePerson
	const upload = (file: Blob) => {
		const form = new FormData()
		form.set('file', file, 'portrait.png')
		return office.raw(path('setPortrait', { iPersonId: person.iPersonId }), { token, body: form })
	}
	const notPicture = await upload(new Blob(['%PDF-1.4'], { type: 'image/png' }))
	expect((await notPicture.json()).errors.file).toEqual(['The picture must be a JPEG, PNG or WebP image.'])
	const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#996633' } })
		.png()
		.toBuffer()
	const withPortrait = (await (await upload(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }))).json()).data as OfficePerson
	expect(withPortrait.oPhoto).toMatchObject({ sAlt: 'Portrait of CA Test Chair', nWidth: 320 })
	const renamed = await office.call(path('updatePerson', { iPersonId: person.iPersonId }), {
		token,
		method: 'PUT',
		body: { ...CHAIR, sFullName: 'CA Renamed Chair', nVersion: 0 },
	})
	expect(renamed.body.data.oPhoto.sAlt).toBe('Portrait of CA Renamed Chair')
	expect((await office.call(path('removePortrait', { iPersonId: person.iPersonId }), { token, method: 'DELETE' })).body.data.oPhoto).toBeNull()

	expect((await office.call(path('remove', { iCommitteeId: committee.iCommitteeId }), { token, method: 'DELETE' })).status).toBe(200)
	expect(await publicCommittee(committee.iCommitteeId)).toBeUndefined()
	expect((await office.call(path('removePerson', { iPersonId: person.iPersonId }), { token, method: 'DELETE' })).status).toBe(404)
	const audit = await office.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entity, 'committee'))
	expect(audit.map((entry) => entry.summary)).toEqual(expect.arrayContaining(['Added “To be deleted”', 'Deleted “To be deleted” and its people']))
})
