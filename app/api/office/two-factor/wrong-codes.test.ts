// The code step cannot be worn down, and nothing signed in under old terms outlives new ones
// (decision 0061), as the requests of a live start's attack made them, on a real database: wrong
// codes count in a row per user, wait and lock; a right password meeting wrong codes is audited,
// shown to the administrators and mailed to the user, and no longer gives back the password
// step's limit; turning two-factor on, a new password and a new role end the other sign-ins.
import { eq, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OFFICE_MESSAGES, OFFICE_PATHS } from '~/contract/office/auth'
import { codeWaitSeconds, officeTwoFactorEndpoints, TWO_FACTOR_MESSAGES, WRONG_CODE_RULES } from '~/contract/office/two-factor'
import { fillPath } from '~/contract/endpoint'
import { apiTable } from '~/contract/table'
import { createAccountsApi, TEST_PASSWORD_COST } from '#tests/setup/accounts'
import { hashPassword } from '../../crypto/passwords'
import { auditLog, rateLimits, staffUsers } from '../../db/schema'
import { runOfficeCommand } from '../cli'
import { STAFF_LOGIN_LIMITS } from '../sign-in/routes'
import { saveStaffUser, setStaffRole } from '../staff/service'

type Harness = Awaited<ReturnType<typeof createAccountsApi>>
let t: Harness
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

const PASSWORD = 'office counter 2026'
const HALF_MINUTE = 30_000
const codeAt = (secret: string, timestamp = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })
let serial = 0

/** A staff user signed in with the password alone, with a client address of its own. */
async function signedInUser(role: 'admin' | 'editor' = 'editor', email: string | null = null) {
	serial += 1
	const username = `wrong${serial}`
	const clientAddress = `198.51.100.${serial}`
	await saveStaffUser(t.db, { username, fullName: `Wrong Codes ${serial}`, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_COST), role })
	const [row] = await t.db.update(staffUsers).set({ email }).where(eq(staffUsers.username, username)).returning()
	const login = (password = PASSWORD) => t.call(OFFICE_PATHS.login, { sUsername: username, sPassword: password }, { clientAddress })
	const answer = await login()
	expect(answer.status).toBe(200)
	return { id: row!.id, username, clientAddress, login, token: `Bearer ${answer.body.data.sToken as string}` }
}
type User = Awaited<ReturnType<typeof signedInUser>>

/** Turns it on as the page does: the key, then a current code and the password. */
async function turnOn(user: User) {
	const secret = (await t.call(officeTwoFactorEndpoints.setup.path, {}, { token: user.token })).body.data.sSecret as string
	const confirmed = await t.call(officeTwoFactorEndpoints.confirm.path, { sCode: codeAt(secret), sPassword: PASSWORD }, { token: user.token })
	expect(confirmed.status).toBe(200)
	return { secret, recoveryCodes: confirmed.body.data.aRecoveryCodes as string[] }
}

async function withTwoFactor(role: 'admin' | 'editor' = 'editor', email: string | null = null) {
	const user = await signedInUser(role, email)
	return { ...user, ...(await turnOn(user)) }
}

/** Codes sent at the code step, a new password step whenever a ticket has had its tries. */
function codeTries(user: User) {
	let ticket = ''
	let used: number = STAFF_LOGIN_LIMITS.codePerTicket.limit
	return async (sCode = '000000') => {
		if (used === STAFF_LOGIN_LIMITS.codePerTicket.limit) {
			const step = await user.login()
			expect(step.status).toBe(200)
			ticket = step.body.data.sPendingToken as string
			used = 0
		}
		used += 1
		return t.call(OFFICE_PATHS.loginCode, { sPendingToken: ticket, sCode }, { clientAddress: user.clientAddress })
	}
}

