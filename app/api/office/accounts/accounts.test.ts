// The office puts accounts right: a corrected date of birth lets its owner sign in, an e-mail
// change tells both addresses, a disabled account is signed out everywhere, and a released
// number can be registered by its owner.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNT_PATHS } from '~/contract/accounts'
import { fillPath } from '~/contract/endpoint'
import { officeAccountEndpoints } from '~/contract/office/accounts'
import { createAccountsApi, createTestAccount, createTestStaff, TEST_PASSWORD_COST, TEST_SETTINGS } from '#tests/setup/accounts'
import { hashPassword } from '../../crypto/passwords'
import { accounts } from '../../db/schema'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let staffToken: string
beforeAll(async () => {
	harness = await createAccountsApi()
	staffToken = (await createTestStaff(harness.db, undefined, 'accounts')).token
})
afterAll(() => harness.close())

const path = (entry: keyof typeof officeAccountEndpoints, iAccountId?: number | string) => fillPath(officeAccountEndpoints[entry].path, { iAccountId })
const PASSWORD = 'a long enough password 42'

/** A member who can sign in with PASSWORD. */
async function member(fields: Partial<typeof accounts.$inferInsert> = {}) {
	return createTestAccount(harness.db, 'member', { passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_COST), ...fields })
}
const login = (sMembershipNumber: string, sDob: string) => harness.call(ACCOUNT_PATHS.login('member'), { sMembershipNumber, sDob, sPassword: PASSWORD })

test('search by name, number or e-mail; one person with registrations, payments and CPE', async () => {
	const person = await member({ fullName: 'Sunita Apte' })
	const found = await harness.call(`${path('list')}?oFilter[sSearch]=apte`, undefined, { token: staffToken })
	expect(found.status).toBe(200)
	expect(found.body.data.aAccounts.map((a: { iAccountId: number }) => a.iAccountId)).toContain(person.account.id)
	const byNumber = await harness.call(`${path('list')}?oFilter[sSearch]=${person.account.number}&oFilter[sUserType]=M`, undefined, { token: staffToken })
	expect(byNumber.body.data.nTotal).toBe(1)
	const details = await harness.call(path('details', person.account.id), undefined, { token: staffToken })
	expect(details.body.data).toMatchObject({ sFullName: 'Sunita Apte', sDob: '1990-01-01', aRegistrations: [], aPayments: [], aCpeEntries: [] })
	expect((await harness.call(path('details', 999_999), undefined, { token: staffToken })).status).toBe(404)
	expect((await harness.call(path('details', person.account.id), undefined, { token: person.token })).status).toBe(401)
})

describe('corrections', () => {
	test('a mistyped date of birth, corrected, lets the member sign in with the right one', async () => {
		const person = await member({ dob: '1990-10-01' })
		expect((await login(person.account.number, '1990-01-10')).status).toBe(400)
		const answer = await harness.call(path('correct', person.account.id), { sDob: '1990-01-10' }, { method: 'PUT', token: staffToken })
		expect(answer).toMatchObject({ status: 200, body: { message: 'The account is corrected.' } })
		expect((await login(person.account.number, '1990-01-10')).status).toBe(200)
	})

	test('an editor cannot change an e-mail address: the takeover stops at its first step', async () => {
		const person = await member()
		const editor = await createTestStaff(harness.db, undefined, 'editor')
		const refused = await harness.call(path('correct', person.account.id), { sEmail: 'attacker@test.example' }, { method: 'PUT', token: editor.token })
		expect(refused.status).toBe(403)
		const [row] = await harness.db.select().from(accounts).where(eq(accounts.id, person.account.id))
		expect(row!.email).toBe(person.account.email)
	})

	test('an e-mail change signs the member out everywhere and voids codes sent to either address', async () => {
		const person = await member()
		const old = person.account.email
		await harness.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: old })
		await expect.poll(() => harness.sink.for(old).length).toBe(1)
		const code = harness.lastOtp(old)
		expect((await harness.call(path('correct', person.account.id), { sEmail: 'moved@test.example' }, { method: 'PUT', token: staffToken })).status).toBe(200)
		expect((await harness.call('/member/member-details/v1', undefined, { token: person.token })).status).toBe(401)
		const reset = await harness.call('/auth/member/reset-password/v1', {
			sEmail: old,
			nOtp: code,
			sNewPassword: 'taken over at last',
			sConfirmPassword: 'taken over at last',
		})
		expect(reset.status).toBe(400)
		const notice = harness.sink.for(old).at(-1)!.text
		expect(notice).toContain('signed out everywhere')
		expect(notice).toContain(TEST_SETTINGS.branch.phone)
	})

	test('an e-mail change is told to the old and the new address', async () => {
		const person = await member()
		const old = person.account.email
		await harness.call(path('correct', person.account.id), { sEmail: 'New.Address@Test.Example' }, { method: 'PUT', token: staffToken })
		const [row] = await harness.db.select().from(accounts).where(eq(accounts.id, person.account.id))
		expect(row!.email).toBe('new.address@test.example')
		for (const to of [old, 'new.address@test.example']) expect(harness.sink.for(to).at(-1)?.text).toContain(`from ${old} to new.address@test.example`)
	})

	test('a number or e-mail another account has is refused beside its field; bad values too', async () => {
		const [a, b] = [await member(), await member()]
		const number = await harness.call(path('correct', a.account.id), { sNumber: b.account.number }, { method: 'PUT', token: staffToken })
		expect(number).toMatchObject({
			status: 409,
			body: { errors: { sNumber: ['Another account already has this number. Release it first if it is not theirs.'] } },
		})
		const email = await harness.call(path('correct', a.account.id), { sEmail: b.account.email }, { method: 'PUT', token: staffToken })
		expect(email.body.errors?.sEmail).toEqual(['Another account already uses this e-mail address.'])
		const bad = await harness.call(path('correct', a.account.id), { sNumber: 'ABC', sDob: '2999-01-01' }, { method: 'PUT', token: staffToken })
		expect(bad.status).toBe(400)
		expect(Object.keys(bad.body.errors ?? {})).toContain('sDob')
	})
})

test('a disabled account is signed out at once and cannot sign in until enabled', async () => {
	const person = await member()
	expect((await harness.call(ACCOUNT_PATHS.details('member'), undefined, { token: person.token })).status).toBe(200)
	await harness.call(path('disable', person.account.id), {}, { token: staffToken })
	expect((await harness.call(ACCOUNT_PATHS.details('member'), undefined, { token: person.token })).status).toBe(401)
	expect((await login(person.account.number, '1990-01-01')).status).toBe(400)
	await harness.call(path('enable', person.account.id), undefined, { method: 'POST', token: staffToken })
	expect((await login(person.account.number, '1990-01-01')).status).toBe(200)
})

test('a released number leaves the squatter disabled with its history, and is free for its owner', async () => {
	const squatter = await member()
	const number = squatter.account.number
	const answer = await harness.call(path('releaseNumber', squatter.account.id), undefined, { method: 'POST', token: staffToken })
	expect(answer.body.data).toMatchObject({ sNumber: `${number} (released)` })
	expect(answer.body.data.dDisabledAt).not.toBeNull()
	const owner = await createTestAccount(harness.db, 'member', { number })
	expect(owner.account.number).toBe(number)
	expect((await login(`~released-${squatter.account.id}`, '1990-01-01')).status).toBe(400)
})
