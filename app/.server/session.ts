// Sessions kept in the database (docs/architecture.md): the cookie holds only a signed session id, so
// several portal instances on one PostgreSQL share them and no process keeps user state.
import { randomBytes, randomUUID } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { createCookie, createSessionStorage, type Cookie, type Session, type SessionStorage } from 'react-router'
import { sessions, type Database, type DatabaseHandle } from '~/api'
import type { Role } from '~/contract/constants'
import type { Alert, NewsletterOutcome } from '~/utils/page-data'
import { logger } from './logger'
import { getRuntime } from './runtime'
import { flashed, redirectWithAlert as redirectAlerting, type AlertInput, type KeepAlert } from './sign-in-rules'

/** Where the session keeps each role's API token (docs/spec.md §4: both may be held; the member's counts first). */
export const TOKEN_KEY = { member: 'memberToken', student: 'studentToken' } as const satisfies Record<Role, string>

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14

/** A form kept between "Send OTP" and its code (app/.server/otp-step.ts): passwords encrypted for the API. */
export type KeptForm = { body: Record<string, unknown>; sEmail: string; expiresAt: number }
/** What a signed-in page shows on every view, kept briefly so that not every view asks the API (`remembered`). */
export type Remembered<T> = { value: T; at: number }
export type SessionData = {
	memberToken?: string
	studentToken?: string
	lastSeenAt?: number
	otpSteps?: Partial<Record<string, KeptForm>>
	profile?: Remembered<{ sFullName: string; sEmail: string }>
	unread?: Remembered<number>
}
/** The newsletter form's outcome travels in the flash when it was posted without JavaScript. */
export type SessionFlash = { alert: Alert; newsletter: NewsletterOutcome }
export type PortalSession = Session<SessionData, SessionFlash>

/** Over https the cookie is Secure and `__Host-` prefixed: only this exact origin may set it. */
export function createSessionCookie({ https, secret }: { https: boolean; secret: string }) {
	return createCookie(https ? '__Host-session' : 'session', {
		httpOnly: true,
		sameSite: 'lax',
		secure: https,
		path: '/',
		maxAge: SESSION_MAX_AGE_SECONDS,
		secrets: [secret],
	})
}

let storage: Promise<SessionStorage<SessionData, SessionFlash>> | undefined

export function getSessionStorage() {
	storage ??= getRuntime().then(({ config, database }) =>
		createDatabaseSessionStorage<SessionData, SessionFlash>(
			database.db,
			createSessionCookie({ https: config.https, secret: config.sessionSecret }),
			SESSION_MAX_AGE_SECONDS,
			{
				keptInMemory: onlyWriter(database),
			},
		),
	)
	return storage
}

/**
 * Embedded PGlite belongs to this one process (its directory is locked), so every write to the
 * sessions table passes through this module: its rows can be kept in memory as well. On
 * PostgreSQL other instances write them too, and every read goes to the database.
 */
export const onlyWriter = (database: DatabaseHandle) => database.kind === 'pglite'

/** Session rows kept in memory (as JSON, so a change not committed never reaches them), the most recently used. */
function keptRows(maxRows: number) {
	const rows = new Map<string, { json: string; expiresAt: number }>()
	return {
		get(id: string) {
			const row = rows.get(id)
			if (!row) return undefined
			rows.delete(id)
			if (row.expiresAt <= Date.now()) return undefined
			rows.set(id, row)
			return JSON.parse(row.json) as unknown
		},
		set(id: string, data: unknown, expiresAt: Date) {
			rows.delete(id)
			if (rows.size >= maxRows) rows.delete(rows.keys().next().value as string)
			rows.set(id, { json: JSON.stringify(data), expiresAt: expiresAt.getTime() })
		},
		delete: (id: string) => rows.delete(id),
	}
}
/** Enough for every visitor of a busy day; a row pushed out is read from the database again. */
const KEPT_SESSION_ROWS = 20_000

/** A session holding no sign-in (an alert on its way, a form kept for its code) is short-lived. */
const UNSIGNED_SESSION_SECONDS = 30 * 60

/**
 * Sessions kept as rows of the sessions table, each expiring `maxAgeSeconds` after its last write,
 * or half an hour when it holds no sign-in: a visitor's alert or kept form needs no more, and
 * anonymous visits leave no lasting rows (expired ones are swept, app/api/housekeeping.ts).
 * `keptInMemory` when no one else writes the table (`onlyWriter`): a page view then reads no row.
 */
export function createDatabaseSessionStorage<Data, Flash>(db: Database, cookie: Cookie, maxAgeSeconds: number, { keptInMemory = false } = {}) {
	const kept = keptInMemory ? keptRows(KEPT_SESSION_ROWS) : undefined
	const signedIn = (data: unknown) => Boolean((data as SessionData).memberToken || (data as SessionData).studentToken)
	const expiry = (data: unknown, expires?: Date) =>
		signedIn(data) ? (expires ?? new Date(Date.now() + maxAgeSeconds * 1000)) : new Date(Date.now() + UNSIGNED_SESSION_SECONDS * 1000)
	return createSessionStorage<Data, Flash>({
		cookie,
		async createData(data, expires) {
			const id = randomBytes(32).toString('base64url')
			// Creating sessions is rare (sign-in, flash messages): a good moment to drop expired ones.
			await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
			const expiresAt = expiry(data, expires)
			await db.insert(sessions).values({ id, data: data as Record<string, unknown>, expiresAt })
			kept?.set(id, data, expiresAt)
			return id
		},
		async readData(id) {
			const inMemory = kept?.get(id)
			if (inMemory !== undefined) {
				logger.debug('Session read from memory')
				return inMemory as never
			}
			logger.debug('Session read from the database')
			const [row] = await db.select().from(sessions).where(eq(sessions.id, id))
			if (!row || row.expiresAt < new Date()) return null
			kept?.set(id, row.data, row.expiresAt)
			return row.data as never
		},
		async updateData(id, data, expires) {
			const expiresAt = expiry(data, expires)
			const updated = await db
				.update(sessions)
				.set({ data: data as Record<string, unknown>, expiresAt })
				.where(eq(sessions.id, id))
				.returning({ id: sessions.id })
			// A row swept as expired meanwhile stays gone, in memory too.
			if (updated.length > 0) kept?.set(id, data, expiresAt)
			else kept?.delete(id)
		},
		async deleteData(id) {
			kept?.delete(id)
			await db.delete(sessions).where(eq(sessions.id, id))
		},
	})
}

