// Each staff user's own two-factor sign-in (contract: app/contract/office-two-factor.ts). The key
// is answered only while it is being set up; turning it on or off is in the audit log.
import { Hono } from 'hono'
import { officeTwoFactorEndpoints, TWO_FACTOR_MESSAGES } from '~/contract/office-two-factor'
import type { ApiEnv } from '../app'
import { accountDeps } from '../accounts/service'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { recordAudit } from './audit'
import { checkAppCode, disableTwoFactor, enableTwoFactor, otpauthUri, pendingSecret } from './two-factor'

export const officeTwoFactorRoutes = new Hono<ApiEnv>()

const required = (deps: { requireAdminTwoFactor?: boolean }, role: string) => Boolean(deps.requireAdminTwoFactor && role === 'admin')

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
	const outcome = await enableTwoFactor(deps.db, accountDeps(c).privateKey, staff, body.sCode)
	if (outcome === 'already-on') throw new ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
	if (outcome === 'no-setup') throw new ApiError(409, TWO_FACTOR_MESSAGES.noSetup)
	if (outcome === 'wrong-code') throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await recordAudit(deps.db, staff, { action: 'enable-two-factor', entity: 'staff', entityId: staff.id, summary: `${staff.username} turned on two-factor sign-in` })
	return { message: TWO_FACTOR_MESSAGES.enabled, data: { aRecoveryCodes: outcome } }
})

handle(officeTwoFactorRoutes, officeTwoFactorEndpoints.disable, async ({ c, deps, caller: { staff }, body }) => {
	if (!staff.totpEnabledAt) throw new ApiError(409, TWO_FACTOR_MESSAGES.notOn)
	if (required(deps, staff.role)) throw new ApiError(409, TWO_FACTOR_MESSAGES.requiredForAdmins)
	if (!(await checkAppCode(deps.db, accountDeps(c).privateKey, staff, body.sCode))) throw new ApiError(400, TWO_FACTOR_MESSAGES.wrongCode, { sCode: [TWO_FACTOR_MESSAGES.wrongCode] })
	await deps.db.transaction(async (tx) => {
		await disableTwoFactor(tx, staff.id)
		await recordAudit(tx, staff, { action: 'disable-two-factor', entity: 'staff', entityId: staff.id, summary: `${staff.username} turned off two-factor sign-in` })
	})
	return { message: TWO_FACTOR_MESSAGES.disabled, data: undefined }
})
