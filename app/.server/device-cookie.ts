// The browser's proof that it signed in to an account before (the API's device token): sent back
// with the next sign-in, it lets this browser in past a lock-out a stranger caused. HttpOnly, a
// year long, one per role and one for the office; the token itself is signed by the API, so the
// cookie needs no signing.
import { createCookie } from 'react-router'
import type { Role } from '~/contract/constants'
import { getConfig } from './config'

const YEAR_SECONDS = 365 * 86400

/** Whose sign-ins the cookie is for: a member's, a student's, or the office's (decision 0048). */
type DeviceOf = Role | 'office'

const deviceCookie = (role: DeviceOf) => {
	const https = getConfig().https
	return createCookie(`${https ? '__Host-' : ''}${role}-device`, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: YEAR_SECONDS })
}

export async function readDeviceToken(request: Request, role: DeviceOf): Promise<string | undefined> {
	const value: unknown = await deviceCookie(role).parse(request.headers.get('cookie'))
	return typeof value === 'string' ? value : undefined
}

export const deviceTokenCookie = (role: DeviceOf, token: string) => deviceCookie(role).serialize(token)

/** Forgets the browser's device token: its account is closed. */
export const clearDeviceTokenCookie = (role: Role) => deviceCookie(role).serialize('', { maxAge: 0 })
