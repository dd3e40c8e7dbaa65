// Staff sign-in for the office's API calls: a bearer token, stored only as its hash.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { needsTwoFactor } from '~/contract/office/staff-roles'
import { bearerTokenHash, newToken, sha256 } from '../crypto/crypto'
import type { Database } from '../db/client'
import { preparedPerDatabase } from '../db/prepared'
import { staffPendingSignIns, staffTokens, staffUsers } from '../db/schema'
import { ApiError } from '../http'
import type { ApiDeps, ApiEnv } from '../env'

export const STAFF_TOKEN_VALID_HOURS = 12

export async function issueStaffToken(db: Database, staffId: number) {
	const token = newToken()
	const expiresAt = new Date(Date.now() + STAFF_TOKEN_VALID_HOURS * 60 * 60 * 1000)
	await db.insert(staffTokens).values({ tokenHash: sha256(token), staffId, expiresAt })
	return { token, expiresAt }
}

/**
 * Ends a staff user's sign-ins: every live token but `keep` (the caller's own, when they change
 * themselves) and every open sign-in ticket. A new password, a new role and turning on two-factor
 * sign-in do it, so nothing signed in under the old terms outlives them (decision 0061).
 */
export async function endStaffSignIns(db: Database, staffId: number, keep?: string) {
	const live = and(eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt))
	await db
		.update(staffTokens)
		.set({ revokedAt: new Date() })
		.where(keep ? and(live, ne(staffTokens.tokenHash, keep)) : live)
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, staffId))
}

const tokenStaff = preparedPerDatabase((db) =>
	db
		.select({ staff: staffUsers })
		.from(staffTokens)
		.innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
		.where(
			and(
				eq(staffTokens.tokenHash, sql.placeholder('tokenHash')),
				isNull(staffTokens.revokedAt),
				gt(staffTokens.expiresAt, sql.placeholder('now')),
				isNull(staffUsers.disabledAt),
			),
		)
		.limit(1)
		.prepare('token_staff'),
)

/** The staff user behind the Authorization header; 401 for anything else, a member's token included. */
export async function requireStaff(c: Context<ApiEnv>) {
	const tokenHash = bearerTokenHash(c)
	const { db } = c.get('deps')
	const [row] = await tokenStaff(db).execute({ tokenHash, now: new Date().toISOString() })
	if (!row) throw new ApiError(401, 'Authentication failed')
	return { staff: row.staff, tokenHash }
}

type Staff = typeof staffUsers.$inferSelect

/** The user may not be without it: a live deployment, and a role that must have it (app/contract/office/staff-roles.ts). */
export const twoFactorRequired = (deps: Pick<ApiDeps, 'requireTwoFactor'>, staff: Pick<Staff, 'role'>) =>
	Boolean(deps.requireTwoFactor && needsTwoFactor(staff.role))

/** Such a user without it: only its setup (and signing out) works. */
export const twoFactorSetupDue = (deps: Pick<ApiDeps, 'requireTwoFactor'>, staff: Staff) => twoFactorRequired(deps, staff) && !staff.totpEnabledAt
