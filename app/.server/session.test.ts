import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { sessions } from '~/api/db/schema'
import { requireRole } from './guard'
import { getRuntime } from './runtime'
import {
	commitSession,
	createDatabaseSessionStorage,
	createSessionCookie,
	getSession,
	IDLE_ENDED_MESSAGE,
	redirectWithAlert,
	signedInRole,
	takeCookieAlert,
} from './session'

const page = (path: string, cookie?: string) => {
	const url = new URL(path, 'http://localhost:3000')
	return { request: new Request(url, { headers: cookie ? { cookie } : {} }), url }
}
const cookieOf = (setCookie: string) => setCookie.split(';')[0] as string

async function signedInCookie(data: { memberToken?: string; studentToken?: string; lastSeenAt?: number }) {
	const session = await getSession(page('/').request)
	for (const [key, value] of Object.entries(data)) session.set(key as 'memberToken', value as string)
	return cookieOf(await commitSession(session))
}

// The runtime opens, migrates and seeds its database on first use: done before the tests (hook
// time), so a loaded machine does not push the first test over its own time limit.
beforeAll(async () => {
	await getRuntime()
})

describe('database sessions', () => {
	test('the cookie holds only a signed id; the data lives in the database', async () => {
		const setCookie = await (async () => {
			const session = await getSession(page('/').request)
			session.set('memberToken', 'secret-token-value')
			return commitSession(session)
		})()
		expect(setCookie).toMatch(/^session=/)
		expect(setCookie).toMatch(/HttpOnly/)
		expect(setCookie).toMatch(/SameSite=Lax/)
		expect(setCookie).not.toMatch(/Secure/) // plain http in tests
		expect(setCookie).not.toContain('secret-token-value')

		const { database } = await getRuntime()
		const rows = await database.db.select().from(sessions)
		expect(rows.some((row) => row.data.memberToken === 'secret-token-value')).toBe(true)
	})

	test('a forged or tampered cookie gives an empty session', async () => {
		const cookie = await signedInCookie({ memberToken: 't' })
		// Change the signature's first character: all six of its bits are data (the last one's low bits
		// are base64 padding, so changing only those would leave the signature the same).
		const signatureStart = cookie.lastIndexOf('.') + 1
		expect(signatureStart).toBeGreaterThan(cookie.indexOf('=') + 1)
		const tampered = `${cookie.slice(0, signatureStart)}${cookie[signatureStart] === 'A' ? 'Q' : 'A'}${cookie.slice(signatureStart + 1)}`
		expect(signedInRole(await getSession(page('/', tampered).request))).toBeNull()
		expect(signedInRole(await getSession(page('/', cookie).request))).toBe('member')
	})

	test('an expired session is not read', async () => {
		const cookie = await signedInCookie({ studentToken: 's' })
		expect(signedInRole(await getSession(page('/', cookie).request))).toBe('student')
		// Past the two weeks a signed-in session lasts (kept in memory or not, it has expired).
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 24 * 60 * 60_000 })
		try {
			expect(signedInRole(await getSession(page('/', cookie).request))).toBeNull()
		} finally {
			vi.useRealTimers()
		}
	})

	test('with one writer the rows are kept in memory: what is committed is read back, what is not never is', async () => {
		const { database } = await getRuntime()
		const cookie = createSessionCookie({ https: false, secret: 'kept-rows-test-secret-0123456789abcdefghijkl' })
		const storage = createDatabaseSessionStorage<{ memberToken?: string }, never>(database.db, cookie, 3600, { keptInMemory: true })
		const first = await storage.getSession()
		first.set('memberToken', 'kept')
		const header = cookieOf(await storage.commitSession(first))

		const changed = await storage.getSession(header)
		changed.set('memberToken', 'not committed')
		expect((await storage.getSession(header)).get('memberToken')).toBe('kept')
		await storage.commitSession(changed)
		expect((await storage.getSession(header)).get('memberToken')).toBe('not committed')

		// Its row removed behind the storage's back (no one does this but the sweep of expired rows):
		// a read still comes from memory, and the next write, finding no row, forgets it there too.
		await database.db.delete(sessions).where(eq(sessions.id, changed.id))
		const fromMemory = await storage.getSession(header)
		expect(fromMemory.get('memberToken')).toBe('not committed')
		await storage.commitSession(fromMemory)
		expect((await storage.getSession(header)).get('memberToken')).toBeUndefined()

		const another = await storage.getSession()
		another.set('memberToken', 'ends')
		const anotherHeader = cookieOf(await storage.commitSession(another))
		await storage.destroySession(await storage.getSession(anotherHeader))
		expect((await storage.getSession(anotherHeader)).get('memberToken')).toBeUndefined()
	})

	test('a session without a sign-in (a form kept for its code) lasts half an hour; a signed-in one two weeks', async () => {
		const { database } = await getRuntime()
		const expiresIn = async (cookie: string) => {
			const session = await getSession(page('/', cookie).request)
			const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id))
			return (row!.expiresAt.getTime() - Date.now()) / 60_000
		}
		const kept = await getSession(page('/').request)
		kept.set('otpSteps', {})
		expect(await expiresIn(cookieOf(await commitSession(kept)))).toBeLessThanOrEqual(30)
		expect(await expiresIn(await signedInCookie({ memberToken: 'm' }))).toBeGreaterThan(13 * 24 * 60)
	})

	test('the member token takes precedence (docs/spec.md §4)', async () => {
		expect(signedInRole(await getSession(page('/', await signedInCookie({ memberToken: 'm', studentToken: 's' })).request))).toBe('member')
		expect(signedInRole(await getSession(page('/', await signedInCookie({ studentToken: 's' })).request))).toBe('student')
	})

	test('an alert travels through the session once', async () => {
		const signedIn = await signedInCookie({ memberToken: 'alerted' })
		const response = await redirectWithAlert(await getSession(page('/', signedIn).request), '/', { kind: 'success', text: 'Saved' })
		const cookie = cookieOf(response.headers.get('set-cookie') ?? '')
		const next = await getSession(page('/', cookie).request)
		expect(next.get('alert')).toMatchObject({ kind: 'success', text: 'Saved', variant: 'alert' })
		const afterRead = cookieOf(await commitSession(next))
		expect((await getSession(page('/', afterRead).request)).get('alert')).toBeUndefined()
	})
})

