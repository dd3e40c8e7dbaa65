// The office in end-to-end tests: its users (a setup administrator from OFFICE_USERS, on the office
// portal only, who makes a fresh user for each test through the office API), signing in through the
// form, and what the office makes for a test through its API (events, settled payments, attendance).
import { randomBytes, scryptSync } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { STAFF_ROLE_NAMES, type StaffRole } from '../../../app/contract/office/staff-roles'
import { encrypt, unique } from './accounts'

export const E2E_OFFICE_PASSWORD = 'e2e office password 2026'

/** The administrator the office portal starts with; only the fixtures sign in as it (once per worker), to make what tests need. */
export const OFFICE_SETUP_USER = 'e2e.setup'

/** An OFFICE_USERS password hash of E2E_OFFICE_PASSWORD, at a lower cost than production's, to start quickly. */
export function e2eOfficePasswordHash() {
	const salt = randomBytes(16)
	const key = scryptSync(E2E_OFFICE_PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
	return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
}

/** OFFICE_USERS for the office portal: the setup administrator alone. */
export const e2eOfficeUsers = () =>
	JSON.stringify([{ username: OFFICE_SETUP_USER, fullName: 'E2E Setup', passwordHash: e2eOfficePasswordHash(), role: 'admin' }])

/** The full name the office shows for a user made by `createOfficeUser`. */
export const officeFullName = (role: StaffRole, username: string) => `E2E ${STAFF_ROLE_NAMES[role]} (${username})`

/** A new office user in `role`, made by an administrator through the API; answers its username (password E2E_OFFICE_PASSWORD). */
export async function createOfficeUser(request: APIRequestContext, adminToken: string, role: StaffRole) {
	const username = `e2e.${role}.${unique()}`
	const form = { sUsername: username, sFullName: officeFullName(role, username), sRole: role, sPassword: E2E_OFFICE_PASSWORD }
	const created = await request.post('/api/office/staff/v1', { headers: { authorization: adminToken }, data: await encrypt(request, form) })
	expect(created.status(), await created.text()).toBe(201)
	return username
}

export async function officeSignIn(page: Page, username: string, returnTo = '/office') {
	await page.goto(`/office/login?redirectTo=${encodeURIComponent(returnTo)}`)
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill(E2E_OFFICE_PASSWORD)
	// Enter, as signInAs does (support/accounts.ts).
	await page.getByLabel('Password').press('Enter')
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
	expect(answer.status(), await answer.text()).toBe(200)
	return ((await answer.json()) as { data: { sToken: string } }).data.sToken
}

/** Turns on the user's two-factor sign-in through the API, as its page does; answers the authenticator's secret. */
export async function turnOnTwoFactor(request: APIRequestContext, username: string) {
	const authorization = await staffToken(request, username)
	const setup = await request.post('/api/office/two-factor/setup/v1', { headers: { authorization } })
	const { sSecret } = ((await setup.json()) as { data: { sSecret: string } }).data
	const sCode = TOTP.generate({ secret: Secret.fromBase32(sSecret) })
	const confirmed = await request.post('/api/office/two-factor/confirm/v1', {
		headers: { authorization },
		data: await encrypt(request, { sCode, sPassword: E2E_OFFICE_PASSWORD }),
	})
	expect(confirmed.status(), await confirmed.text()).toBe(200)
	return sSecret
}

/** What a test says about its event: a title, a start, and any other field of the office API's event. */
export type TestEvent = { title: string; start: Date } & Record<string, unknown>

/** The API's fields of an event made by `createEventAsStaff`, as its update sends them back. */
function eventBody(event: TestEvent) {
	const { title, start, ...fields } = event
	return {
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
	}
}

/** An event made through the office API, published, two hours long unless told; answers its id. */
export async function createEventAsStaff(request: APIRequestContext, token: string, event: TestEvent) {
	const created = await request.post('/api/office/events/v1', { headers: { authorization: token }, data: eventBody(event) })
	expect(created.status(), await created.text()).toBe(201)
	return ((await created.json()) as { data: { iEventId: number } }).data.iEventId
}

/**
 * Moves an event made by `createEventAsStaff` (given the same fields) back to the day before:
 * registration needs an event still to come, attendance and its CPE credit one that took place.
 */
export async function moveEventToPast(request: APIRequestContext, token: string, iEventId: number, event: TestEvent) {
	const details = await request.get(`/api/office/events/${iEventId}/v1`, { headers: { authorization: token } })
	const { nVersion } = ((await details.json()) as { data: { nVersion: number } }).data
	const start = new Date(Date.now() - 26 * 3_600_000)
	const moved = await request.put(`/api/office/events/${iEventId}/v1`, {
		headers: { authorization: token },
		data: { ...eventBody({ ...event, start }), nVersion },
	})
	expect(moved.status(), await moved.text()).toBe(200)
}

/** Confirms a payment made at the office (cash), which issues its tax invoice; answers the invoice number. */
export async function confirmPayment(request: APIRequestContext, token: string, iPaymentId: number) {
	const confirmed = await request.post(`/api/office/payments/confirm/v1/${iPaymentId}`, {
		headers: { authorization: token },
		data: { sMode: 'cash', sReference: `E2E-${iPaymentId}` },
	})
	expect(confirmed.status(), await confirmed.text()).toBe(200)
	return ((await confirmed.json()) as { data: { sInvoiceNumber: string } }).data.sInvoiceNumber
}

/** Marks registrations of an event that has taken place as present, which credits their CPE hours. */
export async function markAttended(request: APIRequestContext, token: string, iEventId: number, aRegistrationIds: number[]) {
	const marked = await request.post('/api/office/attendance/mark/v1', { headers: { authorization: token }, data: { iEventId, aRegistrationIds } })
	expect(marked.status(), await marked.text()).toBe(200)
}
