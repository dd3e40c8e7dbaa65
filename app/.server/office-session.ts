// The office's own session: a cookie and session record apart from the members' (signing in to
// one never signs anyone in to the other), holding the staff user's API token. It ends after 30
// minutes without a request and 12 hours after sign-in, whichever comes first.
import { randomUUID } from 'node:crypto'
import { createCookie, redirect, type Session } from 'react-router'
import type { StaffSignedIn, StaffSummary } from '~/contract/office/auth'
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PAGE } from '~/contract/office/two-factor'
import type { Alert } from '~/utils/page-data'
import { safeReturnPath } from '~/utils/return-path'
import { deviceTokenCookie } from './device-cookie'
import { getRuntime } from './runtime'
import { createDatabaseSessionStorage, onlyWriter } from './session'
import { flashed, redirectWithAlert, withUnauthorized } from './sign-in-rules'
import { typedApi } from './typed-api'

export const OFFICE_IDLE_MS = 30 * 60 * 1000
export const OFFICE_ABSOLUTE_MS = 12 * 60 * 60 * 1000
/** The last-seen time is written at most this often, so a busy page does not write on every request. */
const SEEN_WRITE_INTERVAL_MS = 60 * 1000

export const OFFICE_LOGIN = '/office/login'
/** The second step of a two-factor sign-in. */
export const OFFICE_LOGIN_CODE = '/office/login/code'
export const OFFICE_HOME = '/office'

export type OfficeSessionData = {
	staffToken: string
	staff: StaffSummary
	startedAt: number
	lastSeenAt: number
	/** A staff user of a live deployment whose role must use two-factor sign-in, without it: its setup comes before anything else. */
	twoFactorSetupDue?: boolean
	/** Between the password and the code of a two-factor sign-in: the API's ticket, never a token. */
	pendingSignIn?: { ticket: string; expiresAt: number; redirectTo: string }
}
export type OfficeFlash = { alert: Alert }
export type OfficeSession = Session<OfficeSessionData, OfficeFlash>

let storage: Promise<ReturnType<typeof createDatabaseSessionStorage<OfficeSessionData, OfficeFlash>>> | undefined

function officeStorage() {
	storage ??= getRuntime().then(({ config, database }) => {
		// No Max-Age: the cookie ends with the browser; the record ends with the absolute limit.
		const cookie = createCookie(config.https ? '__Host-office-session' : 'office-session', {
			httpOnly: true,
			sameSite: 'lax',
			secure: config.https,
			path: '/',
			secrets: [config.sessionSecret],
		})
		return createDatabaseSessionStorage<OfficeSessionData, OfficeFlash>(database.db, cookie, OFFICE_ABSOLUTE_MS / 1000, { keptInMemory: onlyWriter(database) })
	})
	return storage
}

export async function getOfficeSession(request: Request) {
	return (await officeStorage()).getSession(request.headers.get('cookie'))
}

export async function commitOfficeSession(session: OfficeSession) {
	return (await officeStorage()).commitSession(session)
}

export function flashOffice(session: OfficeSession, text: string, kind: Alert['kind'] = 'success') {
	session.flash('alert', { id: randomUUID(), kind, text, variant: 'alert' })
}

/** Sends the staff user on with an alert the office layout shows. */
export async function redirectWithOfficeAlert(session: OfficeSession, to: string, text: string, kind: Alert['kind'] = 'success') {
	return redirectWithAlert(session, to, { kind, text }, flashed(commitOfficeSession))
}

/**
 * A new session (a new id: no fixation) for a staff user who just signed in, and the browser's
 * device token for the next sign-in. An administrator who must set up two-factor sign-in goes there first.
 */
