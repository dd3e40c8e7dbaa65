// Staff sign-in and sign-out (decisions 0019, 0048 and 0061). The password travels RSA-encrypted
// like a member's; every refusal reads alike, whether the user is unknown, disabled or the password
// wrong. Only failures count against the limits, and a browser that signed in before (its device
// token) has a limit of its own, so strangers' guesses do not lock its user out. A user with
// two-factor sign-in gets a short-lived ticket for the code step, never a token, from the password
// step; the password step counts until the code step succeeds, and wrong codes count in a row.
import { Hono, type Context } from 'hono'
import { OFFICE_MESSAGES, officeAuthEndpoints, staffLoginSchema } from '~/contract/office/auth'
import { isDeviceTokenFor, sha256 } from '../../crypto/crypto'
import { checkForm, rawField, sentValue } from '../../auth/forms'
import { handle } from '../../endpoints'
import { ApiError, jsonBody, ok } from '../../http'
import { clientAddress, enforceRateLimits, refundRateLimits, tooManyAttempts, type RateLimit } from '../../rate-limit'
import { requireStaff } from '../../auth/staff'
import { askForCode, recordWrongCode, revokeStaffToken, signInStaff, STAFF_DEVICE, staffForPassword } from './service'
import { checkSignInCode, countCodeTry, endPendingSignIn, forgetWrongCodes, isCodeLocked, PENDING_SIGN_IN_MINUTES, pendingSignIn } from '../two-factor/service'
import { accountDeps, type ApiEnv } from '../../env'

const MINUTES_15 = 15 * 60
/** Tight per username (a guessed password), loose per client address (the office shares one). */
export const STAFF_LOGIN_LIMITS = {
	perUsername: { limit: 10, windowSeconds: MINUTES_15 },
	/** A browser that signed in to the username before counts apart from everyone else's tries. */
	perKnownDevice: { limit: 5, windowSeconds: MINUTES_15 },
	perClient: { limit: 100, windowSeconds: 60 * 60 },
	/** Tries with one ticket; then the password step again. (Per user, wrong codes count in a row: WRONG_CODE_RULES.) */
	codePerTicket: { limit: 5, windowSeconds: PENDING_SIGN_IN_MINUTES * 60 },
} as const satisfies Record<string, RateLimit>

type Limit = RateLimit & { key: string }

async function login(c: Context<ApiEnv>) {
	const { passwordCost, signInPool, privateKey } = accountDeps(c)
	signInPool.refuseWhenFull()
	const body = await jsonBody(c)
	const username = rawField(body, 'sUsername')
	const device = sentValue(body, 'sDeviceToken')
	const limits: Limit[] = [
		isDeviceTokenFor(privateKey, device, STAFF_DEVICE, username)
			? { key: `office-login:device:${username}:${sha256(String(device))}`, ...STAFF_LOGIN_LIMITS.perKnownDevice }
			: { key: `office-login:${username}`, ...STAFF_LOGIN_LIMITS.perUsername },
		{ key: `office-login:client:${clientAddress(c)}`, ...STAFF_LOGIN_LIMITS.perClient },
	]
	await enforceRateLimits(c, limits)
	const form = await checkForm(c, staffLoginSchema, body, ['sPassword'])
	const { db } = c.get('deps')
	const staff = await staffForPassword(db, { passwordCost, signInPool }, form)
	if (!staff) throw new ApiError(400, OFFICE_MESSAGES.loginFailed)
	const limitKeys = limits.map((limit) => limit.key)
	// A right password does not count (a shared counter computer signs in all day); with two-factor
	// sign-in, only once a right code follows it: someone who has the password gains nothing.
	if (!staff.totpEnabledAt) {
		await refundRateLimits(db, limitKeys)
		return ok(c, 'Signed in', await signInStaff(c.get('deps'), { privateKey }, staff))
	}
	if (isCodeLocked(staff)) throw new ApiError(423, OFFICE_MESSAGES.codeLocked)
	return ok(c, 'Enter the code your authenticator app shows', await askForCode(db, staff.id, limitKeys))
}

async function logout(c: Context<ApiEnv>) {
	const { tokenHash } = await requireStaff(c)
	await revokeStaffToken(c.get('deps').db, tokenHash)
	return ok(c, OFFICE_MESSAGES.loggedOut)
}

export const staffAuthRoutes = new Hono<ApiEnv>().post(officeAuthEndpoints.login.path, login).post(officeAuthEndpoints.logout.path, logout)

handle(staffAuthRoutes, officeAuthEndpoints.loginCode, async ({ c, deps: { db }, body }) => {
	const tokenHash = sha256(body.sPendingToken)
	const clientKey = `office-login:client:${clientAddress(c)}`
	await enforceRateLimits(c, [{ key: clientKey, ...STAFF_LOGIN_LIMITS.perClient }])
	const pending = await pendingSignIn(db, tokenHash)
	if (!pending) throw new ApiError(410, OFFICE_MESSAGES.signInExpired)
	const { staff, passwordLimitKeys } = pending
	await enforceRateLimits(c, [{ key: `office-code:ticket:${tokenHash}`, ...STAFF_LOGIN_LIMITS.codePerTicket }])
	const counted = await countCodeTry(db, staff)
	if (counted.refused === 'locked') throw new ApiError(423, OFFICE_MESSAGES.codeLocked)
	if (counted.refused === 'wait') throw tooManyAttempts(c, counted.seconds)
	if (!(await checkSignInCode(db, accountDeps(c).privateKey, staff, body.sCode))) {
		await recordWrongCode(c, staff, counted.wrongCodes)
		throw new ApiError(400, OFFICE_MESSAGES.codeFailed, { sCode: [OFFICE_MESSAGES.codeFailed] })
	}
	await forgetWrongCodes(db, staff.id)
	await endPendingSignIn(db, tokenHash)
	// Both steps succeeded: neither counts, the password step's limits included.
	await refundRateLimits(db, [clientKey, ...passwordLimitKeys])
	return { message: 'Signed in', data: await signInStaff(c.get('deps'), accountDeps(c), staff) }
})
