// The browser's proof that it signed in to an account before (the API's device token): sent back
// with the next sign-in, it lets this browser in past a lock-out a stranger caused. HttpOnly, one
// per role and one for the office, as long as the API honours the token; the token is random and
// known to the API (members' and students', decision 0063) or signed by it (the office's), so the
// cookie needs no signing. Every sign-in replaces it.
import { createCookie } from 'react-router'
import { DEVICE_TOKEN_VALID_DAYS } from '~/contract/accounts'
import type { Role } from '~/contract/constants'
import { getConfig } from './config'

const DAY_SECONDS = 86400
/** The office's device token is honoured for a year (decision 0048). */
const OFFICE_DEVICE_DAYS = 365

/** Whose sign-ins the cookie is for: a member's, a student's, or the office's (decision 0048). */
type DeviceOf = Role | 'office'

const deviceCookie = (role: DeviceOf) => {
	const https = getConfig().https
	const days = role === 'office' ? OFFICE_DEVICE_DAYS : DEVICE_TOKEN_VALID_DAYS
	return createCookie(`${https ? '__Host-' : ''}${role}-device`, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: days * DAY_SECONDS })
}

export async function readDeviceToken(request: Request, role: DeviceOf): Promise<string | undefined> {
	const value: unknown = await deviceCookie(role).parse(request.headers.get('cookie'))
	return typeof value === 'string' ? value : undefined
}

export const deviceTokenCookie = (role: DeviceOf, token: string) => deviceCookie(role).serialize(token)

/** Forgets the browser's device token: its account is closed. */
export const clearDeviceTokenCookie = (role: Role) => deviceCookie(role).serialize('', { maxAge: 0 })
