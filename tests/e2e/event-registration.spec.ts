// Registering for events as people do it, with JavaScript on and off: a free event and its
// cancellation, a paid one paid at the office (the suite's office portal) and through the sandbox
// checkout (a second portal with the sandbox provider), a failed payment tried again, a past one
// paid for, and a signed-out visitor sent to sign in and back. Each test registers for events it
// made itself. Every state of the panel and the checkout get axe.
import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { REGISTRATION_MESSAGES } from '../../app/contract/registration-pages'
import { createAccount, registerForEvent, scriptsReady, signInAs, unique, type TestAccount } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { confirmPayment, createEventAsStaff, moveEventToPast } from './support/office'
import { startPortal, type PortalProcess } from './support/portal'
import { skipWelcomePopup } from './support/site'

type EventItem = {
	iEventId: number
	sTitle: string
	nFeePaise: number
	dStartDate: string
	dEndDate: string
}

/** A seeded event: the first upcoming paid one, or the first past paid one. */
async function seededEvent(request: APIRequestContext, kind: 'paid' | 'past paid') {
	const when = kind === 'past paid' ? 'past' : 'upcoming'
	const answer = await request.get(`/api/events/list/v1?sWhen=${when}&sSortOrder=asc&nLimit=50`)
	const events = ((await answer.json()) as { data: { aItems: EventItem[] } }).data.aItems
	const event = events.find((e) => e.nFeePaise > 0)
	if (!event) throw new Error(`No seeded ${kind} event`)
	return event
}

/** An event of the test's own, ten days ahead, with 40 seats: free, or ₹1,000 before GST. */
async function ownEvent(request: APIRequestContext, adminToken: string, kind: 'free' | 'paid') {
	const event = {
		title: `Registration ${kind} seminar ${unique()}`,
		start: new Date(Date.now() + 10 * 86_400_000),
		nSeatLimit: 40,
		nFeePaise: kind === 'paid' ? 100_000 : 0,
	}
	return { fields: event, iEventId: await createEventAsStaff(request, adminToken, event) }
}

const panel = (page: Page) => page.locator('#registration')

async function openEvent(page: Page, iEventId: number, javaScriptEnabled: boolean) {
	await page.goto(`/events/event-details/${iEventId}`)
	await scriptsReady(page, javaScriptEnabled)
}

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('a signed-out visitor pressing Register signs in and comes back to register', async ({ page, request, adminToken, javaScriptEnabled }) => {
	const event = await ownEvent(request, adminToken, 'free')
	const account = await createAccount(request, 'member')
	await openEvent(page, event.iEventId, javaScriptEnabled)
	await expect(panel(page).getByText('40 of 40 seats left')).toBeVisible()
	await expect(panel(page).getByText(/^Registration closes \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/)).toBeVisible()
	await expect(panel(page).getByRole('link', { name: 'Students sign in here' })).toHaveAttribute(
		'href',
		`/student/login?redirectTo=%2Fevents%2Fevent-details%2F${event.iEventId}`,
	)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await panel(page).getByRole('link', { name: 'Register' }).click()
	await expect(page).toHaveURL(`/member/login?redirectTo=%2Fevents%2Fevent-details%2F${event.iEventId}`)
	await signInAs(page, account, page.url())
	await expect(page).toHaveURL(`/events/event-details/${event.iEventId}`)
	await expect(panel(page).getByRole('button', { name: 'Register' })).toBeVisible()
})

