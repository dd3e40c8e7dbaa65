// The signed link in every mail to a subscriber. It names the subscription by its id and the day
// it was made, signed with HMAC-SHA-256: no e-mail address in clear, and no way to forge one for
// someone else. A link is honoured for a year, longer than anyone keeps an old issue.
import { createHmac, timingSafeEqual } from 'node:crypto'

const DAY_MS = 24 * 60 * 60 * 1000
export const UNSUBSCRIBE_LINK_DAYS = 366

function signature(key: string, payload: string) {
	return createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url')
}

export function unsubscribeToken(key: string, subscriptionId: number, now = new Date()) {
	const payload = `${subscriptionId.toString(36)}.${Math.floor(now.getTime() / DAY_MS).toString(36)}`
	return `${payload}.${signature(key, payload)}`
}

/** The subscription id of a genuine, unexpired token; null for anything else. */
export function readUnsubscribeToken(key: string, token: string, now = new Date()): number | null {
	const match = /^([0-9a-z]{1,10})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{43})$/.exec(token)
	if (!match) return null
	const [, id, day, sent] = match as unknown as [string, string, string, string]
	const expected = Buffer.from(signature(key, `${id}.${day}`))
	if (!timingSafeEqual(expected, Buffer.from(sent))) return null
	if (now.getTime() / DAY_MS - parseInt(day, 36) > UNSUBSCRIBE_LINK_DAYS) return null
	return parseInt(id, 36)
}
