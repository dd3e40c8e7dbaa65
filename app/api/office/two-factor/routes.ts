// Each staff user's own two-factor sign-in (contract: app/contract/office/two-factor.ts). The key
// is answered only while it is being set up; turning it on takes the password again and ends the
// user's other sign-ins; turning it on or off is in the audit log.
import { Hono, type Context } from 'hono'
import { officeTwoFactorEndpoints, TWO_FACTOR_MESSAGES } from '~/contract/office/two-factor'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { verifyPassword } from '../../crypto/passwords'
import { enforceRateLimits, refundRateLimits } from '../../rate-limit'
import { recordAudit } from '../../shared/audit'
import { endStaffSignIns, twoFactorRequired } from '../../auth/staff'
import { checkAppCode, disableTwoFactor, enableTwoFactor, otpauthUri, pendingSecret } from './service'
import { accountDeps, type ApiEnv } from '../../env'

export const officeTwoFactorRoutes = new Hono<ApiEnv>()

/** Wrong codes (and passwords) to turn it on or off, per user: a stolen token does not buy a run through them. */
export const TWO_FACTOR_CODE_LIMIT = { limit: 10, windowSeconds: 15 * 60 }

/** Counts a try with a code (429 past the limit); a right code gives it back. */
async function countedTry<T>(c: Context<ApiEnv>, staffId: number, attempt: () => Promise<T>, isRight: (outcome: T) => boolean) {
	const key = `office-2fa:${staffId}`
	await enforceRateLimits(c, [{ key, ...TWO_FACTOR_CODE_LIMIT }])
	const outcome = await attempt()
	if (isRight(outcome)) await refundRateLimits(c.get('deps').db, [key])
	return outcome
}

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.status, async ({ deps, caller: { staff } }) => ({
	message: TWO_FACTOR_MESSAGES.status,
	data: {
		bEnabled: Boolean(staff.totpEnabledAt),
		dEnabledAt: staff.totpEnabledAt?.toISOString() ?? null,
		nRecoveryCodesLeft: staff.recoveryCodeDigests.length,
		bRequired: twoFactorRequired(deps, staff),
	},
}))

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.setup, async ({ c, deps, caller: { staff } }) => {
	if (staff.totpEnabledAt) throw new ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
	const { privateKey, branchName } = accountDeps(c)
	const secret = await pendingSecret(deps.db, privateKey, staff)
	return { message: TWO_FACTOR_MESSAGES.setup, data: { sSecret: secret, sOtpauthUri: otpauthUri(secret, staff.username, `${branchName} office`) } }
})

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.confirm, async ({ c, deps, caller: { staff, tokenHash }, body }) => {
	const { privateKey, signInPool } = accountDeps(c)
	const outcome = await countedTry(
		c,
		staff.id,
		async () =>
			(await verifyPassword(body.sPassword, staff.passwordHash, signInPool))
				? enableTwoFactor(deps.db, privateKey, staff, body.sCode)
				: ('wrong-password' as const),
		(result) => result !== 'wrong-code' && result !== 'wrong-password',
	)
	if (outcome === 'already-on') throw new ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
	if (outcome === 'no-setup') throw new ApiError(409, TWO_FACTOR_MESSAGES.noSetup)
	if (outcome === 'wrong-password') throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongPassword, { sPassword: [TWO_FACTOR_MESSAGES.wrongPassword] })
	if (outcome === 'wrong-code') throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await deps.db.transaction(async (tx) => {
		// What was signed in with the password alone ends; the caller, who just gave both, stays.
		await endStaffSignIns(tx, staff.id, tokenHash)
		await recordAudit(tx, staff, {
			action: 'enable-two-factor',
			entity: 'staff',
			entityId: staff.id,
			summary: `${staff.username} turned on two-factor sign-in`,
		})
	})
	return { message: TWO_FACTOR_MESSAGES.enabled, data: { aRecoveryCodes: outcome } }
})

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.disable, async ({ c, deps, caller: { staff }, body }) => {
	if (!staff.totpEnabledAt) throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn)
	if (twoFactorRequired(deps, staff)) throw new ApiError(409, TWO_FACTOR_MESSAGES.requiredForRole)
	if (!(await countedTry(c, staff.id, () => checkAppCode(deps.db, accountDeps(c).privateKey, staff, body.sCode), Boolean)))
		throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await deps.db.transaction(async (tx) => {
		await disableTwoFactor(tx, staff.id)
		await recordAudit(tx, staff, {
			action: 'disable-two-factor',
			entity: 'staff',
			entityId: staff.id,
			summary: `${staff.username} turned off two-factor sign-in`,
		})
	})
	return { message: TWO_FACTOR_MESSAGES.disabled, data: undefined }
})
