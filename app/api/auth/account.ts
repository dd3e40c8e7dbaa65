// A member's or student's sign-in for the API calls: a bearer token, stored only as its hash.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { USER_TYPES, type Role } from '~/contract/constants'
import { bearerTokenHash } from '../crypto/crypto'
import { preparedPerDatabase } from '../db/prepared'
import { accounts, accountTokens } from '../db/schema'
import { ApiError } from '../http'
import type { ApiEnv } from '../env'

const tokenAccount = preparedPerDatabase((db) =>
	db
		.select({ account: accounts })
		.from(accountTokens)
		.innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
		.where(
			and(
				eq(accountTokens.tokenHash, sql.placeholder('tokenHash')),
				isNull(accountTokens.revokedAt),
				gt(accountTokens.expiresAt, sql.placeholder('now')),
				eq(accounts.userType, sql.placeholder('userType')),
			),
		)
		.limit(1)
		.prepare('token_account'),
)

/** The account behind the Authorization header, for the role of the call; 401 for anything else. */
export async function requireAccount(c: Context<ApiEnv>, role: Role) {
	const tokenHash = bearerTokenHash(c)
	const { db, log } = c.get('deps')
	log.debug('Account token checked')
	const [row] = await tokenAccount(db).execute({ tokenHash, now: new Date().toISOString(), userType: USER_TYPES[role] })
	if (!row) throw new ApiError(401, 'Authentication failed')
	return { account: row.account, tokenHash }
}
