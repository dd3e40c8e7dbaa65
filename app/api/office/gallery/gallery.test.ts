// Albums from the office: drafts hidden from the public, several photos in one upload, each
// described; a bad file keeps the whole upload out; order, cover, photo edits, the version rule.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { GALLERY_API_PATHS } from '~/contract/gallery'
import { officeGalleryEndpoints, type OfficeAlbum } from '~/contract/office/gallery'
import { auditLog } from '../../db/schema'
import { createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
let png: Buffer
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
	png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
		.png()
		.toBuffer()
})
afterAll(() => office.close())

const path = (name: keyof typeof officeGalleryEndpoints, params: Record<string, number>) => fillPath(officeGalleryEndpoints[name].path, params)
const FIELDS = { sTitle: 'Budget seminar 2031', dDate: '2031-02-03', sDescription: 'Speakers and members at the budget seminar.' }

async function createAlbum(fields: Record<string, unknown> = FIELDS): Promise<OfficeAlbum> {
	const created = await office.call(officeGalleryEndpoints.create.path, { token, method: 'POST', body: fields })
	expect(created.status).toBe(201)
	return created.body.data
}

function addPhotos(iRecordId: number, files: Blob[], alts: string[]) {
	const form = new FormData()
	for (const [index, file] of files.entries()) form.append('photos', file, `photo-${index + 1}.png`)
	for (const alt of alts) form.append('sAlt', alt)
	return office.raw(path('addPhotos', { iRecordId }), { token, body: form })
}
const picture = () => new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' })
const publicAlbums = async () =>
	(await office.call(GALLERY_API_PATHS.albums, { query: { oPaging: { nPageSize: 48 } } })).body.data.aItems as {
		iRecordId: number
		oCover: { sAlt: string } | null
	}[]

test('an album is a draft until published; its photos come in one upload, each described', async () => {
	const album = await createAlbum()
	expect(album).toMatchObject({ sTitle: FIELDS.sTitle, dDate: FIELDS.dDate, bIsPublished: false, aPhotos: [], nVersion: 0 })
	expect((await publicAlbums()).map((item) => item.iRecordId)).not.toContain(album.iRecordId)
	expect((await office.call(GALLERY_API_PATHS.album(album.iRecordId))).status).toBe(404)

	const added = await addPhotos(album.iRecordId, [picture(), picture(), picture()], ['The speaker at the lectern', 'Members in the hall', 'The panel'])
	expect(added.status).toBe(201)
	const withPhotos = (await added.json()).data as OfficeAlbum
	expect(withPhotos.aPhotos.map((photo) => photo.sAlt)).toEqual(['The speaker at the lectern', 'Members in the hall', 'The panel'])
	expect(withPhotos.aPhotos[0]!.oImage.aVariants.length).toBeGreaterThan(0)

	const published = await office.call(path('update', { iRecordId: album.iRecordId }), {
		token,
		method: 'PUT',
		body: { ...FIELDS, bIsPublished: true, nVersion: 0 },
	})
	expect(published.body.data).toMatchObject({ bIsPublished: true, nVersion: 1 })
	const listed = (await publicAlbums()).find((item) => item.iRecordId === album.iRecordId)
	expect(listed?.oCover?.sAlt).toBe('The speaker at the lectern')
	const stale = await office.call(path('update', { iRecordId: album.iRecordId }), { token, method: 'PUT', body: { ...FIELDS, sTitle: 'Other', nVersion: 0 } })
	expect(stale).toMatchObject({ status: 409, body: { message: 'This album was changed by someone else since you opened it' } })
})

