// The branch office's staff: their roles and sign-in. Both the API and the portal import this.
import { z } from 'zod'
import { passwordSchema } from './accounts'
import { endpoint, endpointTable } from './endpoint'
import { ANY_STAFF, STAFF_ROLES } from './staff-roles'

export const OFFICE_PATHS = {
	login: '/auth/office/login/v1',
	logout: '/auth/office/logout/v1',
} as const

export const OFFICE_MESSAGES = {
	loginFailed: 'The username or password is incorrect.',
	loggedOut: 'Signed out',
} as const

export { STAFF_ROLES, type StaffRole } from './staff-roles'
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Role must be admin, editor, accounts or desk' })

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/
export const usernameSchema = z
	.string({ error: 'Username is required' })
	.trim()
	.toLowerCase()
	.regex(USERNAME_PATTERN, 'Username is 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter')
export const staffFullNameSchema = z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(120, 'Full name must be at most 120 characters')

/** sPassword travels RSA-encrypted, as every password field does (app/contract/accounts.ts). */
export const staffLoginSchema = z.object({ sUsername: usernameSchema, sPassword: passwordSchema() })
export const staffSummarySchema = z.object({ sUsername: z.string(), sFullName: z.string(), sRole: staffRoleSchema })
export type StaffSummary = z.infer<typeof staffSummarySchema>
export const staffLoginAnswerSchema = z.object({ sToken: z.string(), dExpiresAt: z.string(), oStaff: staffSummarySchema })
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>

export const officeAuthEndpoints = endpointTable('officeAuth', {
	login: endpoint({ method: 'POST', path: '/auth/office/login/v1', access: 'public', body: staffLoginSchema, data: staffLoginAnswerSchema }),
	logout: endpoint({ method: 'POST', path: '/auth/office/logout/v1', access: ANY_STAFF, data: z.undefined() }),
})
