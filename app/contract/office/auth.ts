// The branch office's staff: their roles and sign-in. Both the API and the portal import this.
import { z } from 'zod'
import { passwordSchema } from '../accounts'
import { endpoint, endpointTable } from '../endpoint'
import { ANY_STAFF, STAFF_ROLES } from './staff-roles'

export const OFFICE_PATHS = {
	login: '/auth/office/login/v1',
	logout: '/auth/office/logout/v1',
	loginCode: '/auth/office/login/code/v1',
} as const

export const OFFICE_MESSAGES = {
	loginFailed: 'The username or password is incorrect.',
	loggedOut: 'Signed out',
	codeFailed: 'The code is wrong, or it was used already. Please try again with the next one.',
	signInExpired: 'The sign-in took too long. Please sign in again.',
	codeLocked: 'Two-factor sign-in of this user is locked after too many wrong codes in a row. An administrator can lift the lock on the office’s staff page.',
} as const

export { STAFF_ROLES, type StaffRole } from './staff-roles'
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Role must be admin, editor, accounts or desk' })

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/
export const usernameSchema = z
	.string({ error: 'Username is required' })
	.trim()
	.toLowerCase()
	.regex(USERNAME_PATTERN, 'Username is 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter')
export const staffFullNameSchema = z
	.string({ error: 'Full name is required' })
	.trim()
	.min(1, 'Full name is required')
	.max(120, 'Full name must be at most 120 characters')

/** sPassword travels RSA-encrypted, as every password field does (app/contract/accounts.ts). */
export const staffLoginSchema = z.object({ sUsername: usernameSchema, sPassword: passwordSchema() })
export const staffSummarySchema = z.object({ sUsername: z.string(), sFullName: z.string(), sRole: staffRoleSchema })
export type StaffSummary = z.infer<typeof staffSummarySchema>
/** The device token a browser got at its last sign-in (members have the same, app/contract/accounts.ts): it lets that browser past a lock-out strangers caused. */
const withDeviceToken = z.object({ sDeviceToken: z.string().max(200).optional() })

/** A code from the authenticator app (six digits), or one of the ten recovery codes (`abcde-23456`). */
export const TOTP_CODE_PATTERN = /^\d{6}$/
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/
export const totpCodeSchema = z
	.string({ error: 'Code is required' })
	.transform((code) => code.replace(/\s+/g, ''))
	.pipe(z.string().min(1, 'Code is required').regex(TOTP_CODE_PATTERN, 'Enter the 6-digit code your app shows'))
export const signInCodeSchema = z
	.string({ error: 'Code is required' })
	.transform((code) => code.replace(/\s+/g, '').toLowerCase())
	.pipe(
		z
			.string()
			.min(1, 'Code is required')
			.refine(
				(code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
				'Enter the 6-digit code your app shows, or one of your recovery codes',
			),
	)
/** The sign-in's second step, as the office's form sends it. */
export const staffCodeFormSchema = z.object({ sCode: signInCodeSchema })
/** …and as the API takes it: with the ticket the password step gave. */
export const staffLoginCodeSchema = staffCodeFormSchema.extend({ sPendingToken: z.string({ error: 'The sign-in ticket is missing' }).min(20).max(200) })

export const staffSignedInSchema = z.object({
	bCodeNeeded: z.literal(false),
	sToken: z.string(),
	dExpiresAt: z.string(),
	oStaff: staffSummarySchema,
	sDeviceToken: z.string(),
	/** An administrator of a live deployment without two-factor sign-in: only its setup works until it is on. */
	bTwoFactorSetupDue: z.boolean(),
})
/** The password was right and the user has two-factor sign-in: no token yet, a ticket for the code step. */
export const staffCodeNeededSchema = z.object({ bCodeNeeded: z.literal(true), sPendingToken: z.string(), dExpiresAt: z.string() })
export const staffLoginAnswerSchema = z.discriminatedUnion('bCodeNeeded', [staffSignedInSchema, staffCodeNeededSchema])
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>

export const officeAuthEndpoints = endpointTable('officeAuth', {
	login: endpoint({
		method: 'POST',
		path: '/auth/office/login/v1',
		access: 'public',
		noStore: true,
		body: staffLoginSchema.extend(withDeviceToken.shape),
		data: staffLoginAnswerSchema,
	}),
	loginCode: endpoint({
		method: 'POST',
		path: '/auth/office/login/code/v1',
		access: 'public',
		noStore: true,
		body: staffLoginCodeSchema,
		data: staffSignedInSchema,
	}),
	logout: endpoint({ method: 'POST', path: '/auth/office/logout/v1', access: ANY_STAFF, beforeTwoFactor: true, data: z.undefined() }),
})
