// The office's four roles, as a branch divides its work, and which of them an API entry admits.
// The API enforces an entry's roles (app/api/endpoints.ts); the office pages and navigation read
// the same field, so there is one list of who may do what. No zod here: the office navigation
// ships this module to the browser (the schema is in ./office).
export const STAFF_ROLES = ['admin', 'editor', 'accounts', 'desk'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = { admin: 'Administrator', editor: 'Editor', accounts: 'Accounts', desk: 'Desk' }
export const STAFF_ROLE_DUTIES: Record<StaffRole, string> = {
	admin: 'everything, staff users and the audit log included',
	editor: 'events, newsletters, gallery, committees, pages, announcements and mailings',
	accounts: 'payments, refunds, registrations, attendance, reports, subscribers and account corrections',
	desk: "an event's registrations and attendance only",
}

/**
 * The roles a live deployment requires to sign in with two factors (decision 0061): an
 * administrator can do everything; the accounts office moves money and can change a member's
 * e-mail address, which is a way to take over the account.
 */
export const TWO_FACTOR_ROLES: readonly StaffRole[] = ['admin', 'accounts']
export const needsTwoFactor = (role: StaffRole) => TWO_FACTOR_ROLES.includes(role)

/** An office entry: the staff roles that may call it. */
export type OfficeAccess = { readonly office: readonly StaffRole[] }

/** The roles an office entry admits: an administrator always, and those named. */
export const officeRoles = <const R extends readonly Exclude<StaffRole, 'admin'>[]>(...roles: R): OfficeAccess => ({ office: ['admin', ...roles] })

export const ANY_STAFF = officeRoles('editor', 'accounts', 'desk')
export const ADMIN_ONLY = officeRoles()
export const EDITORS = officeRoles('editor')
export const ACCOUNTS = officeRoles('accounts')
/** An event's registrations and attendance: the accounts office and the desk at the door. */
export const ATTENDANCE = officeRoles('accounts', 'desk')

export const isOfficeAccess = (access: unknown): access is OfficeAccess => typeof access === 'object' && access !== null && 'office' in access

export const admits = (access: OfficeAccess, role: StaffRole) => access.office.includes(role)

export const refusalFor = (role: StaffRole) =>
	`Your office role (${STAFF_ROLE_NAMES[role].toLowerCase()}) may not do this. Ask an administrator if you need it.`
