// Each staff user's own two-factor sign-in (contract: app/contract/office/two-factor.ts). The key
// is answered only while it is being set up; turning it on or off is in the audit log.
import { Hono, type Context } from 'hono'
import { officeTwoFactorEndpoints, TWO_FACTOR_MESSAGES } from '~/contract/office/two-factor'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { enforceRateLimits, refundRateLimits } from '../../rate-limit'
import { recordAudit } from '../../shared/audit'
import { checkAppCode, disableTwoFactor, enableTwoFactor, otpauthUri, pendingSecret } from './service'
import { accountDeps, type ApiEnv } from '../../env'

export const officeTwoFactorRoutes = new Hono<ApiEnv>()

const required = (deps: { requireAdminTwoFactor?: boolean }, role: string) => Boolean(deps.requireAdminTwoFactor && role === 'admin')

/** Wrong codes to turn it on or off, per user: a stolen token does not buy a run through the codes. */
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
		bRequired: required(deps, staff.role),
	},
}))

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.setup, async ({ c, deps, caller: { staff } }) => {
	if (staff.totpEnabledAt) throw new ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
	const { privateKey, branchName } = accountDeps(c)
	const secret = await pendingSecret(deps.db, privateKey, staff)
	return { message: TWO_FACTOR_MESSAGES.setup, data: { sSecret: secret, sOtpauthUri: otpauthUri(secret, staff.username, `${branchName} office`) } }
})

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.confirm, async ({ c, deps, caller: { staff }, body }) => {
	const outcome = await countedTry(c, staff.id, () => enableTwoFactor(deps.db, accountDeps(c).privateKey, staff, body.sCode), (result) => result !== 'wrong-code')
	if (outcome === 'already-on') throw new ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
	if (outcome === 'no-setup') throw new ApiError(409, TWO_FACTOR_MESSAGES.noSetup)
	if (outcome === 'wrong-code') throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await recordAudit(deps.db, staff, { action: 'enable-two-factor', entity: 'staff', entityId: staff.id, summary: `${staff.username} turned on two-factor sign-in` })
	return { message: TWO_FACTOR_MESSAGES.enabled, data: { aRecoveryCodes: outcome } }
})

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.disable, async ({ c, deps, caller: { staff }, body }) => {
	if (!staff.totpEnabledAt) throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn)
	if (required(deps, staff.role)) throw new ApiError(409, TWO_FACTOR_MESSAGES.requiredForAdmins)
	if (!(await countedTry(c, staff.id, () => checkAppCode(deps.db, accountDeps(c).privateKey, staff, body.sCode), Boolean))) throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await deps.db.transaction(async (tx) => {
		await disableTwoFactor(tx, staff.id)
		await recordAudit(tx, staff, { action: 'disable-two-factor', entity: 'staff', entityId: staff.id, summary: `${staff.username} turned off two-factor sign-in` })
	})
	return { message: TWO_FACTOR_MESSAGES.disabled, data: undefined }
})
