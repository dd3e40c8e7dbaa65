// The office's own people and its audit log: administrators add staff users, change their roles,
// disable them and set new passwords; every office change is listed in the audit log.
import { z } from 'zod'
import { passwordSchema } from '../accounts'
import { blankAsMissing, recordIdSchema } from '../api'
import { endpoint, endpointTable } from '../endpoint'
import { staffFullNameSchema, staffRoleSchema, usernameSchema } from './auth'
import { ADMIN_ONLY } from './staff-roles'

export const OFFICE_STAFF_MESSAGES = {
	list: 'Office users',
	added: (username: string) => `Office user ${username} is added.`,
	roleChanged: 'The role is changed.',
	disabled: 'The office user is disabled and signed out.',
	enabled: 'The office user is enabled.',
	passwordSet: 'The new password is set; the user’s sign-ins ended.',
	notFound: 'No such office user.',
	taken: 'This username is taken.',
	lastAdmin: 'This is the last active administrator. Make another administrator first.',
	notYourself: 'You cannot disable yourself or take away your own administrator role.',
	wrongCodesCleared: 'The wrong codes are cleared: the user’s code step is open again and the alert is gone.',
} as const

export const staffUserSchema = z.object({
	iStaffId: z.number().int(),
	sUsername: z.string(),
	sFullName: z.string(),
	sRole: staffRoleSchema,
	dCreatedAt: z.string(),
	dDisabledAt: z.string().nullable(),
	bTwoFactor: z.boolean(),
	/** Wrong codes in a row at the sign-in's code step (decision 0061). */
	nWrongCodes: z.number().int(),
	/** So many wrong codes that the code step is locked until an administrator lifts it. */
	bCodeLocked: z.boolean(),
	/** When a right password first met several wrong codes; null once an administrator cleared it or set a new password. */
	dWrongCodesAlertAt: z.string().nullable(),
})
export type StaffUser = z.infer<typeof staffUserSchema>

export const newStaffSchema = z.object({ sUsername: usernameSchema, sFullName: staffFullNameSchema, sRole: staffRoleSchema, sPassword: passwordSchema() })
export const staffRoleFormSchema = z.object({ sRole: staffRoleSchema })
export const staffPasswordSchema = z.object({ sPassword: passwordSchema('New password') })

export const AUDIT_PAGE_SIZE = 50
export const auditQuerySchema = z.object({
	oFilter: z
		.object({ iStaffId: blankAsMissing(recordIdSchema), sEntity: blankAsMissing(z.string().trim().max(40)) })
		.optional()
		.default({}),
	oPaging: z
		.object({ nPage: blankAsMissing(z.coerce.number().int().min(1).max(10_000)).default(1) })
		.optional()
		.default({ nPage: 1 }),
})

export const auditEntrySchema = z.object({
	iAuditId: z.number().int(),
	dAt: z.string(),
	sStaffUsername: z.string(),
	sAction: z.string(),
	sEntity: z.string(),
	sEntityId: z.string().nullable(),
	sSummary: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

const staffParams = z.object({ iStaffId: recordIdSchema })
const byId = { access: ADMIN_ONLY, params: staffParams, notFound: OFFICE_STAFF_MESSAGES.notFound } as const

export const officeStaffEndpoints = endpointTable('officeStaff', {
	list: endpoint({ method: 'GET', path: '/office/staff/v1', access: ADMIN_ONLY, data: z.array(staffUserSchema) }),
	add: endpoint({
		method: 'POST',
		path: '/office/staff/v1',
		access: ADMIN_ONLY,
		body: newStaffSchema,
		encryptedPasswords: ['sPassword'],
		data: staffUserSchema,
	}),
	setRole: endpoint({ method: 'PUT', path: '/office/staff/:iStaffId/role/v1', ...byId, body: staffRoleFormSchema, data: staffUserSchema }),
	disable: endpoint({ method: 'POST', path: '/office/staff/:iStaffId/disable/v1', ...byId, data: staffUserSchema }),
	enable: endpoint({ method: 'POST', path: '/office/staff/:iStaffId/enable/v1', ...byId, data: staffUserSchema }),
	/** Lifts a lock after wrong codes, and the dashboard's alert about them. */
	clearWrongCodes: endpoint({ method: 'POST', path: '/office/staff/:iStaffId/wrong-codes/clear/v1', ...byId, data: staffUserSchema }),
	setPassword: endpoint({
		method: 'POST',
		path: '/office/staff/:iStaffId/password/v1',
		...byId,
		body: staffPasswordSchema,
		encryptedPasswords: ['sPassword'],
		data: staffUserSchema,
	}),
	audit: endpoint({
		method: 'GET',
		path: '/office/audit/v1',
		access: ADMIN_ONLY,
		query: auditQuerySchema,
		data: z.object({
			aEntries: z.array(auditEntrySchema),
			nTotal: z.number().int(),
			nPage: z.number().int(),
			nPageSize: z.number().int(),
			aEntities: z.array(z.string()),
		}),
	}),
})
