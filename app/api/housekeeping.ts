// What anonymous requests leave behind is cleared on a timer, so nothing grows without bound: rate
// limit rows past any window, sessions, one-time passwords, device tokens and upload addresses past their expiry,
// profile pictures uploaded during a sign-up that no account ever took (the sign-up was abandoned),
// and newsletter subscriptions nobody confirmed within a week (anyone may type anyone's address).
import { and, eq, isNull, like, lt, notExists } from 'drizzle-orm'
import { CONFIRM_WITHIN_DAYS } from '~/contract/constants'
import type { Database } from './db/client'
import { accounts, deviceTokens, mediaFiles, newsletterSubscriptions, oneTimePasswords, rateLimits, sessions, uploadSlots } from './db/schema'

/** Longer than the longest rate-limit window (an hour), so a live window is never cut short. */
const RATE_LIMIT_KEEP_MS = 24 * 3600_000
/** An unclaimed sign-up picture is kept this long: a sign-up takes minutes, not a day. */
const UNCLAIMED_PICTURE_KEEP_MS = 24 * 3600_000
export const SWEEP_INTERVAL_MS = 3600_000

export async function sweep(db: Database, now = new Date(), profileFolder = 'profiles') {
	const before = (ms: number) => new Date(now.getTime() - ms)
	const counts = await db.transaction(async (tx) => {
		const limits = await tx
			.delete(rateLimits)
			.where(lt(rateLimits.windowStartedAt, before(RATE_LIMIT_KEEP_MS)))
			.returning({ key: rateLimits.key })
		const expiredSessions = await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })
		const codes = await tx.delete(oneTimePasswords).where(lt(oneTimePasswords.expiresAt, now)).returning({ email: oneTimePasswords.email })
		const devices = await tx.delete(deviceTokens).where(lt(deviceTokens.expiresAt, now)).returning({ tokenHash: deviceTokens.tokenHash })
		const slots = await tx.delete(uploadSlots).where(lt(uploadSlots.expiresAt, now)).returning({ id: uploadSlots.id })
		const pictures = await tx
			.delete(mediaFiles)
			.where(
				and(
					like(mediaFiles.path, `${profileFolder}/%`),
					lt(mediaFiles.createdAt, before(UNCLAIMED_PICTURE_KEEP_MS)),
					notExists(tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.profilePic, mediaFiles.path))),
				),
			)
			.returning({ path: mediaFiles.path })
		const unconfirmed = await tx
			.delete(newsletterSubscriptions)
			.where(and(isNull(newsletterSubscriptions.confirmedAt), lt(newsletterSubscriptions.createdAt, before(CONFIRM_WITHIN_DAYS * 24 * 3600_000))))
			.returning({ id: newsletterSubscriptions.id })
		return {
			rateLimits: limits.length,
			sessions: expiredSessions.length,
			oneTimePasswords: codes.length,
			deviceTokens: devices.length,
			uploadSlots: slots.length,
			pictures: pictures.length,
			unconfirmedSubscriptions: unconfirmed.length,
		}
	})
	return counts
}
