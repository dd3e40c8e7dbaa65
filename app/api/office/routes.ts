// Staff sign-in and sign-out (decision 0019). The password travels RSA-encrypted like a
// member's; every refusal reads alike, whether the user is unknown, disabled or the password wrong.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { OFFICE_MESSAGES, OFFICE_PATHS, staffLoginSchema, type StaffLoginAnswer } from '~/contract/office'
import type { ApiEnv } from '../app'
import { accountDeps, checkForm, rawField } from '../accounts/service'
import { decoyHash, verifyPassword } from '../accounts/passwords'
import { staffTokens, staffUsers } from '../db/schema'
import { ApiError, jsonBody, ok } from '../http'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { issueStaffToken, requireStaff } from './auth'

/** Tight per username (a guessed password), loose per client address (the office shares one). */
export const STAFF_LOGIN_LIMITS = {
	perUsername: { limit: 10, windowSeconds: 15 * 60 },
	perClient: { limit: 100, windowSeconds: 60 * 60 },
} as const

async function login(c: Context<ApiEnv>) {
	const { passwordCost, signInPool } = accountDeps(c)
	signInPool.refuseWhenFull()
	const body = await jsonBody(c)
	await enforceRateLimits(c, [
		{ key: `office-login:${rawField(body, 'sUsername')}`, ...STAFF_LOGIN_LIMITS.perUsername },
		{ key: `office-login:client:${clientAddress(c)}`, ...STAFF_LOGIN_LIMITS.perClient },
	])
	const form = await checkForm(c, staffLoginSchema, body, ['sPassword'])
	const { db } = c.get('deps')
	const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.username, form.sUsername)).limit(1)
	// An unknown user costs a hash too, so the time taken does not tell it apart.
	const passwordOk = await verifyPassword(form.sPassword, staff?.passwordHash ?? (await decoyHash(passwordCost, signInPool)), signInPool)
	if (!staff || !passwordOk || staff.disabledAt) throw new ApiError(400, OFFICE_MESSAGES.loginFailed)
	const { token, expiresAt } = await issueStaffToken(db, staff.id)
	const answer: StaffLoginAnswer = { sToken: token, dExpiresAt: expiresAt.toISOString(), oStaff: { sUsername: staff.username, sFullName: staff.fullName, sRole: staff.role } }
	return ok(c, 'Signed in', answer)
}

async function logout(c: Context<ApiEnv>) {
	const { tokenHash } = await requireStaff(c)
	await c.get('deps').db.update(staffTokens).set({ revokedAt: new Date() }).where(eq(staffTokens.tokenHash, tokenHash))
	return ok(c, OFFICE_MESSAGES.loggedOut)
}

export const staffAuthRoutes = new Hono<ApiEnv>().post(OFFICE_PATHS.login, login).post(OFFICE_PATHS.logout, logout)
