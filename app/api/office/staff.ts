// Staff users are made by the office, never by public registration: from OFFICE_USERS at start
// (decision 0019) or with `npm run office` (scripts/office.mjs). Both come through here.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { staffTokens, staffUsers } from '../db/schema'
import type { StaffUserSetting } from './settings'

/**
 * Creates the user, or updates its name, password hash and whether it is disabled. A new password
 * or a disabling ends the sign-ins made before; applying the same setting again changes nothing.
 */
export async function saveStaffUser(db: Database, { username, fullName, passwordHash, disabled = false }: StaffUserSetting) {
	const [existing] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1)
	if (!existing) {
		await db.insert(staffUsers).values({ username, fullName, passwordHash, disabledAt: disabled ? new Date() : null })
		return 'created' as const
	}
	const wasDisabled = existing.disabledAt !== null
	if (existing.fullName === fullName && existing.passwordHash === passwordHash && wasDisabled === disabled) return 'unchanged' as const
	await db
		.update(staffUsers)
		.set({ fullName, passwordHash, disabledAt: disabled ? (existing.disabledAt ?? new Date()) : null })
		.where(eq(staffUsers.id, existing.id))
	if (existing.passwordHash !== passwordHash || (disabled && !wasDisabled)) await revokeStaffTokens(db, existing.id)
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
		if (disabled) await revokeStaffTokens(tx, row.id)
		return true
	})
}

async function revokeStaffTokens(db: Database, staffId: number) {
	await db
		.update(staffTokens)
		.set({ revokedAt: new Date() })
		.where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt)))
}

export function listStaffUsers(db: Database) {
	return db
		.select({ username: staffUsers.username, fullName: staffUsers.fullName, disabledAt: staffUsers.disabledAt, createdAt: staffUsers.createdAt })
		.from(staffUsers)
		.orderBy(asc(staffUsers.username))
}
