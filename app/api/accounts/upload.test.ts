// The pre-signed picture upload (docs/spec.md §7): an address for one PUT, signed, short-lived, single-use;
// the picture sniffed, re-encoded and stored; then usable as sProfilePic.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccountsApi } from '#tests/setup/accounts'
import { mediaFiles, uploadSlots } from '../db/schema'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

const png = (width = 300, height = 200) =>
	sharp({ create: { width, height, channels: 3, background: '#123456' } })
		.png()
		.toBuffer()

async function slot(clientAddress = '198.51.100.1') {
	const answer = await t.call('/member/pre-signed-url/v1', { sFileName: 'me.png', sContentType: 'image/png' }, { clientAddress })
	expect(answer.status).toBe(200)
	return answer.body.data as { sUrl: string; sPath: string }
}

function put(sUrl: string, bytes: Buffer | string, name = 'me.png') {
	const form = new FormData()
	form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type: 'image/png' }))
	return t.call(sUrl, undefined, { method: 'PUT', raw: form })
}

describe('POST /member/pre-signed-url/v1', () => {
	test('answers sUrl and sPath, without a token', async () => {
		const { sUrl, sPath } = await slot()
		expect(sUrl).toMatch(/^\/member\/profile-picture\/[\w-]+\/v1\?expires=\d+&signature=[\w-]+$/)
		expect(sPath).toMatch(/^profiles\/[0-9a-f-]{36}\.jpg$/)
	})

	test.each([
		[{ sFileName: 'x.gif', sContentType: 'image/gif' }, 'sContentType'],
		[{ sContentType: 'image/png' }, 'sFileName'],
	])('refuses %j', async (body, field) => {
		const answer = await t.call('/member/pre-signed-url/v1', body)
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.[field]).toBeTruthy()
	})

	test('is limited per client', async () => {
		const statuses = []
		for (let i = 0; i < 101; i++)
			statuses.push((await t.call('/member/pre-signed-url/v1', { sFileName: 'a.png', sContentType: 'image/png' }, { clientAddress: '198.51.100.99' })).status)
		expect(statuses.at(-1)).toBe(429)
		expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true)
	})
})

describe('PUT to sUrl', () => {
	test('stores the picture re-encoded as JPEG, once', async () => {
		const { sUrl, sPath } = await slot()
		const answer = await put(sUrl, await png(2400, 1200))
		expect(answer.status, JSON.stringify(answer.body)).toBe(201)
		const [file] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.path, sPath))
		expect(file?.contentType).toBe('image/jpeg')
		const meta = await sharp(file!.bytes).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 400])
		expect((await put(sUrl, await png())).status).toBe(403)
	})

	test('a tampered signature, another slot id or an expired address is refused', async () => {
		const { sUrl } = await slot()
		expect(
			(
				await put(
					sUrl.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
					await png(),
				)
			).status,
		).toBe(403)
		const other = await slot()
		const otherId = /profile-picture\/([^/]+)\//.exec(other.sUrl)![1]!
		expect((await put(sUrl.replace(/profile-picture\/[^/]+\//, `profile-picture/${otherId}/`), await png())).status).toBe(403)
		const expired = await slot()
		const id = /profile-picture\/([^/]+)\//.exec(expired.sUrl)![1]!
		await t.db
			.update(uploadSlots)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(uploadSlots.id, id))
		expect((await put(expired.sUrl, await png())).status).toBe(403)
	})

	test('something that is not a picture, or a body that is not multipart, is a 400', async () => {
		const { sUrl } = await slot()
		const answer = await put(sUrl, 'GIF89a not really')
		expect(answer.status).toBe(400)
		expect(answer.body.message).toBe('The picture must be a JPEG, PNG or WebP image.')
		const second = await slot()
		expect((await t.call(second.sUrl, undefined, { method: 'PUT', raw: 'plain', headers: { 'content-type': 'text/plain' } })).status).toBe(400)
	})

	test('a body over 5 MB is refused before it is read', async () => {
		const { sUrl } = await slot()
		const answer = await put(sUrl, Buffer.alloc(6 * 1024 * 1024, 1))
		expect(answer.status).toBe(413)
	})

	test('the stored path registers as sProfilePic; a path never uploaded does not', async () => {
		const { sUrl, sPath } = await slot()
		await put(sUrl, await png())
		const form = {
			sUserType: 'M',
			sPurpose: 'registration',
			sFullName: 'Pic Member',
			sFirmCompanyName: 'Pic & Co',
			sEmail: 'pic@example.org',
			sMobileNumber: '9876543210',
			sMembershipNumber: '654321',
			sDob: '1980-01-01',
			oState: { sCode: 'MH' },
			oCity: { sName: 'Pune' },
			sPassword: 'picture member pass',
			sConfirmPassword: 'picture member pass',
		}
		await t.call('/auth/member/send-otp/v1', form)
		const nOtp = t.lastOtp('pic@example.org')
		const missing = await t.call('/auth/member/register/v1', { ...form, nOtp, sProfilePic: 'profiles/00000000-0000-0000-0000-000000000000.jpg' })
		expect(missing.body.errors?.sProfilePic).toBeTruthy()
		const answer = await t.call('/auth/member/register/v1', { ...form, nOtp, sProfilePic: sPath })
		expect(answer.status, JSON.stringify(answer.body)).toBe(201)
		expect(answer.body.data.sProfilePic).toBe(sPath)
	})
})
