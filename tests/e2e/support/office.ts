// The office in end-to-end tests: its users (made by playwright.config.ts through OFFICE_USERS,
// one per role and project, so each has its own sign-in limit) and signing in through the form.
import { randomBytes, scryptSync } from 'node:crypto'
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import type { StaffRole } from '../../../app/contract/staff-roles'
import { encrypt } from './accounts'

export const E2E_OFFICE_PASSWORD = 'e2e office password 2026'

/** An OFFICE_USERS password hash of E2E_OFFICE_PASSWORD, at a lower cost than production's, to start quickly. */
export function e2eOfficePasswordHash() {
	const salt = randomBytes(16)
	const key = scryptSync(E2E_OFFICE_PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
	return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
}

export const officeUser = (role: StaffRole, testInfo: TestInfo) => `e2e.${role}.${testInfo.project.name}`

export async function officeSignIn(page: Page, username: string, returnTo = '/office') {
	await page.goto(`/office/login?redirectTo=${encodeURIComponent(returnTo)}`)
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill(E2E_OFFICE_PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await page.waitForURL((url) => `${url.pathname}${url.search}` === returnTo)
	await expect(page.getByRole('navigation', { name: 'Office' })).toBeVisible()
}

/** The office has no footer form whose state shows hydration: React Router's router exists once its scripts run. */
export async function officeScriptsRunning(page: Page) {
	await page.waitForFunction(() => '__reactRouterDataRouter' in window)
}

/** An office user's API token, for setting up what a test then does through the pages. */
export async function staffToken(request: APIRequestContext, username: string) {
	const answer = await request.post('/api/auth/office/login/v1', { data: await encrypt(request, { sUsername: username, sPassword: E2E_OFFICE_PASSWORD }) })
	expect(answer.status()).toBe(200)
	return ((await answer.json()) as { data: { sToken: string } }).data.sToken
}

/** An event made through the office API, published, two hours long unless told; answers its id. */
export async function createEventAsStaff(request: APIRequestContext, token: string, event: { title: string; start: Date } & Record<string, unknown>) {
	const { title, start, ...fields } = event
	const created = await request.post('/api/office/events/v1', {
		headers: { authorization: token },
		data: {
			sTitle: title,
			sCategory: 'Seminar',
			sSummary: 'Made by an end-to-end test.',
			aParagraphs: ['About it.'],
			dStartDate: start.toISOString(),
			dEndDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
			sVenueName: 'Hall A',
			sVenueAddress: '1 Road',
			sCity: 'Pune',
			nCpeHours: 2,
			nFeePaise: 0,
			bIsPublished: true,
			...fields,
		},
	})
	expect(created.status(), await created.text()).toBe(201)
	return ((await created.json()) as { data: { iEventId: number } }).data.iEventId
}