export async function signInOffice(request: Request, signedIn: StaffSignedIn, to: string) {
	const { destroySession, getSession } = await officeStorage()
	await destroySession(await getOfficeSession(request))
	const session = await getSession()
	const now = Date.now()
	const staff = signedIn.oStaff
	session.set('staffToken', signedIn.sToken)
	session.set('staff', staff)
	session.set('startedAt', now)
	session.set('lastSeenAt', now)
	if (signedIn.bTwoFactorSetupDue) session.set('twoFactorSetupDue', true)
	const response = signedIn.bTwoFactorSetupDue
		? await redirectWithOfficeAlert(session, TWO_FACTOR_PAGE, `Welcome, ${staff.sFullName}. ${TWO_FACTOR_MESSAGES.required}`, 'info')
		: await redirectWithOfficeAlert(session, to, `Welcome, ${staff.sFullName}.`)
	response.headers.append('set-cookie', await deviceTokenCookie('office', signedIn.sDeviceToken))
	return response
}

/** Ends the session and sends the visitor to sign in, and back to `returnTo` afterwards. */
export async function endOfficeSession(session: OfficeSession, reason: string, returnTo = OFFICE_HOME) {
	const { destroySession, getSession } = await officeStorage()
	const fresh = await getSession()
	flashOffice(fresh, reason, 'info')
	const headers = new Headers()
	headers.append('set-cookie', await destroySession(session))
	headers.append('set-cookie', await (await officeStorage()).commitSession(fresh))
	return redirect(`${OFFICE_LOGIN}?${new URLSearchParams({ redirectTo: safeReturnPath(returnTo, OFFICE_HOME) })}`, { headers })
}

/** Whether the session still holds a staff user, within both time limits. */
export function liveStaff(session: OfficeSession, now = Date.now()) {
	const staff = session.get('staff')
	const startedAt = session.get('startedAt') ?? 0
	const lastSeenAt = session.get('lastSeenAt') ?? 0
	if (!staff || !session.get('staffToken')) return { staff: null, expired: false }
	if (now - lastSeenAt > OFFICE_IDLE_MS || now - startedAt > OFFICE_ABSOLUTE_MS) return { staff: null, expired: true }
	return { staff, expired: false }
}

export type OfficeContext = {
	session: OfficeSession
	staff: StaffSummary
	/** The branch API as this staff user; a 401 (a revoked or expired token) ends the office session. */
	api: ReturnType<typeof typedApi>
}

/**
 * The signed-in staff user, for every office page but sign-in (read once a request: app/.server/office-caller.ts).
 * A visitor without a live office session signs in and comes back.
 */
/** Signing out revokes the session's API token, so it cannot be reused; a token that already ended is no reason to stop. */
export async function revokeOfficeToken(session: OfficeSession, clientAddress: string) {
	const token = session.get('staffToken')
	if (!token) return
	const { callApi } = await getRuntime()
	await typedApi(callApi, { token, clientAddress })
		.officeAuth.logout({})
		.catch(() => undefined)
}

export async function requireOffice(request: Request, url: URL, clientAddress: string): Promise<OfficeContext> {
	const session = await getOfficeSession(request)
	const returnTo = `${url.pathname}${url.search}`
	const { staff, expired } = liveStaff(session)
	if (!staff) throw await endOfficeSession(session, expired ? 'Your office session ended. Please sign in again.' : 'Please sign in to the office.', returnTo)
	// The API refuses everything else too; this says it with the page to go to.
	if (session.get('twoFactorSetupDue') && url.pathname !== TWO_FACTOR_PAGE)
		throw await redirectWithOfficeAlert(session, TWO_FACTOR_PAGE, TWO_FACTOR_MESSAGES.required, 'info')
	if (Date.now() - (session.get('lastSeenAt') ?? 0) > SEEN_WRITE_INTERVAL_MS) {
		session.set('lastSeenAt', Date.now())
		// The cookie does not change (the same id); only the record's time does.
		await commitOfficeSession(session)
	}
	const { callApi } = await getRuntime()
	const call = withUnauthorized(callApi, () => endOfficeSession(session, 'Your office session ended. Please sign in again.', returnTo))
	return { session, staff, api: typedApi(call, { token: session.get('staffToken'), clientAddress }) }
}
