// A signed-in page view reads its session once, however many of its loaders (the area's guard, the
// root, the member area, the page) need it: they share one read per request. On embedded PGlite the
// portal is the table's only writer and keeps the rows in memory: a view reads none from the database.
// Its token is checked once too: the profile and unread count are kept in the session briefly, and
// the page's own call applies the 401 rule. Counted from the portal's own debug log. No browser settings of its own: the "server" project.
import { expect, test } from '@playwright/test'
import { demoSignIn, signInAs } from './support/accounts'
import { startPortal } from './support/portal'

test.describe.configure({ timeout: 120_000 })

test('a signed-in page view reads its session once, from memory, and checks its token once', async ({ page }) => {
	const portal = await startPortal({ LOG_LEVEL: 'debug' }, { startMs: 60_000 })
	try {
		await signInAs(page, demoSignIn.member, `${portal.url}/member/login?redirectTo=/member/cpe`)
		await expect(page).toHaveURL(`${portal.url}/member/cpe`)
		const count = (message: string) =>
			portal
				.output()
				.split('\n')
				.filter((line) => line.includes(message)).length
		const tokenChecks = { '/member/cpe': 1, '/member/payments': 1, '/member/announcements': 1, '/member/change-password': 1, '/events': 0 }
		for (const [path, checks] of Object.entries(tokenChecks)) {
			const before = {
				reads: count('Session read from'),
				databaseReads: count('Session read from the database'),
				checks: count('Account token checked'),
				requests: count('"msg":"request"'),
			}
			const response = await page.request.get(`${portal.url}${path}`)
			expect(response.status(), path).toBe(200)
			// The log reaches us a little later; the request's own line comes after everything it logged.
			await expect.poll(() => count('"msg":"request"'), path).toBeGreaterThan(before.requests)
			expect(count('Session read from') - before.reads, path).toBe(1)
			expect(count('Session read from the database') - before.databaseReads, path).toBe(0)
			expect(count('Account token checked') - before.checks, path).toBe(checks)
		}
	} finally {
		await portal.stop()
	}
})