/** A member's or student's sign-in ends after this long without a request (decision 0029). */
export const ACCOUNT_IDLE_MINUTES = 120
/** How stale the last-seen time may get before a request writes it again: not every page view writes. */
const SEEN_WRITE_INTERVAL_MS = 5 * 60_000
export const IDLE_ENDED_MESSAGE = 'You were signed out after two hours without using the portal. Please sign in again.'

/**
 * The visitor's session. A sign-in unused for ACCOUNT_IDLE_MINUTES has ended: its tokens are
 * dropped and the visitor is told why (written back by whoever commits the session next).
 */
export function getSession(request: Request) {
	let session = sessionsOfRequests.get(request)
	if (!session) {
		session = readSession(request)
		sessionsOfRequests.set(request, session)
	}
	return session
}

/**
 * One read of the session per request: the middleware, the root loader, the area's loader and the
 * page's loader or action of one request all share it (React Router hands each the same Request,
 * `v8_passThroughRequests`), so what one of them changes the next one sees.
 */
const sessionsOfRequests = new WeakMap<Request, Promise<PortalSession>>()

async function readSession(request: Request) {
	const cookie = request.headers.get('cookie')
	const { getSession } = await getSessionStorage()
	const session = await getSession(cookie)
	const lastSeenAt = session.get('lastSeenAt')
	if (signedInRole(session) && lastSeenAt !== undefined && Date.now() - lastSeenAt > ACCOUNT_IDLE_MINUTES * 60_000) {
		endSignIn(session)
		session.flash('alert', { id: randomUUID(), kind: 'info', text: IDLE_ENDED_MESSAGE, variant: 'alert' })
	}
	return session
}

/** Drops both tokens and what was remembered for the sign-in (docs/spec.md §4: a sign-out clears both). */
export function endSignIn(session: PortalSession) {
	for (const key of [...Object.values(TOKEN_KEY), 'lastSeenAt', 'profile', 'unread'] as const) session.unset(key)
}

/** A remembered value younger than `maxAgeMs`, or undefined. */
export function recall<K extends 'profile' | 'unread'>(session: PortalSession, key: K, maxAgeMs: number) {
	const kept = session.get(key) as SessionData[K]
	return kept && Date.now() - kept.at < maxAgeMs ? (kept.value as NonNullable<SessionData[K]>['value']) : undefined
}

export function remember<K extends 'profile' | 'unread'>(session: PortalSession, key: K, value: NonNullable<SessionData[K]>['value']) {
	session.set(key, { value, at: Date.now() } as SessionData[K])
}

/** Notes a signed-in visitor's request; true when the session needs writing back for it. */
export function noteSeen(session: PortalSession) {
	if (!signedInRole(session)) return false
	const lastSeenAt = session.get('lastSeenAt')
	if (lastSeenAt !== undefined && Date.now() - lastSeenAt < SEEN_WRITE_INTERVAL_MS) return false
	session.set('lastSeenAt', Date.now())
	return true
}

export async function commitSession(session: PortalSession) {
	return (await getSessionStorage()).commitSession(session)
}

/** Who is signed in: the member token takes precedence over the student token (docs/spec.md §4). */
export function signedInRole(session: PortalSession): Role | null {
	if (session.get(TOKEN_KEY.member)) return 'member'
	if (session.get(TOKEN_KEY.student)) return 'student'
	return null
}

let alertCookie: Promise<Cookie> | undefined
/** An alert for a visitor with no session travels in a short-lived signed cookie of its own. */
const getAlertCookie = () =>
	(alertCookie ??= getRuntime().then(({ config }) =>
		createCookie(config.https ? '__Host-alert' : 'alert', {
			httpOnly: true,
			sameSite: 'lax',
			secure: config.https,
			path: '/',
			maxAge: 120,
			secrets: [config.sessionSecret],
		}),
	))

/**
 * An account's alert for the next page, which the layout shows (and hides after 3 s). A visitor
 * without a session gets none for it: the alert rides in a cookie that the next page reads and
 * clears, so anonymous visits (a signed-out look at /member) store nothing.
 */
const keepAccountAlert: KeepAlert<PortalSession> = async (session, alert) =>
	!session.id && Object.keys(session.data).length === 0 ? (await getAlertCookie()).serialize(alert) : flashed(commitSession)(session, alert)

/** Sends the visitor on to a page with an alert (app/.server/sign-in-rules.ts, kept as above). */
export const redirectWithAlert = (session: PortalSession, to: string, alert: AlertInput) => redirectAlerting(session, to, alert, keepAccountAlert)

/** The alert a visitor without a session was sent with, and the header that clears it; or null. */
export async function takeCookieAlert(request: Request): Promise<{ alert: Alert; clear: string } | null> {
	const cookie = await getAlertCookie()
	const alert = (await cookie.parse(request.headers.get('cookie'))) as Alert | null
	if (!alert || typeof alert.text !== 'string') return null
	return { alert, clear: await cookie.serialize('', { maxAge: 0 }) }
}