test.describe('a signed-in member', () => {
	test.use({ signedIn: 'member' })

	test('registers for a free event and cancels after confirming', async ({ page, request, adminToken, javaScriptEnabled }) => {
		// Five posts and three pages through axe: more than the usual 30 s on a busy machine.
		test.slow()
		const event = await ownEvent(request, adminToken, 'free')
		await openEvent(page, event.iEventId, javaScriptEnabled)
		await expect(panel(page).getByText('40 of 40 seats left')).toBeVisible()
		await panel(page).getByRole('button', { name: 'Register' }).click()
		await expect(page.getByRole('status').filter({ hasText: REGISTRATION_MESSAGES.registered })).toBeVisible()
		await expect(panel(page).getByText('You are registered.')).toBeVisible()
		await expect(panel(page).getByText(/^You can cancel until /)).toBeVisible()
		await expect(panel(page).getByText('39 of 40 seats left')).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)

		await panel(page).getByRole('link', { name: 'Cancel registration' }).click()
		const dialog = page.getByRole('dialog', {
			name: 'Cancel your registration?',
		})
		await expect(dialog).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
		// "No" keeps it.
		await dialog.getByRole('link', { name: 'No, keep it' }).click()
		await expect(dialog).toHaveCount(0)
		await expect(panel(page).getByText('You are registered.')).toBeVisible()

		await panel(page).getByRole('link', { name: 'Cancel registration' }).click()
		await page.getByRole('dialog', { name: 'Cancel your registration?' }).getByRole('button', { name: 'Yes, cancel' }).click()
		await expect(page.getByRole('status').filter({ hasText: REGISTRATION_MESSAGES.cancelled })).toBeVisible()
		await expect(panel(page).getByText('Your earlier registration was cancelled.')).toBeVisible()
		await expect(panel(page).getByText('40 of 40 seats left')).toBeVisible()
		await expect(panel(page).getByRole('button', { name: 'Register' })).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
	})

	test('a paid event with the office as the provider: GST shown, the payment left pending with instructions', async ({
		page,
		request,
		adminToken,
		javaScriptEnabled,
	}) => {
		const event = await ownEvent(request, adminToken, 'paid')
		await openEvent(page, event.iEventId, javaScriptEnabled)
		const fee = panel(page).getByRole('table', { name: 'Fee with GST' })
		await expect(fee.getByRole('row', { name: /^CGST 9%/ })).toBeVisible()
		await expect(fee.getByRole('row', { name: /^SGST 9%/ })).toBeVisible()
		await expect(fee.getByRole('row', { name: /^Total/ })).toContainText('₹1,180.00')
		await panel(page)
			.getByRole('button', { name: /^Register, pay ₹[\d,.]+ at the branch office$/ })
			.click()
		await expect(panel(page).getByText(REGISTRATION_MESSAGES.paymentStarted)).toBeVisible()
		await expect(
			panel(page).getByText(/Please pay the fee at the branch office.* Quote reference SRB-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}\.$/),
		).toBeVisible()
		await expect(panel(page).getByRole('link', { name: 'Pay now' })).toHaveCount(0)
		await expectNoAxeViolations(page, javaScriptEnabled)
	})

	test('a past paid event links its receipt and offers no registration', async ({ page, request, account, adminToken, javaScriptEnabled }) => {
		const event = await ownEvent(request, adminToken, 'paid')
		const { oPayment } = await registerForEvent(request, account, event.iEventId)
		const invoice = await confirmPayment(request, adminToken, oPayment!.iPaymentId)
		await moveEventToPast(request, adminToken, event.iEventId, event.fields)
		await openEvent(page, event.iEventId, javaScriptEnabled)
		await expect(panel(page).getByText('You are registered.')).toBeVisible()
		await expect(panel(page).getByText(new RegExp(`^Paid ₹1,180\\.00 on .*, invoice ${invoice}\\.`))).toBeVisible()
		await expect(panel(page).getByRole('link', { name: 'Download the receipt' })).toHaveAttribute(
			'href',
			`/events/download/receipt?iPaymentId=${oPayment!.iPaymentId}`,
		)
		await expect(panel(page).getByRole('button')).toHaveCount(0)
		await expectNoAxeViolations(page, javaScriptEnabled)
	})
})

test('a past event says so instead of offering registration', async ({ page, request, javaScriptEnabled }) => {
	const past = await seededEvent(request, 'past paid')
	await openEvent(page, past.iEventId, javaScriptEnabled)
	await expect(panel(page).getByText(REGISTRATION_MESSAGES.past)).toBeVisible()
	await expect(panel(page).getByRole('link', { name: 'Register' })).toHaveCount(0)
	await expect(panel(page).getByText(/seats left|Registration closes/)).toHaveCount(0)
})

