// Rate limits kept in the database (fixed windows), so they hold across restarts and instances.
import { createHash } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Database } from './db/client'
import { rateLimits } from './db/schema'
import { ApiError } from './http'
import type { ApiEnv } from './env'

export type RateLimit = { limit: number; windowSeconds: number }

/** A longer key is kept as its digest. */
const READABLE_KEY_MAX_LENGTH = 200

/**
 * Keys name what they count (`login:member:123456`), often with what a caller sent. PostgreSQL's
 * text holds no NUL and its index entries have a size limit, so such a key is kept as its digest.
 */
function storedKey(key: string) {
	if (key.length <= READABLE_KEY_MAX_LENGTH && !key.includes('\u0000')) return key
	return `sha256:${createHash('sha256').update(key).digest('hex')}`
}

/** Counts one use of `key`; answers whether it is still within the limit. One atomic statement. */
export async function consumeRateLimit(db: Database, key: string, { limit, windowSeconds }: RateLimit) {
	const windowExpired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`
	const [row] = await db
		.insert(rateLimits)
		.values({ key: storedKey(key), windowStartedAt: sql`now()`, count: 1 })
		.onConflictDoUpdate({
			target: rateLimits.key,
			set: {
				count: sql`case when ${windowExpired} then 1 else ${rateLimits.count} + 1 end`,
				windowStartedAt: sql`case when ${windowExpired} then now() else ${rateLimits.windowStartedAt} end`,
			},
		})
		.returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt })
	const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStartedAt.getTime() + windowSeconds * 1000 - Date.now()) / 1000))
	return { allowed: row!.count <= limit, retryAfterSeconds }
}

/** Consumes every limit given (all are counted, so a blocked key stays blocked); 429 if any is exceeded. */
export async function enforceRateLimits(c: Context<ApiEnv>, limits: Array<RateLimit & { key: string }>) {
	const { db } = c.get('deps')
	const results = await Promise.all(limits.map((l) => consumeRateLimit(db, l.key, l)))
	const refused = results.filter((r) => !r.allowed)
	if (refused.length === 0) return
	throw tooManyAttempts(c, Math.max(...refused.map((r) => r.retryAfterSeconds)))
}

/** The 429 of a caller who must wait `seconds`, with its `Retry-After`. */
export function tooManyAttempts(c: Context<ApiEnv>, seconds: number) {
	c.header('Retry-After', String(seconds))
	return new ApiError(429, `Too many attempts. Please try again in ${formatWait(seconds)}.`)
}

/** Gives back one use of each key: an attempt that succeeded (a right password) does not count against its limits. */
export async function refundRateLimits(db: Database, keys: string[]) {
	await db
		.update(rateLimits)
		.set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
		.where(inArray(rateLimits.key, keys.map(storedKey)))
}

function formatWait(seconds: number) {
	if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
	const minutes = Math.ceil(seconds / 60)
	return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * The end user's address: the portal passes it in-process as a binding (its Express app knows it,
 * behind trusted proxies); over HTTP it is the connection's address the portal saw.
 */
export function clientAddress(c: Context<ApiEnv>) {
	return c.env?.clientAddress ?? 'unknown'
}
