// Two-factor sign-in for staff (decision 0048) through the real API on a real database: setting
// it up, the code step of signing in, recovery codes, turning it off, the command line's reset,
// and a live deployment's rule for administrators. Codes are computed here as an app computes them.
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OFFICE_MESSAGES, OFFICE_PATHS } from '~/contract/office/auth'
import { officeTwoFactorEndpoints, TWO_FACTOR_MESSAGES } from '~/contract/office/two-factor'
import { apiTable } from '~/contract/table'
import { createAccountsApi, TEST_PASSWORD_COST } from '#tests/setup/accounts'
import { hashPassword } from '../../crypto/passwords'
import { auditLog, staffPendingSignIns, staffTokens, staffUsers } from '../../db/schema'
import { runOfficeCommand } from '../cli'
import { STAFF_LOGIN_LIMITS } from '../sign-in/routes'
import { saveStaffUser } from '../staff/service'
import { TWO_FACTOR_CODE_LIMIT } from './routes'

type Harness = Awaited<ReturnType<typeof createAccountsApi>>
let t: Harness
let live: Harness
beforeAll(async () => {
	;[t, live] = await Promise.all([createAccountsApi(), createAccountsApi({ requireTwoFactor: true })])
})
afterAll(async () => {
	await Promise.all([t.close(), live.close()])
})

const PASSWORD = 'office counter 2026'
const HALF_MINUTE = 30_000
const paths = officeTwoFactorEndpoints
let serial = 0

/** A staff user signed in with the password alone; a client address of its own, so limits stay apart. */
async function signedInUser(h: Harness, role: 'admin' | 'editor' = 'editor') {
	serial += 1
	const username = `twofa${serial}`
	const clientAddress = `198.51.100.${serial}`
	await saveStaffUser(h.db, { username, fullName: `Two Factor ${serial}`, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_COST), role })
	const login = () => h.call(OFFICE_PATHS.login, { sUsername: username, sPassword: PASSWORD }, { clientAddress })
	const answer = await login()
	expect(answer.status).toBe(200)
	return { username, clientAddress, login, token: `Bearer ${answer.body.data.sToken as string}`, signedIn: answer.body.data }
}

const codeAt = (secret: string, timestamp = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })

/** Sets it up as the page does: the key, then a current code; answers the key and the recovery codes. */
async function turnOn(h: Harness, token: string) {
	const setup = await h.call(paths.setup.path, {}, { token })
	expect(setup.status).toBe(200)
	const secret = setup.body.data.sSecret as string
	const confirmed = await h.call(paths.confirm.path, { sCode: codeAt(secret), sPassword: PASSWORD }, { token })
	expect(confirmed.status).toBe(200)
	return { secret, recoveryCodes: confirmed.body.data.aRecoveryCodes as string[] }
}

const liveTokens = async (h: Harness, username: string) => {
	const rows = await h.db
		.select({ revokedAt: staffTokens.revokedAt })
		.from(staffTokens)
		.innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
		.where(eq(staffUsers.username, username))
	return rows.filter((row) => !row.revokedAt).length
}

