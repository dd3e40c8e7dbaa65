// Two-factor sign-in for the office's staff (decision 0048): every staff user may turn it on for
// themselves; a live deployment requires it of administrators. The secret is answered only while
// it is being set up, and the recovery codes only once, when it is turned on.
import { z } from 'zod'
import { endpoint, endpointTable } from '../endpoint'
import { totpCodeSchema } from './auth'
import { ANY_STAFF } from './staff-roles'

export const TWO_FACTOR_PAGE = '/office/two-factor'
export const RECOVERY_CODE_COUNT = 10

export const TWO_FACTOR_MESSAGES = {
	status: 'Two-factor sign-in',
	setup: 'Scan the code with your authenticator app, then enter the code it shows.',
	required: `An administrator must turn on two-factor sign-in before using the office. Set it up at ${TWO_FACTOR_PAGE}.`,
	enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.',
	disabled: 'Two-factor sign-in is off.',
	alreadyOn: 'Two-factor sign-in is already on.',
	notOn: 'Two-factor sign-in is not on.',
	noSetup: 'Start the setup again: open the two-factor page for a new key.',
	wrongCode: 'The code is wrong. Check the time on your phone and try again with the next code.',
	requiredForAdmins: 'An administrator cannot turn off two-factor sign-in on a live deployment.',
} as const

/** Confirming the setup, and turning it off: a current code of the app. */
export const twoFactorCodeFormSchema = z.object({ sCode: totpCodeSchema })

export const twoFactorStatusSchema = z.object({
	bEnabled: z.boolean(),
	dEnabledAt: z.string().nullable(),
	nRecoveryCodesLeft: z.number().int(),
	/** This user may not be without it (an administrator of a live deployment). */
	bRequired: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>
/** The key being set up: the page shows it as a QR code and written out. */
export const twoFactorSetupSchema = z.object({ sSecret: z.string(), sOtpauthUri: z.string() })
export const recoveryCodesSchema = z.object({ aRecoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })

export const officeTwoFactorEndpoints = endpointTable('officeTwoFactor', {
	status: endpoint({ method: 'GET', path: '/office/two-factor/v1', access: ANY_STAFF, beforeTwoFactor: true, data: twoFactorStatusSchema }),
	/** The key being set up: the one offered before, or a new one. 409 once two-factor sign-in is on. */
	setup: endpoint({ method: 'POST', path: '/office/two-factor/setup/v1', access: ANY_STAFF, beforeTwoFactor: true, data: twoFactorSetupSchema }),
	confirm: endpoint({ method: 'POST', path: '/office/two-factor/confirm/v1', access: ANY_STAFF, beforeTwoFactor: true, body: twoFactorCodeFormSchema, data: recoveryCodesSchema }),
	disable: endpoint({ method: 'POST', path: '/office/two-factor/disable/v1', access: ANY_STAFF, beforeTwoFactor: true, body: twoFactorCodeFormSchema, data: z.undefined() }),
})
