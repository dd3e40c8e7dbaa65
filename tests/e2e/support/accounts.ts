// Accounts in end-to-end tests: the demo accounts, fresh accounts made through the API, OTPs read
// from the real SMTP server the suite runs beside the portal (scripts/smtp-sink.mjs), and signing in.
import { randomInt } from 'node:crypto'
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { encryptPasswords } from '~/.server/password-encryption'

export const DEMO_PASSWORD = 'Sahyadri demo 2026'
export const DEMO_MEMBER = { number: '123456', dob: '1985-04-12', email: 'member@demo.example.org', name: 'Asha Kulkarni' }
export const DEMO_STUDENT = { number: 'SRO0123456', dob: '2004-08-21', email: 'student@demo.example.org', name: 'Rohan Deshpande' }
/** The demo accounts, for tests of the demo itself: each sign-in counts against the account's limit (10 in 15 minutes). */
export const demoSignIn = {
	member: { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD },
	student: { role: 'student', number: DEMO_STUDENT.number, dob: DEMO_STUDENT.dob, password: DEMO_PASSWORD },
} as const

const sinkUrl = () => `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}`

type SinkMessage = { to: string[]; subject: string; text: string; raw: string; at: number }

/** The OTP of the newest mail to `email` that arrived after `since` (ms), waiting for it. */
export async function readOtp(email: string, since: number) {
	let code = ''
	await expect
		.poll(
			async () => {
				const messages = (await (await fetch(`${sinkUrl()}/messages?to=${encodeURIComponent(email)}`)).json()) as SinkMessage[]
				const fresh = messages.filter((m) => m.at >= since).at(-1)
				code = /\b(\d{6})\b/.exec(fresh?.text ?? '')?.[1] ?? ''
				return code
			},
			{ timeout: 10_000, message: `an OTP mail to ${email}` },
		)
		.not.toBe('')
	return code
}

export async function mailsTo(email: string) {
	return (await (await fetch(`${sinkUrl()}/messages?to=${encodeURIComponent(email)}`)).json()) as SinkMessage[]
}

/** Something unique for this test run: membership numbers, e-mail addresses. */
export function unique() {
	return `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`
}
let membershipNumbers = 0
/**
 * A membership number no other test of the run uses: each worker process (restarts included) has
 * its own thousand, above the seeded ones (random six-digit ones would meet once in a few hundred runs).
 */
export const uniqueMembershipNumber = () => String(900_000 + (Number(process.env.TEST_WORKER_INDEX ?? 0) % 100) * 1000 + (membershipNumbers++ % 1000))

/** Encrypts the password fields with the API's public key, as the portal does. */
export async function encrypt(request: APIRequestContext, form: Record<string, unknown>) {
	const key = ((await (await request.get('/api/auth/public-key/v1')).json()) as { data: { sPublicKey: string } }).data.sPublicKey
	return encryptPasswords(key, form)
}

export type TestAccount = { role: 'member' | 'student'; number: string; dob: string; email: string; password: string; name: string }

/**
 * Registers a fresh account through the API (OTP from the sink), for tests of what comes after.
 * `number` to register a given one; `emailUpdates` for a member who chose the office's updates by e-mail.
 */
