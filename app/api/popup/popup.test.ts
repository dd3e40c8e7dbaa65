// The welcome popup through the API (decision 0051): the spec's popup until the office saves one,
// on and off, its India calendar days, its picture, the version rule, and the public answer's
// version moving with every change so the home page shows it at once.
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MESSAGES } from '~/contract/constants'
import { officePopupEndpoints, popupEndpoints } from '~/contract/welcome-popup'
import { createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { readContentVersion } from '../content-version'
import { currentPopup } from './service'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const publicPopup = async () => (await office.call(popupEndpoints.current.path)).body.data
const details = async () => (await office.call(officePopupEndpoints.details.path, { token })).body.data
const save = async (fields: Record<string, unknown>) => {
	const { nVersion } = await details()
	return office.call(officePopupEndpoints.save.path, {
		token,
		method: 'PUT',
		body: { sTitle: 'Budget 2030 talk', sText: 'Join us on Friday.', bIsOn: true, dShowFrom: null, dShowUntil: null, nVersion, ...fields },
	})
}

test('until the office saves it, the spec’s popup shows for the configured branch', async () => {
	expect(await publicPopup()).toEqual({ sTitle: `Welcome to the ${TEST_SETTINGS.branch.name}`, sText: MESSAGES.popupText, oImage: null })
	expect(await details()).toMatchObject({ bIsOn: true, nVersion: 0, bIsShowing: true })
})

test('a save shows at once; off answers no popup; the days are India calendar days, both included', async () => {
	const before = await readContentVersion(office.db)
	expect((await save({})).status).toBe(200)
	expect(await readContentVersion(office.db)).toBeGreaterThan(before)
	expect(await publicPopup()).toMatchObject({ sTitle: 'Budget 2030 talk', sText: 'Join us on Friday.' })
	expect((await save({ bIsOn: false })).body.data).toMatchObject({ bIsOn: false, bIsShowing: false })
	expect(await publicPopup()).toBeNull()
	await save({ dShowFrom: '2030-03-10', dShowUntil: '2030-03-14' })
	// 18:30 UTC is midnight in India: the 9th ends, the 14th ends.
	expect(await currentPopup(office.db, 'X', new Date('2030-03-09T18:29:59Z'))).toBeNull()
	expect(await currentPopup(office.db, 'X', new Date('2030-03-09T18:30:00Z'))).toMatchObject({ sTitle: 'Budget 2030 talk' })
	expect(await currentPopup(office.db, 'X', new Date('2030-03-14T18:29:59Z'))).not.toBeNull()
	expect(await currentPopup(office.db, 'X', new Date('2030-03-14T18:30:00Z'))).toBeNull()
})

test('bad input is refused with its reason, a stale save with 409, and only editors may call', async () => {
	const refused = await save({ sTitle: ' ', dShowFrom: '2030-03-14', dShowUntil: '2030-03-10' })
	expect(refused.status).toBe(400)
	expect(refused.body.errors).toMatchObject({ sTitle: ['Title is required'], dShowUntil: ['The last day must be on or after the first'] })
	expect((await save({ dShowFrom: '2030-02-30' })).body.errors).toMatchObject({ dShowFrom: ['First day must be a date'] })
	const stale = await save({ nVersion: 0 })
	expect(stale.status).toBe(409)
	expect(stale.body.message).toBe('This popup was changed by someone else since you opened it')
	const member = await createTestAccount(office.db, 'member')
	expect((await office.call(officePopupEndpoints.details.path, { token: member.token })).status).toBe(401)
	const desk = await createTestStaff(office.db, 'popup-desk', 'desk')
	expect((await office.call(officePopupEndpoints.details.path, { token: desk.token })).status).toBe(403)
})

test('a picture is checked, takes the place of the last one and can be removed', async () => {
	await save({})
	const upload = (bytes: Uint8Array, sAlt = 'The budget talk’s poster') => {
		const form = new FormData()
		form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'poster.png')
		form.set('sAlt', sAlt)
		return office.raw(officePopupEndpoints.addPicture.path, { token, body: form })
	}
	const png = new Uint8Array(
		await sharp({ create: { width: 1200, height: 500, channels: 3, background: '#123a6d' } })
			.png()
			.toBuffer(),
	)
	const added = await upload(png)
	expect(added.status).toBe(201)
	const image = (await publicPopup()).oImage
	expect(image).toMatchObject({ sAlt: 'The budget talk’s poster', nWidth: 960 })
	expect(image.aVariants.map((variant: { nWidth: number }) => variant.nWidth)).toEqual([480])
	expect((await (await upload(new TextEncoder().encode('not a picture'))).json()).errors.file).toHaveLength(1)
	expect((await (await upload(png, '')).json()).errors.sAlt).toEqual(['Description of the picture is required'])
	expect((await office.call(officePopupEndpoints.removePicture.path, { token, method: 'DELETE' })).status).toBe(200)
	expect((await publicPopup()).oImage).toBeNull()
	expect((await office.call(officePopupEndpoints.removePicture.path, { token, method: 'DELETE' })).status).toBe(404)
})
