// A signed-in page view reads its session from the database once, however many of its loaders
// (the area's guard, the root, the member area, the page) need it: they share one read per request.
// Counted from the portal's own debug log. No browser settings of its own: the "server" project.
import { expect, test } from '@playwright/test'
import { demoSignIn, signInAs } from './support/accounts'
import { startPortal } from './support/portal'

test.describe.configure({ timeout: 120_000 })

test('a signed-in page view reads its session once', async ({ page }) => {
	const portal = await startPortal({ LOG_LEVEL: 'debug' }, { startMs: 60_000 })
	try {
		await signInAs(page, demoSignIn.member, `${portal.url}/member/login?redirectTo=/member/cpe`)
		await expect(page).toHaveURL(`${portal.url}/member/cpe`)
		const reads = () => portal.output().split('\n').filter((line) => line.includes('Session read from the database')).length
		for (const path of ['/member/cpe', '/member/payments', '/member/announcements', '/events']) {
			const before = reads()
			const response = await page.request.get(`${portal.url}${path}`)
			expect(response.status(), path).toBe(200)
			expect(reads() - before, path).toBe(1)
		}
	} finally {
		await portal.stop()
	}
})
