// Staff sign-in and sign-out through the real API on a real database (decision 0019).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OFFICE_MESSAGES, OFFICE_PATHS } from '~/contract/office/auth'
import { ANNOUNCEMENT_PATHS } from '~/contract/announcements'
import { createAccountsApi, createTestAccount, TEST_PASSWORD_COST } from '#tests/setup/accounts'
import { hashPassword } from '../crypto/passwords'
import { staffTokens, staffUsers } from '../db/schema'
import { STAFF_LOGIN_LIMITS } from './sign-in/routes'
import { saveStaffUser, setStaffDisabled } from './staff/service'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

const PASSWORD = 'office counter 2026'
let serial = 0
/** A staff user with a real password hash; a fresh client address each, so rate limits stay apart. */
async function staffUser() {
	serial += 1
	const username = `clerk${serial}`
	await saveStaffUser(t.db, { username, fullName: `Clerk ${serial}`, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_COST) })
	return { username, clientAddress: `198.51.100.${serial}` }
}

const login = (sUsername: string, sPassword: string, clientAddress: string) => t.call(OFFICE_PATHS.login, { sUsername, sPassword }, { clientAddress })

describe('staff sign-in', () => {
	test('answers a token that the office calls accept, with the user named', async () => {
		const { username, clientAddress } = await staffUser()
		const answer = await login(username.toUpperCase(), PASSWORD, clientAddress)
		expect(answer.status).toBe(200)
		expect(answer.body.data.oStaff).toEqual({ sUsername: username, sFullName: `Clerk ${serial}`, sRole: 'editor' })
		expect(answer.body.data).toMatchObject({ bCodeNeeded: false, bTwoFactorSetupDue: false })
		expect(new Date(answer.body.data.dExpiresAt).getTime()).toBeGreaterThan(Date.now())
		const posted = await t.call(ANNOUNCEMENT_PATHS.post, { sTitle: 'Hello', sBody: 'World' }, { token: `Bearer ${answer.body.data.sToken}` })
		expect(posted.status).toBe(201)
		// Only the token's hash is stored.
		const rows = await t.db.select().from(staffTokens)
		expect(rows.some((row) => row.tokenHash === answer.body.data.sToken)).toBe(false)
	})

	test('a wrong password, an unknown user and a disabled user get one and the same refusal', async () => {
		const { username, clientAddress } = await staffUser()
		const disabled = await staffUser()
		await setStaffDisabled(t.db, disabled.username, true)
		const answers = [
			await login(username, 'not the password', clientAddress),
			await login('nobody.here', PASSWORD, clientAddress),
			await login(disabled.username, PASSWORD, disabled.clientAddress),
		]
		for (const answer of answers) {
			expect(answer.status).toBe(400)
			expect(answer.body).toEqual({ message: OFFICE_MESSAGES.loginFailed })
		}
	})

	test('a password sent in clear (not encrypted for the API) is refused as unreadable', async () => {
		const { username, clientAddress } = await staffUser()
		const answer = await t.call(OFFICE_PATHS.login, undefined, {
			raw: JSON.stringify({ sUsername: username, sPassword: PASSWORD }),
			headers: { 'content-type': 'application/json' },
			clientAddress,
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.sPassword).toBeDefined()
	})

	test('missing fields are field errors, never a 500', async () => {
		const answer = await t.call(OFFICE_PATHS.login, { sUsername: '' }, { clientAddress: '198.51.100.250' })
		expect(answer.status).toBe(400)
		expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['sPassword', 'sUsername'])
	})

	test('right passwords never count: more sign-ins in a row than the limit all go through, from one address', async () => {
		const { username, clientAddress } = await staffUser()
		const { limit } = STAFF_LOGIN_LIMITS.perUsername
		for (let i = 0; i <= limit + 1; i += 1) expect((await login(username, PASSWORD, clientAddress)).status).toBe(200)
		// …and then wrong ones still lock the username, with the same answer as ever.
		for (let i = 0; i < limit; i += 1) expect((await login(username, 'wrong password', clientAddress)).status).toBe(400)
		const refused = await login(username, PASSWORD, clientAddress)
		expect(refused.status).toBe(429)
		expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
	})

	test("a browser that signed in before gets past a lock-out strangers caused, within a small limit of its own; another user's device token does not", async () => {
		const { username, clientAddress } = await staffUser()
		const other = await staffUser()
		const sDeviceToken = (await login(username, PASSWORD, clientAddress)).body.data.sDeviceToken as string
		const othersToken = (await login(other.username, PASSWORD, other.clientAddress)).body.data.sDeviceToken as string
		expect(sDeviceToken).toMatch(/^\d+\.[\w-]+$/)
		for (let i = 0; i < STAFF_LOGIN_LIMITS.perUsername.limit; i += 1) await login(username, 'a stranger guessing', `192.0.2.${100 + i}`)
		const withDevice = (token: string, password = PASSWORD) =>
			t.call(OFFICE_PATHS.login, { sUsername: username, sPassword: password, sDeviceToken: token }, { clientAddress })
		expect((await login(username, PASSWORD, clientAddress)).status).toBe(429)
		expect((await withDevice(othersToken)).status).toBe(429)
		expect((await withDevice(sDeviceToken)).status).toBe(200)
		// The device's own limit: wrong passwords from it lock it too, apart from the username's.
		for (let i = 0; i < STAFF_LOGIN_LIMITS.perKnownDevice.limit; i += 1) expect((await withDevice(sDeviceToken, 'my own typo')).status).toBe(400)
		expect((await withDevice(sDeviceToken)).status).toBe(429)
	})

	test('is rate limited per username, whatever the client address, with Retry-After', async () => {
		const { username } = await staffUser()
		const { limit } = STAFF_LOGIN_LIMITS.perUsername
		for (let i = 0; i < limit; i += 1) expect((await login(username, 'wrong password', `192.0.2.${i + 1}`)).status).toBe(400)
		const refused = await login(username, PASSWORD, '192.0.2.200')
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
	})

	test('is rate limited per client address, across usernames', async () => {
		const clientAddress = '203.0.113.99'
		const { limit } = STAFF_LOGIN_LIMITS.perClient
		for (let i = 0; i < limit; i += 1) await login(`guess${i}`, 'wrong password', clientAddress)
		const { username } = await staffUser()
		expect((await login(username, PASSWORD, clientAddress)).status).toBe(429)
		expect((await login(username, PASSWORD, '203.0.113.100')).status).toBe(200)
	}, 60_000)
})