test.describe('paying through the sandbox checkout', () => {
	// In order in one worker, so one portal (which seeds a database of its own, tens of seconds on a
	// busy machine) serves the three tests: run fully parallel, each test started and stopped its own.
	test.describe.configure({ mode: 'default' })
	let portal: PortalProcess
	let portalRequest: APIRequestContext

	test.beforeAll(async ({ playwright }, testInfo) => {
		testInfo.setTimeout(150_000)
		// The sandbox is refused in production: this portal runs as a test deployment, with the suite's SMTP sink.
		portal = await startPortal(
			{
				NODE_ENV: 'test',
				PAYMENT_PROVIDER: 'sandbox',
				PAYMENT_CALLBACK_SECRET: 'e2e-only-payment-callback-secret-0123456789',
				SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`,
			},
			{ startMs: 120_000 },
		)
		portalRequest = await playwright.request.newContext({
			baseURL: portal.url,
		})
	})
	test.afterAll(async () => {
		await portalRequest?.dispose()
		await portal?.stop()
	})

	async function signedInOnPortal(browser: Browser, javaScriptEnabled: boolean, role: 'member' | 'student') {
		const context = await browser.newContext({
			baseURL: portal.url,
			javaScriptEnabled,
		})
		await skipWelcomePopup(context, portal.url)
		const account: TestAccount = await createAccount(portalRequest, role)
		const event = await seededEvent(portalRequest, 'paid')
		const page = await context.newPage()
		await signInAs(page, account, `/${role}/login?redirectTo=/events/event-details/${event.iEventId}`)
		await expect(page).toHaveURL(`/events/event-details/${event.iEventId}`)
		await scriptsReady(page, javaScriptEnabled)
		return { page, context, event }
	}

	async function checkout(page: Page, javaScriptEnabled: boolean) {
		await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\/sbx_[\w-]+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
		await expect(page.getByRole('note')).toContainText('Sandbox — no money moves')
		await scriptsReady(page, javaScriptEnabled)
	}

	test('a member pays and sees the receipt link', async ({ browser, javaScriptEnabled }) => {
		const { page, context } = await signedInOnPortal(browser, javaScriptEnabled, 'member')
		const total = (await panel(page)
			.getByRole('row', { name: /^Total/ })
			.getByRole('cell')
			.textContent())!
		await panel(page)
			.getByRole('button', { name: `Register and pay ${total}` })
			.click()
		await checkout(page, javaScriptEnabled)
		await expectNoAxeViolations(page, javaScriptEnabled)
		await page.getByRole('button', { name: `Pay ${total}` }).click()
		await expect(page).toHaveURL(/\/events\/event-details\/\d+#registration$/)
		await expect(page.getByRole('status').filter({ hasText: REGISTRATION_MESSAGES.paid })).toBeVisible()
		await expect(panel(page).getByText('You are registered.')).toBeVisible()
		await expect(panel(page).getByText(new RegExp(`^Paid ${total.replace(/[.₹,]/g, '\\$&')} on .*, invoice SRB/`))).toBeVisible()
		await expect(panel(page).getByRole('link', { name: 'Download the receipt' })).toHaveAttribute('href', /^\/events\/download\/receipt\?iPaymentId=\d+$/)
		await expect(panel(page).getByText(REGISTRATION_MESSAGES.paidCancel)).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
		// Back to the spent checkout: it says so instead of offering to pay twice.
		await page.goBack()
		await page.reload()
		await expect(page).toHaveURL(/\/events\/event-details\/\d+#registration$/)
		await context.close()
	})

	test('a student’s payment fails, then goes through on a second try', async ({ browser, javaScriptEnabled }) => {
		const { page, context } = await signedInOnPortal(browser, javaScriptEnabled, 'student')
		await panel(page)
			.getByRole('button', { name: /^Register and pay/ })
			.click()
		await checkout(page, javaScriptEnabled)
		await page.getByRole('button', { name: 'Make it fail' }).click()
		await expect(page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.failed })).toBeVisible()
		await expect(panel(page).getByText(/^Your payment of ₹[\d,.]+ did not go through\.$/)).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
		await panel(page).getByRole('button', { name: 'Try the payment again' }).click()
		await checkout(page, javaScriptEnabled)
		await page.getByRole('button', { name: /^Pay ₹/ }).click()
		await expect(page.getByRole('status').filter({ hasText: REGISTRATION_MESSAGES.paid })).toBeVisible()
		await expect(panel(page).getByRole('link', { name: 'Download the receipt' })).toBeVisible()
		await context.close()
	})

	test('a pending payment is paid later from the event page with Pay now', async ({ browser, javaScriptEnabled }) => {
		const { page, context, event } = await signedInOnPortal(browser, javaScriptEnabled, 'member')
		await panel(page)
			.getByRole('button', { name: /^Register and pay/ })
			.click()
		await checkout(page, javaScriptEnabled)
		await page.getByRole('link', { name: 'Back to the event' }).click()
		await expect(page).toHaveURL(`/events/event-details/${event.iEventId}`)
		await expect(panel(page).getByText(/^Payment pending: ₹/)).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
		await panel(page).getByRole('link', { name: 'Pay now' }).click()
		await checkout(page, javaScriptEnabled)
		await context.close()
	})
})
