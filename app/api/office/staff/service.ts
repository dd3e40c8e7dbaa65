// Staff users are made by the office, never by public registration: from OFFICE_USERS at start
// (decision 0019) or with `npm run office` (scripts/office.mjs). Both come through here.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { staffUsers } from '../../db/schema'
import type { StaffRole } from '~/contract/office/auth'
import { endStaffSignIns } from '../../auth/staff'
import type { StaffUserSetting } from '../../shared/office-users'
import { NO_WRONG_CODES } from '../two-factor/service'

/**
 * Creates the user, or updates its name, password hash, role and whether it is disabled. A new
 * password (which also forgets wrong codes and their alert), a new role or a disabling ends the
 * sign-ins made before; applying the same setting again changes nothing.
 */
export async function saveStaffUser(db: Database, { username, fullName, passwordHash, role: givenRole, disabled = false }: StaffUserSetting) {
	const [existing] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1)
	// A new user is an editor unless told; an existing one keeps its role unless told.
	const role = givenRole ?? existing?.role ?? 'editor'
	if (!existing) {
		await db.insert(staffUsers).values({ username, fullName, passwordHash, role, disabledAt: disabled ? new Date() : null })
		return 'created' as const
	}
	const wasDisabled = existing.disabledAt !== null
	if (existing.fullName === fullName && existing.passwordHash === passwordHash && existing.role === role && wasDisabled === disabled)
		return 'unchanged' as const
	const newPassword = existing.passwordHash !== passwordHash
	await db
		.update(staffUsers)
		.set({
			fullName,
			passwordHash,
			role,
			disabledAt: disabled ? (existing.disabledAt ?? new Date()) : null,
			...(newPassword ? { ...NO_WRONG_CODES, codeAlertAt: null } : {}),
		})
		.where(eq(staffUsers.id, existing.id))
	if (newPassword || existing.role !== role || (disabled && !wasDisabled)) await endStaffSignIns(db, existing.id)
	return 'updated' as const
}

/** Applies OFFICE_USERS in one transaction: listed users are created or updated; others are left as they are. */
export async function applyStaffSettings(db: Database, settings: StaffUserSetting[]) {
	if (settings.length === 0) return { created: 0, updated: 0, unchanged: 0 }
	return db.transaction(async (tx) => {
		const counts = { created: 0, updated: 0, unchanged: 0 }
		for (const setting of settings) counts[await saveStaffUser(tx, setting)] += 1
		return counts
	})
}

/** Stops (or allows again) a user signing in; their tokens end at once. False when there is no such user. */
export async function setStaffDisabled(db: Database, username: string, disabled: boolean) {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.update(staffUsers)
			.set({ disabledAt: disabled ? sql`coalesce(${staffUsers.disabledAt}, now())` : null })
			.where(eq(staffUsers.username, username))
			.returning({ id: staffUsers.id })
		if (!row) return false
		if (disabled) await endStaffSignIns(tx, row.id)
		return true
	})
}

/** Whether some enabled administrator exists: without one nobody can manage the office. */
export async function hasActiveAdmin(db: Database) {
	const [admin] = await db
		.select({ id: staffUsers.id })
		.from(staffUsers)
		.where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
		.limit(1)
	return Boolean(admin)
}

export function listStaffUsers(db: Database) {
	return db
		.select({
			id: staffUsers.id,
			username: staffUsers.username,
			fullName: staffUsers.fullName,
			role: staffUsers.role,
			disabledAt: staffUsers.disabledAt,
			totpEnabledAt: staffUsers.totpEnabledAt,
			createdAt: staffUsers.createdAt,
		})
		.from(staffUsers)
		.orderBy(asc(staffUsers.username))
}

/** Changes a user's role, ending their sign-ins; the last enabled administrator cannot be made an editor. */
export async function setStaffRole(db: Database, username: string, role: StaffRole) {
	return db.transaction(async (tx) => {
		// One change of role at a time, so two demotions cannot both pass the last-admin check.
		await tx.execute(sql`select pg_advisory_xact_lock(724013)`)
		const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1)
		if (!user) return 'unknown' as const
		if (user.role === 'admin' && role !== 'admin' && !user.disabledAt) {
			const admins = await tx
				.select({ id: staffUsers.id })
				.from(staffUsers)
				.where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
			if (admins.length <= 1) return 'last-admin' as const
		}
		if (user.role === role) return 'changed' as const
		await tx.update(staffUsers).set({ role }).where(eq(staffUsers.id, user.id))
		await endStaffSignIns(tx, user.id)
		return 'changed' as const
	})
}