describe('staff sign-out', () => {
	test('revokes the token: the next call with it is refused', async () => {
		const { username, clientAddress } = await staffUser()
		const token = (await login(username, PASSWORD, clientAddress)).body.data.sToken as string
		const out = await t.call(OFFICE_PATHS.logout, {}, { token })
		expect(out.status).toBe(200)
		const [row] = await t.db.select().from(staffTokens).innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId)).where(eq(staffUsers.username, username))
		expect(row!.staff_tokens.revokedAt).not.toBeNull()
		expect((await t.call(OFFICE_PATHS.logout, {}, { token })).status).toBe(401)
		expect((await t.call(ANNOUNCEMENT_PATHS.post, { sTitle: 'After', sBody: 'sign-out' }, { token })).status).toBe(401)
	})

	test('an expired token is refused', async () => {
		const { username, clientAddress } = await staffUser()
		const token = (await login(username, PASSWORD, clientAddress)).body.data.sToken as string
		expect((await t.call(OFFICE_PATHS.logout, {}, { token })).status).not.toBe(401)
		const other = (await login(username, PASSWORD, clientAddress)).body.data.sToken as string
		const [user] = await t.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username))
		await t.db
			.update(staffTokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(staffTokens.staffId, user!.id))
		expect((await t.call(OFFICE_PATHS.logout, {}, { token: other })).status).toBe(401)
	})

	test("a member's token is not a staff token", async () => {
		const { token } = await createTestAccount(t.db, 'member')
		expect((await t.call(OFFICE_PATHS.logout, {}, { token })).status).toBe(401)
		expect((await t.call(OFFICE_PATHS.logout, {})).status).toBe(401)
	})
})
