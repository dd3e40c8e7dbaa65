// Administrators manage the office's users and read the audit log (contract: app/contract/office/staff.ts).
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import { WRONG_CODE_RULES } from '~/contract/office/two-factor'
import { Hono } from 'hono'
import { OFFICE_STAFF_MESSAGES, officeStaffEndpoints, type StaffUser } from '~/contract/office/staff'
import { hashPassword } from '../../crypto/passwords'
import type { Database } from '../../db/client'
import { staffUsers } from '../../db/schema'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { listAudit, recordAudit } from '../../shared/audit'
import { endStaffSignIns } from '../../auth/staff'
import { clearWrongCodes, NO_WRONG_CODES } from '../two-factor/service'
import { accountDeps, type ApiEnv } from '../../env'

export const officeStaffRoutes = new Hono<ApiEnv>()

type Staff = typeof staffUsers.$inferSelect
const toStaffUser = (row: Staff): StaffUser => ({
	iStaffId: row.id,
	sUsername: row.username,
	sFullName: row.fullName,
	sRole: row.role,
	dCreatedAt: row.createdAt.toISOString(),
	dDisabledAt: row.disabledAt?.toISOString() ?? null,
	bTwoFactor: Boolean(row.totpEnabledAt),
	nWrongCodes: row.codeFailures,
	bCodeLocked: row.codeFailures >= WRONG_CODE_RULES.lockAfter,
	dWrongCodesAlertAt: row.codeAlertAt?.toISOString() ?? null,
})

/** Changes one user under the lock every change of role or access takes, so the last administrator is never lost. */
async function changeStaff(db: Database, actor: Staff, staffId: number, change: { role?: Staff['role']; disabled?: boolean }) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(724013)`)
		const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update')
		if (!user) throw new ApiError(404, OFFICE_STAFF_MESSAGES.notFound)
		const losesAdmin = user.role === 'admin' && !user.disabledAt && (change.disabled === true || (change.role !== undefined && change.role !== 'admin'))
		if (losesAdmin && user.id === actor.id) throw new ApiError(409, OFFICE_STAFF_MESSAGES.notYourself)
		if (losesAdmin) {
			const others = await tx
				.select({ id: staffUsers.id })
				.from(staffUsers)
				.where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt), ne(staffUsers.id, user.id)))
			if (others.length === 0) throw new ApiError(409, OFFICE_STAFF_MESSAGES.lastAdmin)
		}
		const [updated] = await tx
			.update(staffUsers)
			.set({
				...(change.role ? { role: change.role } : {}),
				...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (user.disabledAt ?? new Date()) : null }),
			})
			.where(eq(staffUsers.id, staffId))
			.returning()
		// Nothing signed in under the old role outlives it (a token, an open sign-in ticket): the next
		// sign-in asks what the new role must give, two-factor sign-in included.
		if (change.disabled || (change.role && change.role !== user.role)) await endStaffSignIns(tx, staffId)
		const summary = change.role ? `Role of ${user.username} set to ${change.role}` : `${user.username} ${change.disabled ? 'disabled' : 'enabled'}`
		await recordAudit(tx, actor, { action: change.role ? 'update' : change.disabled ? 'disable' : 'enable', entity: 'staff', entityId: staffId, summary })
		return updated!
	})
}

handle(officeStaffRoutes, officeStaffEndpoints.list, async ({ deps }) => ({
	message: OFFICE_STAFF_MESSAGES.list,
	data: (await deps.db.select().from(staffUsers).orderBy(asc(staffUsers.username))).map(toStaffUser),
}))

handle(officeStaffRoutes, officeStaffEndpoints.add, async ({ c, deps, caller, body }) => {
	const { passwordCost, signInPool } = accountDeps(c)
	const passwordHash = await hashPassword(body.sPassword, passwordCost, signInPool)
	const created = await deps.db.transaction(async (tx) => {
		const [row] = await tx
			.insert(staffUsers)
			.values({ username: body.sUsername, fullName: body.sFullName, role: body.sRole, passwordHash })
			.onConflictDoNothing({ target: staffUsers.username })
			.returning()
		if (!row) throw new ApiError(409, 'Please correct the highlighted fields.', { sUsername: [OFFICE_STAFF_MESSAGES.taken] })
		await recordAudit(tx, caller.staff, {
			action: 'create',
			entity: 'staff',
			entityId: row.id,
			summary: `Added ${row.username} (${row.fullName}) as ${row.role}`,
		})
		return row
	})
	return { message: OFFICE_STAFF_MESSAGES.added(created.username), data: toStaffUser(created), status: 201 }
})

handle(officeStaffRoutes, officeStaffEndpoints.setRole, async ({ deps, caller, params, body }) => ({
	message: OFFICE_STAFF_MESSAGES.roleChanged,
	data: toStaffUser(await changeStaff(deps.db, caller.staff, params.iStaffId, { role: body.sRole })),
}))

handle(officeStaffRoutes, officeStaffEndpoints.disable, async ({ deps, caller, params }) => ({
	message: OFFICE_STAFF_MESSAGES.disabled,
	data: toStaffUser(await changeStaff(deps.db, caller.staff, params.iStaffId, { disabled: true })),
}))

handle(officeStaffRoutes, officeStaffEndpoints.enable, async ({ deps, caller, params }) => ({
	message: OFFICE_STAFF_MESSAGES.enabled,
	data: toStaffUser(await changeStaff(deps.db, caller.staff, params.iStaffId, { disabled: false })),
}))

handle(officeStaffRoutes, officeStaffEndpoints.setPassword, async ({ c, deps, caller, params, body }) => {
	const { passwordCost, signInPool } = accountDeps(c)
	const passwordHash = await hashPassword(body.sPassword, passwordCost, signInPool)
	const updated = await deps.db.transaction(async (tx) => {
		// Whoever knew the old password knows nothing now: the wrong codes and their alert go too.
		const [row] = await tx
			.update(staffUsers)
			.set({ passwordHash, ...NO_WRONG_CODES, codeAlertAt: null })
			.where(eq(staffUsers.id, params.iStaffId))
			.returning()
		if (!row) throw new ApiError(404, OFFICE_STAFF_MESSAGES.notFound)
		// A new password ends the sign-ins made with the old one, but that of the administrator setting their own.
		await endStaffSignIns(tx, row.id, row.id === caller.staff.id ? caller.tokenHash : undefined)
		await recordAudit(tx, caller.staff, { action: 'reset-password', entity: 'staff', entityId: row.id, summary: `New password set for ${row.username}` })
		return row
	})
	return { message: OFFICE_STAFF_MESSAGES.passwordSet, data: toStaffUser(updated) }
})

handle(officeStaffRoutes, officeStaffEndpoints.clearWrongCodes, async ({ deps, caller, params }) => {
	const cleared = await deps.db.transaction(async (tx) => {
		const row = await clearWrongCodes(tx, params.iStaffId)
		if (!row) throw new ApiError(404, OFFICE_STAFF_MESSAGES.notFound)
		await recordAudit(tx, caller.staff, {
			action: 'clear-wrong-codes',
			entity: 'staff',
			entityId: row.id,
			summary: `Wrong two-factor codes of ${row.username} cleared, and any lock lifted`,
		})
		return row
	})
	return { message: OFFICE_STAFF_MESSAGES.wrongCodesCleared, data: toStaffUser(cleared) }
})

handle(officeStaffRoutes, officeStaffEndpoints.audit, async ({ deps, query }) => ({ message: 'Audit log', data: await listAudit(deps.db, query) }))
