// The office in end-to-end tests: its users (made by playwright.config.ts through OFFICE_USERS,
// one per role and project, so each has its own sign-in limit) and signing in through the form.
import { expect, type Page, type TestInfo } from '@playwright/test'

export const E2E_OFFICE_PASSWORD = 'e2e office password 2026'

export const officeUser = (role: 'admin' | 'editor', testInfo: TestInfo) => `e2e.${role}.${testInfo.project.name}`

export async function officeSignIn(page: Page, username: string, returnTo = '/office') {
	await page.goto(`/office/login?redirectTo=${encodeURIComponent(returnTo)}`)
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill(E2E_OFFICE_PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await page.waitForURL((url) => `${url.pathname}${url.search}` === returnTo)
	await expect(page.getByRole('navigation', { name: 'Office' })).toBeVisible()
}
