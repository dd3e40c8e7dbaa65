// Two-factor sign-in for the office's staff (decisions 0048 and 0061): every staff user may turn it
// on for themselves; a live deployment requires it of the roles that must have it. The secret is
// answered only while it is being set up, and the recovery codes only once, when it is turned on.
import { z } from 'zod'
import { passwordSchema } from '../accounts'
import { endpoint, endpointTable } from '../endpoint'
import { totpCodeSchema } from './auth'
import { ANY_STAFF } from './staff-roles'

export const TWO_FACTOR_PAGE = '/office/two-factor'
export const RECOVERY_CODE_COUNT = 10

export const TWO_FACTOR_MESSAGES = {
	status: 'Two-factor sign-in',
	setup: 'Scan the code with your authenticator app, then enter the code it shows.',
	required: `Your role must use two-factor sign-in on this office: set it up at ${TWO_FACTOR_PAGE} before anything else.`,
	enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.',
	disabled: 'Two-factor sign-in is off.',
	alreadyOn: 'Two-factor sign-in is already on.',
	notOn: 'Two-factor sign-in is not on.',
	noSetup: 'Start the setup again: open the two-factor page for a new key.',
	wrongCode: 'The code is wrong. Check the time on your phone and try again with the next code.',
	requiredForRole: 'Your role must keep two-factor sign-in on here.',
	wrongPassword: 'The password is wrong.',
} as const

/**
 * Wrong codes in a row at the sign-in's code step, counted per user in the database (decision 0061).
 * Each try has at most 3 live codes in a million; 20 tries are a 0.006 % chance, a fifth of what
 * NIST SP 800-63B's outer bound of 100 allows, and more than a person with their phone ever needs.
 */
export const WRONG_CODE_RULES = {
	/** From this many the administrators are told, and the user by mail: someone who knows the password is trying codes. */
	alertAfter: 3,
	/** From this many each next try waits: 30 seconds, then twice as long each time, at most an hour. */
	waitAfter: 5,
	firstWaitSeconds: 30,
	longestWaitSeconds: 60 * 60,
	/** Then the code step is locked until an administrator lifts it. */
	lockAfter: 20,
} as const

/** How long after the last wrong one the next code may be tried. */
export const codeWaitSeconds = (wrongCodes: number) =>
	wrongCodes < WRONG_CODE_RULES.waitAfter
		? 0
		: Math.min(WRONG_CODE_RULES.firstWaitSeconds * 2 ** (wrongCodes - WRONG_CODE_RULES.waitAfter), WRONG_CODE_RULES.longestWaitSeconds)

/** Turning it off: a current code of the app. */
export const twoFactorCodeFormSchema = z.object({ sCode: totpCodeSchema })
/**
 * Turning it on: a current code of the new key, and the password again, so that a token taken from
 * a browser cannot enrol someone else's authenticator. The password travels RSA-encrypted.
 */
export const twoFactorConfirmSchema = twoFactorCodeFormSchema.extend({ sPassword: passwordSchema() })

export const twoFactorStatusSchema = z.object({
	bEnabled: z.boolean(),
	dEnabledAt: z.string().nullable(),
	nRecoveryCodesLeft: z.number().int(),
	/** This user may not be without it (a live deployment, and a role that must have it). */
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
	/** Turns it on and ends every other sign-in of the user: tokens and tickets made before it was on. */
	confirm: endpoint({
		method: 'POST',
		path: '/office/two-factor/confirm/v1',
		access: ANY_STAFF,
		beforeTwoFactor: true,
		body: twoFactorConfirmSchema,
		encryptedPasswords: ['sPassword'],
		data: recoveryCodesSchema,
	}),
	disable: endpoint({
		method: 'POST',
		path: '/office/two-factor/disable/v1',
		access: ANY_STAFF,
		beforeTwoFactor: true,
		body: twoFactorCodeFormSchema,
		data: z.undefined(),
	}),
})
