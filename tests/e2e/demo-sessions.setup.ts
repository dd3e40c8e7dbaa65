// Signs the demo member and the demo student in once per run, through the login page, and keeps
// their sessions for the specs that only look at the demo data: each sign-in counts against the
// account's login limit (10 in 15 minutes), which one sign-in per test would soon exceed.
import { expect, test as setup } from '@playwright/test'
import { STORAGE_KEYS } from '../../app/contract/constants'
import { DEMO_SESSION_FILES, demoSignIn, signInAs } from './support/accounts'

for (const role of ['member', 'student'] as const) {
	setup(`the demo ${role} signs in`, async ({ page }) => {
		await signInAs(page, demoSignIn[role])
		await page.waitForURL((url) => !url.pathname.endsWith('/login'))
		// The saved state also carries the token the portal mirrors into local storage (spec §3).
		const key = role === 'member' ? STORAGE_KEYS.memberToken : STORAGE_KEYS.studentToken
		await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).toBeTruthy()
		await page.context().storageState({ path: DEMO_SESSION_FILES[role] })
	})
}