test('the photos are reordered, a cover chosen, a description corrected and a photo deleted', async () => {
	const album = await createAlbum({ ...FIELDS, bIsPublished: true })
	const photos = ((await (await addPhotos(album.iRecordId, [picture(), picture(), picture()], ['First', 'Second', 'Third'])).json()).data as OfficeAlbum)
		.aPhotos
	const [first, second, third] = photos.map((photo) => photo.iRecordId) as [number, number, number]

	const arranged = await office.call(path('arrange', { iRecordId: album.iRecordId }), {
		token,
		method: 'PUT',
		body: { aPhotoIds: [third, first, second], iCoverPhotoId: second },
	})
	expect(arranged.body.message).toBe('The cover is chosen.')
	expect((arranged.body.data as OfficeAlbum).aPhotos.map((photo) => photo.sAlt)).toEqual(['Third', 'First', 'Second'])
	const publicAlbum = (await office.call(GALLERY_API_PATHS.album(album.iRecordId))).body.data
	expect(publicAlbum.oCover.sAlt).toBe('Second')
	expect(publicAlbum.aPhotos.map((photo: { oImage: { sAlt: string } }) => photo.oImage.sAlt)).toEqual(['Third', 'First', 'Second'])

	const missingOne = await office.call(path('arrange', { iRecordId: album.iRecordId }), {
		token,
		method: 'PUT',
		body: { aPhotoIds: [third, first], iCoverPhotoId: null },
	})
	expect(missingOne).toMatchObject({ status: 409, body: { message: 'The album’s photos changed since you opened it; open it again.' } })

	const described = await office.call(path('updatePhoto', { iRecordId: album.iRecordId, iPhotoId: first }), {
		token,
		method: 'PUT',
		body: { sAlt: 'The chairman opens the seminar', sCaption: 'Opening' },
	})
	expect((described.body.data as OfficeAlbum).aPhotos.find((photo) => photo.iRecordId === first)).toMatchObject({
		sAlt: 'The chairman opens the seminar',
		sCaption: 'Opening',
	})
	const blank = await office.call(path('updatePhoto', { iRecordId: album.iRecordId, iPhotoId: first }), { token, method: 'PUT', body: { sAlt: ' ' } })
	expect(blank).toMatchObject({ status: 400, body: { errors: { sAlt: ['Describe what the photo shows'] } } })

	const removed = await office.call(path('removePhoto', { iRecordId: album.iRecordId, iPhotoId: second }), { token, method: 'DELETE' })
	expect(removed.body.data as OfficeAlbum).toMatchObject({ iCoverPhotoId: null, nPhotoCount: 2 })
	expect((await office.call(path('removePhoto', { iRecordId: album.iRecordId, iPhotoId: second }), { token, method: 'DELETE' })).status).toBe(404)
	const otherAlbum = await createAlbum()
	expect(
		(await office.call(path('updatePhoto', { iRecordId: otherAlbum.iRecordId, iPhotoId: first }), { token, method: 'PUT', body: { sAlt: 'x' } })).status,
	).toBe(404)
})

test('one bad file or a missing description keeps the whole upload out', async () => {
	const album = await createAlbum()
	const notPicture = new Blob(['%PDF-1.4 not a picture'], { type: 'image/png' })
	const refused = await addPhotos(album.iRecordId, [picture(), notPicture], ['Good', 'Bad'])
	expect(refused.status).toBe(400)
	expect((await refused.json()).errors.photos).toEqual(['photo-2.png: The picture must be a JPEG, PNG or WebP image.'])
	const undescribed = await addPhotos(album.iRecordId, [picture()], [''])
	expect((await undescribed.json()).errors.sAlt).toEqual(['Describe what the photo shows'])
	const none = await addPhotos(album.iRecordId, [], ['Something'])
	expect((await none.json()).errors.photos).toEqual(['Choose one or more photos'])
	expect((await office.call(path('details', { iRecordId: album.iRecordId }), { token })).body.data.aPhotos).toEqual([])
	// One description for several photos is given to each of them.
	const shared = (await (await addPhotos(album.iRecordId, [picture(), picture()], ['Members at the seminar'])).json()).data as OfficeAlbum
	expect(shared.aPhotos.map((photo) => photo.sAlt)).toEqual(['Members at the seminar', 'Members at the seminar'])
	const badDate = await office.call(officeGalleryEndpoints.create.path, { token, method: 'POST', body: { ...FIELDS, dDate: '3 Feb' } })
	expect(badDate).toMatchObject({ status: 400, body: { errors: { dDate: ['Date is a day, like 2026-11-24'] } } })
})

test('deleting an album takes its photos; the audit log has every change', async () => {
	const album = await createAlbum({ ...FIELDS, sTitle: 'To be deleted' })
	await addPhotos(album.iRecordId, [picture()], ['A photo'])
	expect((await office.call(path('remove', { iRecordId: album.iRecordId }), { token, method: 'DELETE' })).status).toBe(200)
	expect((await office.call(path('details', { iRecordId: album.iRecordId }), { token })).status).toBe(404)
	const audit = await office.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entity, 'album'))
	expect(audit.map((entry) => entry.summary)).toEqual(
		expect.arrayContaining(['Added “To be deleted” as a draft', 'To be deleted: The photo is added', 'Deleted “To be deleted” and its photos']),
	)
})