describe('setting it up', () => {
	test('offers one key until confirmed, refuses a wrong code, answers ten recovery codes once, and stores neither key nor codes in clear', async () => {
		const user = await signedInUser(t)
		expect((await t.call(paths.status.path, undefined, { token: user.token })).body.data).toEqual({
			bEnabled: false,
			dEnabledAt: null,
			nRecoveryCodesLeft: 0,
			bRequired: false,
		})
		const first = await t.call(paths.setup.path, {}, { token: user.token })
		const again = await t.call(paths.setup.path, {}, { token: user.token })
		const secret = first.body.data.sSecret as string
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		expect(again.body.data.sSecret).toBe(secret)
		expect(first.body.data.sOtpauthUri).toMatch(new RegExp(`^otpauth://totp/Test%20Branch%20office:${user.username}\\?.*secret=${secret}`))

		const wrong = await t.call(
			paths.confirm.path,
			{ sCode: String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0'), sPassword: PASSWORD },
			{ token: user.token },
		)
		expect(wrong).toMatchObject({ status: 400, body: { message: TWO_FACTOR_MESSAGES.wrongCode, errors: { sCode: [TWO_FACTOR_MESSAGES.wrongCode] } } })
		expect((await t.call(paths.confirm.path, { sCode: '12345', sPassword: PASSWORD }, { token: user.token })).body.errors?.sCode).toEqual([
			'Enter the 6-digit code your app shows',
		])

		const confirmed = await t.call(paths.confirm.path, { sCode: codeAt(secret), sPassword: PASSWORD }, { token: user.token })
		expect(confirmed.status).toBe(200)
		const codes = confirmed.body.data.aRecoveryCodes as string[]
		expect(codes).toHaveLength(10)
		expect(new Set(codes).size).toBe(10)
		for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)

		const [row] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, user.username))
		expect(row!.totpSecret).not.toContain(secret)
		expect(row!.totpPendingSecret).toBeNull()
		expect(row!.recoveryCodeDigests).toHaveLength(10)
		for (const code of codes) expect(row!.recoveryCodeDigests.join(' ')).not.toContain(code.replace('-', ''))
		// From now on no answer holds the key.
		const status = await t.call(paths.status.path, undefined, { token: user.token })
		expect(status.body.data).toMatchObject({ bEnabled: true, nRecoveryCodesLeft: 10 })
		expect(JSON.stringify(status.body)).not.toContain(secret)
		expect(await t.call(paths.setup.path, {}, { token: user.token })).toMatchObject({ status: 409, body: { message: TWO_FACTOR_MESSAGES.alreadyOn } })
		const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'enable-two-factor')).limit(1)
		expect(audit).toBeDefined()
	})
})

describe('signing in with it', () => {
	test('the password step gives a ticket, no token; the code step signs in once per code and once per ticket', async () => {
		const user = await signedInUser(t)
		const { secret } = await turnOn(t, user.token)
		const tokensBefore = await liveTokens(t, user.username)
		const step = await user.login()
		expect(step.status).toBe(200)
		expect(step.body.data).toEqual({ bCodeNeeded: true, sPendingToken: expect.any(String), dExpiresAt: expect.any(String) })
		expect(await liveTokens(t, user.username)).toBe(tokensBefore)
		const sPendingToken = step.body.data.sPendingToken as string
		const code = (sCode: string, ticket = sPendingToken) =>
			t.call(OFFICE_PATHS.loginCode, { sPendingToken: ticket, sCode }, { clientAddress: user.clientAddress })

		expect(await code('000000')).toMatchObject({ status: 400, body: { message: OFFICE_MESSAGES.codeFailed } })
		// The code the setup used is spent: the app's next one (a clock a step ahead is allowed).
		expect((await code(codeAt(secret))).status).toBe(400)
		const next = codeAt(secret, Date.now() + HALF_MINUTE)
		const passed = await code(next)
		expect(passed.status).toBe(200)
		expect(passed.body.data).toMatchObject({ bCodeNeeded: false, oStaff: { sUsername: user.username }, sDeviceToken: expect.any(String) })
		expect(await liveTokens(t, user.username)).toBe(tokensBefore + 1)
		// The ticket is spent, and the same code with a new ticket is refused.
		expect(await code(next)).toMatchObject({ status: 410, body: { message: OFFICE_MESSAGES.signInExpired } })
		expect((await code(next, (await user.login()).body.data.sPendingToken as string)).status).toBe(400)
	})

	test('a recovery code signs in once, in either case, with or without its dash', async () => {
		const user = await signedInUser(t)
		const { recoveryCodes } = await turnOn(t, user.token)
		const withCode = async (sCode: string) =>
			t.call(OFFICE_PATHS.loginCode, { sPendingToken: (await user.login()).body.data.sPendingToken, sCode }, { clientAddress: user.clientAddress })
		expect((await withCode(recoveryCodes[0]!.toUpperCase())).status).toBe(200)
		expect((await withCode(recoveryCodes[0]!)).status).toBe(400)
		expect((await withCode(recoveryCodes[1]!.replace('-', ''))).status).toBe(200)
		expect((await t.call(paths.status.path, undefined, { token: user.token })).body.data.nRecoveryCodesLeft).toBe(8)
		expect((await withCode('not a code')).body.errors?.sCode).toEqual(['Enter the 6-digit code your app shows, or one of your recovery codes'])
	})

	test('the code step is rate limited per ticket, and an expired ticket asks for the password again', async () => {
		const user = await signedInUser(t)
		await turnOn(t, user.token)
		const sPendingToken = (await user.login()).body.data.sPendingToken as string
		const code = () => t.call(OFFICE_PATHS.loginCode, { sPendingToken, sCode: '000000' }, { clientAddress: user.clientAddress })
		for (let i = 0; i < STAFF_LOGIN_LIMITS.codePerTicket.limit; i += 1) expect((await code()).status).toBe(400)
		const refused = await code()
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

		const other = (await user.login()).body.data.sPendingToken as string
		await t.db.update(staffPendingSignIns).set({ expiresAt: new Date(Date.now() - 1000) })
		expect((await t.call(OFFICE_PATHS.loginCode, { sPendingToken: other, sCode: '000000' }, { clientAddress: user.clientAddress })).status).toBe(410)
	})

	test('turning it off takes a current code, with few wrong tries; then the password alone signs in', async () => {
		const user = await signedInUser(t)
		const { secret } = await turnOn(t, user.token)
		const disable = (sCode: string) => t.call(paths.disable.path, { sCode }, { token: user.token })
		for (let i = 1; i < TWO_FACTOR_CODE_LIMIT.limit; i += 1) expect((await disable('000000')).status).toBe(400)
		expect((await disable(codeAt(secret, Date.now() + HALF_MINUTE))).status).toBe(200)
		expect((await user.login()).body.data).toMatchObject({ bCodeNeeded: false })
		expect((await disable('000000')).status).toBe(409)
		// A stolen token does not buy a run through the codes.
		const other = await signedInUser(t)
		await turnOn(t, other.token)
		for (let i = 0; i < TWO_FACTOR_CODE_LIMIT.limit; i += 1)
			expect((await t.call(paths.disable.path, { sCode: '000000' }, { token: other.token })).status).toBe(400)
		expect((await t.call(paths.disable.path, { sCode: '000000' }, { token: other.token })).status).toBe(429)
	})

	test('npm run office -- reset-two-factor (a lost phone): the password alone signs in again, earlier sign-ins end, in the audit log', async () => {
		const user = await signedInUser(t)
		await turnOn(t, user.token)
		const printed: string[] = []
		const io = { print: (line: string) => printed.push(line), readPassword: async () => '', database: async () => t.db }
		expect(await runOfficeCommand(['reset-two-factor', user.username], io)).toBe(0)
		expect(printed[0]).toContain(`Two-factor sign-in of ${user.username} is off`)
		expect((await t.call(paths.status.path, undefined, { token: user.token })).status).toBe(401)
		expect((await user.login()).body.data).toMatchObject({ bCodeNeeded: false })
		const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reset-two-factor'))
		expect(entries.map((entry) => [entry.staffUsername, entry.summary])).toContainEqual(['command line', `Two-factor sign-in of ${user.username} reset`])
		expect(await runOfficeCommand(['reset-two-factor', 'nobody.here'], io)).toBe(1)
	})
})

