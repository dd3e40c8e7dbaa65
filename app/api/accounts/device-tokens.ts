// Device tokens (decision 0063): proof that this browser signed in to this account before, so that
// a stranger's guesses, which lock the account for browsers it does not know, do not keep it out
// (OWASP's device cookies). Each token is one browser's: random, kept only as its hash, replaced at
// every sign-in made with it, honoured only for its account and only under a limit of its own.
import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm'
import { DEVICE_TOKEN_VALID_DAYS } from '~/contract/accounts'
import { USER_TYPES, type Role } from '~/contract/constants'
import type { Database } from '../db/client'
import { accounts, deviceTokens } from '../db/schema'
import { newToken, sha256 } from '../crypto/crypto'

/**
 * Wrong passwords a token may meet in its life before it is withdrawn: its limit per window alone
 * would let a copy guess for months. A browser that signs in gets a new token, counting from nought.
 */
const WRONG_PASSWORDS_PER_TOKEN = 30

/** Browsers remembered per account; the one that signed in longest ago is forgotten first. */
const TOKENS_PER_ACCOUNT = 10

/** What `newToken` makes: 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN_SHAPE = /^[\w-]{43}$/

/** The hash of the device token sent, when it is a live one of this role's account with this number; otherwise undefined. */
export async function recognisedDevice(db: Database, role: Role, rawNumber: string, sent: unknown) {
	if (typeof sent !== 'string' || !TOKEN_SHAPE.test(sent)) return undefined
	const [row] = await db
		.select({ tokenHash: deviceTokens.tokenHash })
		.from(deviceTokens)
		.innerJoin(accounts, eq(accounts.id, deviceTokens.accountId))
		.where(
			and(
				eq(deviceTokens.tokenHash, sha256(sent)),
				gt(deviceTokens.expiresAt, sql`now()`),
				eq(accounts.userType, USER_TYPES[role]),
				eq(sql`lower(${accounts.number})`, rawNumber),
			),
		)
		.limit(1)
	return row?.tokenHash
}

/** A wrong password met with this token; the last one it may meet withdraws it. */
export async function countWrongPassword(db: Database, tokenHash: string) {
	const [row] = await db
		.update(deviceTokens)
		.set({ wrongPasswords: sql`${deviceTokens.wrongPasswords} + 1` })
		.where(eq(deviceTokens.tokenHash, tokenHash))
		.returning({ wrongPasswords: deviceTokens.wrongPasswords })
	if (row && row.wrongPasswords >= WRONG_PASSWORDS_PER_TOKEN) await db.delete(deviceTokens).where(eq(deviceTokens.tokenHash, tokenHash))
}

/**
 * A new token for the browser that has just signed in. The one it sent (`spent`) is withdrawn, so a
 * copy of it left elsewhere is no longer honoured; so are those beyond the account's number of
 * browsers (expired ones go with the hourly sweep, housekeeping.ts).
 */
export async function issueDeviceToken(db: Database, accountId: number, spent: string | undefined) {
	const token = newToken()
	await db.transaction(async (tx) => {
		if (spent) await tx.delete(deviceTokens).where(eq(deviceTokens.tokenHash, spent))
		await tx.insert(deviceTokens).values({ tokenHash: sha256(token), accountId, expiresAt: sql`now() + make_interval(days => ${DEVICE_TOKEN_VALID_DAYS})` })
		const newest = tx
			.select({ tokenHash: deviceTokens.tokenHash })
			.from(deviceTokens)
			.where(eq(deviceTokens.accountId, accountId))
			.orderBy(desc(deviceTokens.createdAt))
			.limit(TOKENS_PER_ACCOUNT)
		await tx.delete(deviceTokens).where(and(eq(deviceTokens.accountId, accountId), notInArray(deviceTokens.tokenHash, newest)))
	})
	return token
}

/** Every browser of the account is a stranger again: its password was reset or changed, or the account closed. */
export async function forgetDevices(db: Pick<Database, 'delete'>, accountId: number) {
	await db.delete(deviceTokens).where(eq(deviceTokens.accountId, accountId))
}