export async function createAccount(
	request: APIRequestContext,
	role: 'member' | 'student',
	{ number, emailUpdates = false }: { number?: string; emailUpdates?: boolean } = {},
): Promise<TestAccount> {
	const id = unique()
	const account: TestAccount = {
		role,
		number: number ?? (role === 'member' ? uniqueMembershipNumber() : `E2E${randomInt(1e7, 1e8)}`),
		dob: '1992-07-15',
		email: `${role}-${id}@e2e.example.org`,
		password: `e2e secret ${id}`,
		name: `Test ${role === 'member' ? 'Member' : 'Student'} ${id}`,
	}
	const common = {
		sFullName: account.name,
		sEmail: account.email,
		sMobileNumber: '9876501234',
		sDob: account.dob,
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sPassword: account.password,
		sConfirmPassword: account.password,
	}
	const form =
		role === 'member'
			? {
					...common,
					sUserType: 'M',
					sMembershipNumber: account.number,
					sFirmCompanyName: 'E2E & Co',
					bIsGSTNumberAvailable: false,
					bIsGetUpdateOnEmail: emailUpdates,
					bIsGetUpdateOnWhatsapp: false,
				}
			: { ...common, sUserType: 'S', sRegistrationNumber: account.number, sCourse: 'Foundation' }
	const since = Date.now()
	const sent = await request.post(`/api/auth/${role}/send-otp/v1`, {
		data: await encrypt(request, { ...form, sPurpose: 'registration' }),
		headers: { UserType: form.sUserType },
	})
	expect(sent.status(), await sent.text()).toBe(200)
	const nOtp = Number(await readOtp(account.email, since))
	const registered = await request.post(`/api/auth/${role}/register/v1`, {
		data: await encrypt(request, { ...form, nOtp }),
		headers: { UserType: form.sUserType },
	})
	expect(registered.status(), await registered.text()).toBe(201)
	return account
}

const numberField = (role: TestAccount['role']) => (role === 'member' ? 'sMembershipNumber' : 'sRegistrationNumber')

/** A member's or student's API token, for setting up what a test then does through the pages. */
export async function accountToken(request: APIRequestContext, account: TestAccount) {
	const form = { [numberField(account.role)]: account.number, sDob: account.dob, sPassword: account.password }
	const answer = await request.post(`/api/auth/${account.role}/login/v1`, { data: await encrypt(request, form) })
	expect(answer.status(), await answer.text()).toBe(200)
	return ((await answer.json()) as { data: { sToken: string } }).data.sToken
}

/** Registers the account for an event through the API (with `token`, or a sign-in of its own); answers the registration, with its payment for a paid event. */
export async function registerForEvent(request: APIRequestContext, account: TestAccount, iEventId: number, token?: string) {
	const authorization = token ?? (await accountToken(request, account))
	const registered = await request.post(`/api/${account.role}/events/register/v1/${iEventId}`, { headers: { authorization }, data: {} })
	expect(registered.status(), await registered.text()).toBe(201)
	return ((await registered.json()) as { data: { oRegistration: { iRegistrationId: number; oPayment: { iPaymentId: number } | null } } }).data.oRegistration
}

/**
 * Signs the account in within a browser context without drawing the sign-in page: the form is
 * posted with the context's own request, so the session cookie the portal answers with is the
 * context's, and the page it leads to is fetched, which shows (and so ends) the welcome alert.
 */
export async function signIn(context: Pick<BrowserContext, 'request'>, account: Pick<TestAccount, 'role' | 'number' | 'dob' | 'password'>) {
	const form = { [numberField(account.role)]: account.number, sDob: account.dob, sPassword: account.password }
	const answer = await context.request.post(`/${account.role}/login`, { form, maxRedirects: 0 })
	expect(answer.status(), await answer.text()).toBe(302)
	expect((await context.request.get(answer.headers().location!)).status()).toBe(200)
}

/**
 * Signs in through the login page, as a person does, sending the form with Enter from the password.
 * (A click on "Sign in" could be refused by Playwright on a loaded machine: it found the button
 * already disabled, the form being sent, and waited for it until the test's time ran out.)
 */
export async function signInAs(page: Page, account: Pick<TestAccount, 'role' | 'number' | 'dob' | 'password'>, path = `/${account.role}/login`) {
	await page.goto(path)
	await page
		.getByRole('main')
		.getByLabel(account.role === 'member' ? 'Membership number' : 'Registration number')
		.fill(account.number)
	await page.getByRole('main').getByLabel('Date of birth').fill(account.dob)
	await page.getByRole('main').getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('main').getByLabel('Password', { exact: true }).press('Enter')
}

/** With JavaScript, waits until the page's scripts have loaded (and React has taken over the page). */
export async function scriptsReady(page: Page, javaScriptEnabled: boolean) {
	if (javaScriptEnabled) await page.waitForLoadState('networkidle')
}
