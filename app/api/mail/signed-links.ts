// The signed links in mail to subscribers: "unsubscribe" at the foot of every mail, "confirm" in
// the welcome mail. A token names the subscription by its id and the day it was made, signed with
// HMAC-SHA-256 over the link's purpose too: no e-mail address in clear, no way to forge one for
// someone else, and an unsubscribe token never confirms (nor the other way round).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { CONFIRM_WITHIN_DAYS } from '~/contract/constants'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long each link is honoured: unsubscribing for a year, longer than anyone keeps an old issue. */
export const SIGNED_LINKS = {
	unsubscribe: { purpose: 'unsubscribe', days: 366 },
	confirm: { purpose: 'confirm', days: CONFIRM_WITHIN_DAYS },
} as const
export type SignedLink = (typeof SIGNED_LINKS)[keyof typeof SIGNED_LINKS]

function signature(key: string, link: SignedLink, payload: string) {
	return createHmac('sha256', key).update(`${link.purpose}:${payload}`).digest('base64url')
}

export function signedLinkToken(key: string, link: SignedLink, subscriptionId: number, now = new Date()) {
	const payload = `${subscriptionId.toString(36)}.${Math.floor(now.getTime() / DAY_MS).toString(36)}`
	return `${payload}.${signature(key, link, payload)}`
}

/** The subscription id of a genuine, unexpired token for this link; null for anything else. */
export function readSignedLinkToken(key: string, link: SignedLink, token: string, now = new Date()): number | null {
	const match = /^([0-9a-z]{1,10})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{43})$/.exec(token)
	if (!match) return null
	const [, id, day, sent] = match as unknown as [string, string, string, string]
	const expected = Buffer.from(signature(key, link, `${id}.${day}`))
	if (!timingSafeEqual(expected, Buffer.from(sent))) return null
	if (now.getTime() / DAY_MS - parseInt(day, 36) > link.days) return null
	return parseInt(id, 36)
}
