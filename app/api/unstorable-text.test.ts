// Text the database cannot hold (NUL, a lone surrogate) is refused where the API reads input: a
// 400 naming the field in the envelope (a 404 in a path), before anything is stored or counted.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { UNSTORABLE_TEXT_MESSAGE } from '~/contract/storable-text'
import { createAccountsApi, createTestStaff } from '#tests/setup/accounts'
import { newsletterSubscriptions, staffUsers } from './db/schema'

const refused = [UNSTORABLE_TEXT_MESSAGE]
let t: Awaited<ReturnType<typeof createAccountsApi>>
let staffToken: string

beforeAll(async () => {
	t = await createAccountsApi()
	const { staff, token } = await createTestStaff(t.db)
	await t.db.update(staffUsers).set({ role: 'admin' }).where(eq(staffUsers.id, staff.id))
	staffToken = token
})
afterAll(() => t.close())

test('a JSON field with a NUL: a 400 beside that field, and nothing stored', async () => {
	const answer = await t.call('/newsletter/subscribe/v1', { sFullName: 'Asha\u0000', sMembershipNumber: '123456', sEmail: 'asha@example.org' })
	expect(answer).toMatchObject({ status: 400, body: { message: 'Please correct the highlighted fields.', errors: { sFullName: refused } } })
	expect(await t.db.select().from(newsletterSubscriptions)).toEqual([])
})

test('a lone surrogate in a nested field is named by its path', async () => {
	const answer = await t.call('/office/announcements/v1', { sTitle: 'Notice', aBody: ['Fine', 'Broken \ud83d'] }, { token: staffToken })
	expect(answer).toMatchObject({ status: 400, body: { errors: { 'aBody.1': refused } } })
})

test('a rate-limited call refuses it before the limit keeps its key', async () => {
	const answer = await t.call('/auth/member/login/v1', { sMembershipNumber: '12345\u0000', sDob: '1985-04-12', sPassword: 'whatever it is' })
	expect(answer).toMatchObject({ status: 400, body: { errors: { sMembershipNumber: refused } } })
})

test('a query parameter: a 400 naming it', async () => {
	const answer = await t.call('/newsletters/list/v1?oFilter[sSearch]=GST%00')
	expect(answer).toMatchObject({
		status: 400,
		body: { message: expect.stringContaining('a character that cannot be saved'), errors: { 'oFilter.sSearch': refused } },
	})
})

test('a text field of a multipart form: a 400 naming it', async () => {
	const form = new FormData()
	form.append('sAlt', 'Hall\u0000')
	form.append('file', new File([new Uint8Array([1, 2, 3])], 'hall.jpg', { type: 'image/jpeg' }))
	const answer = await t.call('/office/events/1/pictures/v1', undefined, { method: 'POST', token: staffToken, raw: form })
	expect(answer).toMatchObject({ status: 400, body: { errors: { sAlt: refused } } })
})

test('a path segment names no record: a 404', async () => {
	expect(await t.call('/events/details/v1/1%00')).toMatchObject({ status: 404, body: { message: 'No such event.' } })
	expect(await t.call('/pages/about%00/v1')).toMatchObject({ status: 404 })
})