describe('a live deployment', () => {
	test('takes an administrator without it to its setup: other office calls answer 403 naming the page, until it is on, and it stays on', async () => {
		const admin = await signedInUser(live, 'admin')
		expect(admin.signedIn.bTwoFactorSetupDue).toBe(true)
		const dashboard = () => live.call(apiTable.officeDashboard.summary.path, undefined, { token: admin.token })
		expect(await dashboard()).toMatchObject({ status: 403, body: { message: TWO_FACTOR_MESSAGES.required } })
		expect(TWO_FACTOR_MESSAGES.required).toContain('/office/two-factor')
		expect((await live.call(paths.status.path, undefined, { token: admin.token })).body.data).toMatchObject({ bEnabled: false, bRequired: true })
		const { secret } = await turnOn(live, admin.token)
		expect((await dashboard()).status).toBe(200)
		expect(await live.call(paths.disable.path, { sCode: codeAt(secret, Date.now() + HALF_MINUTE) }, { token: admin.token })).toMatchObject({
			status: 409,
			body: { message: TWO_FACTOR_MESSAGES.requiredForRole },
		})
	})

	test('asks nothing of other roles, and nothing of anyone where it is not live', async () => {
		const editor = await signedInUser(live, 'editor')
		expect(editor.signedIn.bTwoFactorSetupDue).toBe(false)
		expect((await live.call(apiTable.officeEvents.list.path, undefined, { token: editor.token })).status).toBe(200)
		const admin = await signedInUser(t, 'admin')
		expect(admin.signedIn.bTwoFactorSetupDue).toBe(false)
		expect((await t.call(apiTable.officeDashboard.summary.path, undefined, { token: admin.token })).status).toBe(200)
	})
})