/** Time passes: the last wrong codes and every rate-limit window are this much older. */
async function later(seconds: number) {
	await t.db.update(staffUsers).set({ lastCodeFailureAt: sql`${staffUsers.lastCodeFailureAt} - make_interval(secs => ${seconds})` })
	await t.db.update(rateLimits).set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - make_interval(secs => ${seconds})` })
}

const staffRow = async (id: number) => (await t.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!
const wrongCodeEntries = async (id: number) =>
	(await t.db.select().from(auditLog).where(eq(auditLog.action, 'wrong-two-factor-code'))).filter((entry) => entry.entityId === String(id))
const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'))

describe('wrong codes in a row', () => {
	test('from the fifth each try waits, twice as long each time, across tickets; the twentieth locks the code step, right code and all, until an administrator lifts it', async () => {
		const admin = await signedInUser('admin')
		const user = await withTwoFactor()
		const tryCode = codeTries(user)
		for (let wrong = 1; wrong <= WRONG_CODE_RULES.waitAfter; wrong += 1) expect((await tryCode()).status).toBe(400)
		// A ticket got before the lock, for the right code afterwards.
		let spare = ''
		for (let wrong = WRONG_CODE_RULES.waitAfter + 1; wrong <= WRONG_CODE_RULES.lockAfter; wrong += 1) {
			if (wrong === WRONG_CODE_RULES.lockAfter) spare = (await user.login()).body.data.sPendingToken as string
			const early = await tryCode()
			expect(early.status, `try ${wrong} sent at once`).toBe(429)
			expect(retryAfter(early)).toBeGreaterThan(codeWaitSeconds(wrong - 1) - 5)
			expect(retryAfter(early)).toBeLessThanOrEqual(codeWaitSeconds(wrong - 1))
			await later(codeWaitSeconds(wrong - 1))
			expect((await tryCode()).status, `try ${wrong} after the wait`).toBe(400)
		}
		expect(codeWaitSeconds(WRONG_CODE_RULES.waitAfter)).toBe(30)
		expect(codeWaitSeconds(WRONG_CODE_RULES.waitAfter + 1)).toBe(60)
		expect(codeWaitSeconds(WRONG_CODE_RULES.lockAfter - 1)).toBe(3600)

		// Locked: however long one waits, the right code is refused, and so is the password step.
		await later(24 * 3600)
		const rightCode = codeAt(user.secret, Date.now() + HALF_MINUTE)
		expect(await t.call(OFFICE_PATHS.loginCode, { sPendingToken: spare, sCode: rightCode }, { clientAddress: user.clientAddress })).toMatchObject({
			status: 423,
			body: { message: OFFICE_MESSAGES.codeLocked },
		})
		expect(await user.login()).toMatchObject({ status: 423, body: { message: OFFICE_MESSAGES.codeLocked } })
		expect(await wrongCodeEntries(user.id)).toHaveLength(WRONG_CODE_RULES.lockAfter)
		const staffList = await t.call(apiTable.officeStaff.list.path, undefined, { token: admin.token })
		expect(staffList.body.data.find((row: { sUsername: string }) => row.sUsername === user.username)).toMatchObject({ nWrongCodes: 20, bCodeLocked: true })

		const lifted = await t.call(fillPath(apiTable.officeStaff.clearWrongCodes.path, { iStaffId: user.id }), {}, { token: admin.token })
		expect(lifted).toMatchObject({ status: 200, body: { data: { nWrongCodes: 0, bCodeLocked: false, dWrongCodesAlertAt: null } } })
		await later(15 * 60)
		expect((await codeTries(user)(rightCode)).status).toBe(200)
	})

	test('npm run office -- reset-two-factor lifts a lock: the password alone signs in again', async () => {
		const user = await withTwoFactor()
		await t.db.update(staffUsers).set({ codeFailures: WRONG_CODE_RULES.lockAfter, lastCodeFailureAt: new Date() }).where(eq(staffUsers.id, user.id))
		expect((await user.login()).status).toBe(423)
		const io = { print: () => undefined, readPassword: async () => '', database: async () => t.db }
		expect(await runOfficeCommand(['reset-two-factor', user.username], io)).toBe(0)
		expect((await user.login()).body.data).toMatchObject({ bCodeNeeded: false })
		expect((await staffRow(user.id)).codeFailures).toBe(0)
	})

	test('a right password meeting wrong codes is audited, shown to administrators on the dashboard and mailed to the user; a right code does not hide it', async () => {
		const admin = await signedInUser('admin')
		const editor = await signedInUser('editor')
		const email = `wrong-codes-${serial}@test.example`
		const user = await withTwoFactor('editor', email)
		const tryCode = codeTries(user)
		const alerts = async (token: string) =>
			(await t.call(apiTable.officeDashboard.summary.path, undefined, { token })).body.data.aWrongCodeAlerts as Array<{ sUsername: string }> | undefined
		for (let wrong = 1; wrong < WRONG_CODE_RULES.alertAfter; wrong += 1) expect((await tryCode()).status).toBe(400)
		expect((await alerts(admin.token))?.map((alert) => alert.sUsername)).not.toContain(user.username)
		expect((await tryCode()).status).toBe(400)
		expect(await wrongCodeEntries(user.id)).toHaveLength(WRONG_CODE_RULES.alertAfter)
		expect((await alerts(admin.token))?.find((alert) => alert.sUsername === user.username)).toMatchObject({
			nWrongCodes: WRONG_CODE_RULES.alertAfter,
			bCodeLocked: false,
			dAlertAt: expect.any(String),
		})
		expect(await alerts(editor.token)).toBeUndefined()
		await expect.poll(() => t.sink.for(email).map((mail) => mail.subject)).toEqual(['Wrong codes after your office password'])
		const [mail] = t.sink.for(email)
		expect(mail!.text).toContain(user.username)
		expect(mail!.text).toContain('someone else knows your password')

		// The right person signing in afterwards starts the count again; the administrators still see it, until they clear it.
		expect((await tryCode(codeAt(user.secret, Date.now() + HALF_MINUTE))).status).toBe(200)
		expect((await alerts(admin.token))?.find((alert) => alert.sUsername === user.username)).toMatchObject({ nWrongCodes: 0 })
		expect((await t.call(fillPath(apiTable.officeStaff.clearWrongCodes.path, { iStaffId: user.id }), {}, { token: admin.token })).status).toBe(200)
		expect((await alerts(admin.token))?.map((alert) => alert.sUsername)).not.toContain(user.username)
	})

	test('a right password followed by wrong codes counts against the password step’s limit; followed by a right code it does not', async () => {
		const guessed = await withTwoFactor()
		for (let i = 0; i < STAFF_LOGIN_LIMITS.perUsername.limit; i += 1) {
			const step = await guessed.login()
			expect(step.status).toBe(200)
			expect(
				(await t.call(OFFICE_PATHS.loginCode, { sPendingToken: step.body.data.sPendingToken, sCode: '000000' }, { clientAddress: guessed.clientAddress }))
					.status,
			).not.toBe(200)
		}
		expect((await guessed.login()).status).toBe(429)

		const owner = await withTwoFactor()
		for (const code of owner.recoveryCodes) {
			const step = await owner.login()
			expect(
				(await t.call(OFFICE_PATHS.loginCode, { sPendingToken: step.body.data.sPendingToken, sCode: code }, { clientAddress: owner.clientAddress })).status,
			).toBe(200)
		}
		expect((await owner.login()).status).toBe(200)
	})
})

describe('what a change of terms ends', () => {
	test('turning two-factor on takes the password again, and ends every other token of the user; the one that turned it on stays', async () => {
		const user = await signedInUser()
		const other = `Bearer ${(await user.login()).body.data.sToken as string}`
		const secret = (await t.call(officeTwoFactorEndpoints.setup.path, {}, { token: user.token })).body.data.sSecret as string
		const confirm = (body: Record<string, unknown>) => t.call(officeTwoFactorEndpoints.confirm.path, body, { token: user.token })
		expect((await confirm({ sCode: codeAt(secret) })).body.errors?.sPassword).toEqual(['Password is required'])
		expect(await confirm({ sCode: codeAt(secret), sPassword: 'not the password' })).toMatchObject({
			status: 400,
			body: { errors: { sPassword: [TWO_FACTOR_MESSAGES.wrongPassword] } },
		})
		expect((await confirm({ sCode: codeAt(secret), sPassword: PASSWORD })).status).toBe(200)
		expect((await t.call(officeTwoFactorEndpoints.status.path, undefined, { token: other })).status).toBe(401)
		expect((await t.call(officeTwoFactorEndpoints.status.path, undefined, { token: user.token })).status).toBe(200)
	})

	test('a new password ends the user’s tokens and open sign-in tickets; an administrator setting their own keeps theirs', async () => {
		const admin = await signedInUser('admin')
		const adminElsewhere = `Bearer ${(await admin.login()).body.data.sToken as string}`
		const user = await withTwoFactor()
		const ticket = (await user.login()).body.data.sPendingToken as string
		const setPassword = (iStaffId: number) =>
			t.call(fillPath(apiTable.officeStaff.setPassword.path, { iStaffId }), { sPassword: PASSWORD }, { token: admin.token })
		expect((await setPassword(user.id)).status).toBe(200)
		expect(
			(
				await t.call(
					OFFICE_PATHS.loginCode,
					{ sPendingToken: ticket, sCode: codeAt(user.secret, Date.now() + HALF_MINUTE) },
					{ clientAddress: user.clientAddress },
				)
			).status,
		).toBe(410)
		expect((await t.call(officeTwoFactorEndpoints.status.path, undefined, { token: user.token })).status).toBe(401)

		expect((await setPassword(admin.id)).status).toBe(200)
		expect((await t.call(apiTable.officeStaff.list.path, undefined, { token: admin.token })).status).toBe(200)
		expect((await t.call(apiTable.officeStaff.list.path, undefined, { token: adminElsewhere })).status).toBe(401)

		// OFFICE_USERS or `npm run office -- add` with a new password: the same.
		const another = (await user.login()).body.data.sPendingToken as string
		await saveStaffUser(t.db, {
			username: user.username,
			fullName: 'Wrong Codes',
			passwordHash: await hashPassword('a newer password 2026', TEST_PASSWORD_COST),
		})
		expect((await t.call(OFFICE_PATHS.loginCode, { sPendingToken: another, sCode: '000000' }, { clientAddress: user.clientAddress })).status).toBe(410)
	})

	test('a new role ends the user’s tokens, from the staff page and from the command line', async () => {
		const admin = await signedInUser('admin')
		const user = await signedInUser('editor')
		const events = (token: string) => t.call(apiTable.officeEvents.list.path, undefined, { token })
		expect(
			(await t.call(fillPath(apiTable.officeStaff.setRole.path, { iStaffId: user.id }), { sRole: 'editor' }, { method: 'PUT', token: admin.token })).status,
		).toBe(200)
		expect((await events(user.token)).status).toBe(200)
		expect(
			(await t.call(fillPath(apiTable.officeStaff.setRole.path, { iStaffId: user.id }), { sRole: 'desk' }, { method: 'PUT', token: admin.token })).status,
		).toBe(200)
		expect((await events(user.token)).status).toBe(401)

		const token = `Bearer ${(await user.login()).body.data.sToken as string}`
		expect(await setStaffRole(t.db, user.username, 'accounts')).toBe('changed')
		expect((await events(token)).status).toBe(401)
	})
})