test('over https the session cookie is Secure and __Host- prefixed', async () => {
	const secret = 'y'.repeat(40)
	const overHttps = await createSessionCookie({ https: true, secret }).serialize('id')
	expect(overHttps).toMatch(/^__Host-session=/)
	expect(overHttps).toMatch(/; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/)
	expect(overHttps).not.toMatch(/Domain=/)
	const overHttp = await createSessionCookie({ https: false, secret }).serialize('id')
	expect(overHttp).toMatch(/^session=/)
	expect(overHttp).not.toMatch(/Secure/)
})

describe('the guard of protected pages', () => {
	async function redirectOf(promise: Promise<unknown>) {
		const thrown = await promise.then(
			() => null,
			(error: unknown) => error,
		)
		expect(thrown).toBeInstanceOf(Response)
		return (thrown as Response).headers.get('location')
	}

	test("sends a signed-out visitor to the role's login page with a return address", async () => {
		const { request, url } = page('/member/cpe?year=2026')
		expect(await redirectOf(requireRole(request, url, 'member'))).toBe('/member/login?redirectTo=%2Fmember%2Fcpe%3Fyear%3D2026')
		const student = page('/student/update-profile')
		expect(await redirectOf(requireRole(student.request, student.url, 'student'))).toBe('/student/login?redirectTo=%2Fstudent%2Fupdate-profile')
	})

	test('lets the right role through and keeps the other role out', async () => {
		const member = await signedInCookie({ memberToken: 'm' })
		const { request, url } = page('/member/cpe', member)
		expect((await requireRole(request, url, 'member')).get('memberToken')).toBe('m')
		const asStudent = page('/student/update-profile', member)
		expect(await redirectOf(requireRole(asStudent.request, asStudent.url, 'student'))).toMatch(/^\/student\/login\?/)
	})

	test('a sign-in unused for two hours has ended: the visitor signs in again and is told why', async () => {
		const hoursAgo = (hours: number) => Date.now() - hours * 3600_000
		const idle = await signedInCookie({ memberToken: 'idle', lastSeenAt: hoursAgo(2.1) })
		const { request, url } = page('/member/cpe', idle)
		const thrown = (await requireRole(request, url, 'member').catch((error: unknown) => error)) as Response
		expect(thrown.headers.get('location')).toBe('/member/login?redirectTo=%2Fmember%2Fcpe')
		const after = await getSession(page('/', cookieOf(thrown.headers.get('set-cookie')!)).request)
		expect(after.get('alert')?.text).toBe(IDLE_ENDED_MESSAGE)
		expect(signedInRole(after)).toBeNull()
		// Used within the two hours, it goes on.
		const recent = await signedInCookie({ memberToken: 'recent', lastSeenAt: hoursAgo(1.9) })
		const fresh = page('/member/cpe', recent)
		expect((await requireRole(fresh.request, fresh.url, 'member')).get('memberToken')).toBe('recent')
	})

	test('a signed-out visitor is sent to sign in with the alert in a cookie of its own: no session is stored', async () => {
		const { database } = await getRuntime()
		const before = (await database.db.select().from(sessions)).length
		const { request, url } = page('/member/cpe')
		const thrown = (await requireRole(request, url, 'member').catch((error: unknown) => error)) as Response
		expect(thrown.headers.get('location')).toBe('/member/login?redirectTo=%2Fmember%2Fcpe')
		const setCookie = thrown.headers.get('set-cookie') ?? ''
		expect(setCookie).toMatch(/^alert=.*HttpOnly/i)
		expect((await database.db.select().from(sessions)).length).toBe(before)
		const taken = await takeCookieAlert(page('/member/login', cookieOf(setCookie)).request)
		expect(taken?.alert.text).toBe('Please sign in as a member to continue.')
		expect(taken?.clear).toMatch(/^alert=;.*Max-Age=0/i)
	})
})
