// Staff sign-in for the office's API calls: a bearer token, stored only as its hash.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { bearerTokenHash, newToken, sha256 } from '../crypto/crypto'
import type { Database } from '../db/client'
import { preparedPerDatabase } from '../db/prepared'
import { staffTokens, staffUsers } from '../db/schema'
import { ApiError } from '../http'
import type { ApiDeps, ApiEnv } from '../env'

export const STAFF_TOKEN_VALID_HOURS = 12

export async function issueStaffToken(db: Database, staffId: number) {
	const token = newToken()
	const expiresAt = new Date(Date.now() + STAFF_TOKEN_VALID_HOURS * 60 * 60 * 1000)
	await db.insert(staffTokens).values({ tokenHash: sha256(token), staffId, expiresAt })
	return { token, expiresAt }
}

const tokenStaff = preparedPerDatabase((db) =>
	db
		.select({ staff: staffUsers })
		.from(staffTokens)
		.innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
		.where(and(eq(staffTokens.tokenHash, sql.placeholder('tokenHash')), isNull(staffTokens.revokedAt), gt(staffTokens.expiresAt, sql.placeholder('now')), isNull(staffUsers.disabledAt)))
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

/** An administrator of a live deployment without two-factor sign-in: only its setup (and signing out) works. */
export const twoFactorSetupDue = (deps: Pick<ApiDeps, 'requireAdminTwoFactor'>, staff: typeof staffUsers.$inferSelect) => Boolean(deps.requireAdminTwoFactor && staff.role === 'admin' && !staff.totpEnabledAt)
