// Paying an event's fee through Razorpay, with JavaScript on and off, against the local test
// gateway (scripts/razorpay-gateway.mjs) and a portal of its own with PAYMENT_PROVIDER=razorpay:
// paying on the gateway's hosted page (no JavaScript) or in Standard Checkout's frame (JavaScript),
// the receipt; a tampered signature; a replayed webhook; a tab closed after paying, settled by the
// minute's reconciliation; a payment only authorized, "confirming" until it is captured; a refund
// from the office with its credit note.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { REGISTRATION_MESSAGES } from '../../app/contract/registration-pages'
import { pdfText } from '../setup/pdf'
import { startRazorpayGateway } from '../../scripts/razorpay-gateway.mjs'
import { createAccount, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { createEventAsStaff, e2eOfficePasswordHash, officeSignIn, staffToken } from './support/office'
import { startPortal, type PortalProcess } from './support/portal'
import { skipWelcomePopup } from './support/site'

const KEYS = { keyId: 'rzp_test_E2eGateway0001', keySecret: 'e2e-only-razorpay-key-secret', webhookSecret: 'e2e-only-razorpay-webhook-secret' }
const OFFICE = { editor: 'e2e.razorpay.editor', accounts: 'e2e.razorpay.accounts' } as const
const FEE_PAISE = 50_000
/** ₹500 and 18 % GST. */
const TOTAL = '₹590.00'

type Gateway = Awaited<ReturnType<typeof startRazorpayGateway>>
type Delivery = { eventId: string; event: string; body: string; status?: number | string }

// One portal and gateway serve the tests in order in one worker: a portal seeds its database on
// start, tens of seconds on a busy machine.
test.describe.configure({ mode: 'default' })
let gateway: Gateway
let portal: PortalProcess
let portalRequest: APIRequestContext
let editorToken: string

test.beforeAll(async ({ playwright }, testInfo) => {
	testInfo.setTimeout(180_000)
	gateway = await startRazorpayGateway(KEYS)
	portal = await startPortal(
		{
			// A test key is refused live: the portal runs as a trial, with the suite's SMTP sink.
			NODE_ENV: 'test',
			PAYMENT_PROVIDER: 'razorpay',
			RAZORPAY_KEY_ID: KEYS.keyId,
			RAZORPAY_KEY_SECRET: KEYS.keySecret,
			RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
			RAZORPAY_API_URL: gateway.url,
			// The closed tab is settled at the next minute's check, not 15 minutes on.
			RAZORPAY_RECONCILE_MINUTES: '0',
			JOB_POLL_SECONDS: '0.5',
			// Nor for the minute: the check runs every two seconds.
			JOB_TICK_SECONDS: '2',
			// A seat waits half a minute for its payment, so a test can watch a hold lapse.
			PAYMENT_HOLD_MINUTES: '0.5',
			OFFICE_USERS: JSON.stringify(
				Object.entries(OFFICE).map(([role, username]) => ({ username, fullName: `E2E Razorpay ${role}`, passwordHash: e2eOfficePasswordHash(), role })),
			),
			SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`,
		},
		{ startMs: 150_000 },
	)
	gateway.control.webhookUrl = `${portal.url}/api/payments/razorpay/webhook/v1`
	portalRequest = await playwright.request.newContext({ baseURL: portal.url })
	editorToken = await staffToken(portalRequest, OFFICE.editor)
})
test.afterEach(async () => {
	const testInfo = test.info()
	// What the portal logged (warnings and errors) tells why a flow stopped.
	if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('portal output', { body: portal.output(), contentType: 'text/plain' })
})
test.afterAll(async () => {
	await portalRequest?.dispose()
	await portal?.stop()
	await gateway?.close()
})

/** The gateway's test controls (/__gateway/...). */
async function control<T>(path: string, body: Record<string, unknown> = {}) {
	const response = await fetch(`${gateway.url}/__gateway/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	})
	expect(response.status, path).toBe(200)
	return (await response.json()) as T
}
const deliveries = async () => (await (await fetch(`${gateway.url}/__gateway/webhooks`)).json()) as Delivery[]
/** The Razorpay order made for the payment: the payment's reference is its receipt. */
async function orderOf(reference: string) {
	const orders = (await (await fetch(`${gateway.url}/__gateway/orders`)).json()) as { id: string; receipt: string }[]
	return orders.find((order) => order.receipt === reference)!.id
}

const panel = (page: Page) => page.locator('#registration')

const paidEvent = (nSeatLimit: number) =>
	createEventAsStaff(portalRequest, editorToken, {
		title: `Paid online ${Date.now()}`,
		start: new Date(Date.now() + 10 * 86_400_000),
		nFeePaise: FEE_PAISE,
		nSeatLimit,
	})

/**
 * A fresh member signed in on the Razorpay portal, on a fresh paid event's page. With JavaScript,
 * every console error and CSP violation on the portal's pages is kept, for the test to check.
 */
async function memberOnPaidEvent(browser: Browser, javaScriptEnabled: boolean, event?: number) {
	const context = await browser.newContext({ baseURL: portal.url, javaScriptEnabled })
	await skipWelcomePopup(context, portal.url)
	const iEventId = event ?? (await paidEvent(50))
	const account = await createAccount(portalRequest, 'member')
	const page = await context.newPage()
	const problems: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(message.text())
	})
	page.on('pageerror', (error) => problems.push(error.message))
	await signInAs(page, account, `/member/login?redirectTo=/events/event-details/${iEventId}`)
	await expect(page).toHaveURL(`/events/event-details/${iEventId}`)
	await scriptsReady(page, javaScriptEnabled)
	return { context, page, iEventId, account, problems }
}

/** Registers and arrives on the portal's checkout page; answers the payment's reference. */
async function registerAndOpenCheckout(page: Page, javaScriptEnabled: boolean) {
	await panel(page)
		.getByRole('button', { name: `Register and pay ${TOTAL}` })
		.click()
	await expect(page).toHaveURL(/\/payments\/razorpay\/checkout\/SRB-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Pay online' })).toBeVisible()
	await scriptsReady(page, javaScriptEnabled)
	return page.url().split('/').at(-1)!
}

/** Pays on the gateway: its hosted page without JavaScript, Standard Checkout's frame with it. */
async function payOnGateway(page: Page, javaScriptEnabled: boolean) {
	await page.getByRole('button', { name: `Pay ${TOTAL}` }).click()
	if (javaScriptEnabled) {
		await expect(page.getByRole('dialog', { name: 'Razorpay Checkout' })).toBeVisible()
		await page
			.frameLocator('iframe[title="Razorpay Checkout"]')
			.getByRole('button', { name: `Pay ${TOTAL} by UPI` })
			.click()
		return
	}
	await expect(page).toHaveURL(`${gateway.url}/v1/checkout/embedded`)
	await page.getByRole('button', { name: `Pay ${TOTAL} by UPI` }).click()
	// Razorpay's page posts the answer back at once with JavaScript; without it, by this button.
	await page.getByRole('button', { name: 'Return to the merchant' }).click()
}

/** The event page after a payment: registered, paid, invoiced; answers the invoice number. */
async function expectPaid(page: Page, iEventId: number) {
	await expect(panel(page).getByText('You are registered.')).toBeVisible()
	const paid = panel(page).getByText(/^Paid ₹590\.00 on .*, invoice SRB\/\d{2}-\d{2}\/\d{5}\./)
	await expect(paid).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`/events/event-details/${iEventId}(#registration)?$`))
	return /invoice (SRB\/\d{2}-\d{2}\/\d{5})/.exec((await paid.textContent())!)![1]!
}

/** The member's own receipt, as the link on the event page gives it. */
async function receiptText(context: BrowserContext, page: Page) {
	const href = (await panel(page).getByRole('link', { name: 'Download the receipt' }).getAttribute('href'))!
	const response = await context.request.get(href)
	expect(response.headers()['content-type']).toBe('application/pdf')
	return (await pdfText(await response.body())).text
}

test('a member pays on Razorpay’s checkout, comes back registered and gets the tax invoice', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(90_000)
	const { context, page, iEventId, account, problems } = await memberOnPaidEvent(browser, javaScriptEnabled)
	const reference = await registerAndOpenCheckout(page, javaScriptEnabled)
	await expect(page.getByText(reference)).toBeVisible()
	await expect(page.getByText('Seat held until')).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)
	await payOnGateway(page, javaScriptEnabled)
	await expect(page.getByRole('status').filter({ hasText: REGISTRATION_MESSAGES.paid })).toBeVisible()
	const invoice = await expectPaid(page, iEventId)
	const receipt = await receiptText(context, page)
	expect(receipt).toContain('Tax Invoice and Receipt')
	expect(receipt).toContain(`Invoice number: ${invoice}`)
	expect(receipt).toContain(account.name)
	// The callback and the webhooks all arrived: still the one invoice.
	await control('webhooks/flush')
	await page.reload()
	expect(await expectPaid(page, iEventId)).toBe(invoice)
	// The gateway's script and frame, allowed by the CSP, and nothing else went wrong on the way.
	expect(problems).toEqual([])
	await context.close()
})

test('a tampered signature is refused with 400 and changes nothing; the genuine webhook then settles it', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(90_000)
	const { context, page, iEventId } = await memberOnPaidEvent(browser, javaScriptEnabled)
	await registerAndOpenCheckout(page, javaScriptEnabled)
	await control('webhooks/hold')
	// Nor does the minute's reconciliation hear of the payment until the webhook is let go.
	await control('orders/quiet', { quiet: true })
	try {
		// One character of the signature changed on its way back to the portal.
		await page.route('**/payments/razorpay/callback/**', async (route) => {
			const form = new URLSearchParams(route.request().postData() ?? '')
			const signature = form.get('razorpay_signature') ?? ''
			form.set('razorpay_signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`)
			await route.continue({ postData: form.toString() })
		})
		const refused = page.waitForResponse((response) => response.url().includes('/payments/razorpay/callback/') && response.request().method() === 'POST')
		await payOnGateway(page, javaScriptEnabled)
		expect((await refused).status()).toBe(400)
		await expect(page.getByRole('heading', { level: 1, name: 'Payment not accepted' })).toBeVisible()
		await expect(page.getByRole('alert')).toHaveText(REGISTRATION_MESSAGES.badGatewaySignature)
		await page.unroute('**/payments/razorpay/callback/**')
		await page.goto(`/events/event-details/${iEventId}`)
		await expect(panel(page).getByText(`Payment pending: ${TOTAL}.`)).toBeVisible()
	} finally {
		await control('orders/quiet', { quiet: false })
		await control('webhooks/release')
	}
	// Razorpay did take the money: its signed webhook is believed.
	await page.reload()
	await expectPaid(page, iEventId)
	await context.close()
})

test('a webhook delivered again changes nothing', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(90_000)
	const { context, page, iEventId } = await memberOnPaidEvent(browser, javaScriptEnabled)
	const reference = await registerAndOpenCheckout(page, javaScriptEnabled)
	await payOnGateway(page, javaScriptEnabled)
	const invoice = await expectPaid(page, iEventId)
	await control('webhooks/flush')
	const orderId = await orderOf(reference)
	const captured = (await deliveries()).find((d) => d.event === 'payment.captured' && d.body.includes(orderId))!
	expect(captured.status).toBe(200)
	const replayed = await control<Delivery>('webhooks/replay', { eventId: captured.eventId })
	expect(replayed.status).toBe(200)
	await page.reload()
	expect(await expectPaid(page, iEventId)).toBe(invoice)
	// One payment, one invoice, on the member's list.
	await page.goto('/member/payments')
	await expect(page.getByRole('table').getByRole('row').filter({ hasText: invoice })).toHaveCount(1)
	await context.close()
})

test('a member who pays and closes the tab is marked paid by the minute’s reconciliation', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(90_000)
	const { context, page, iEventId } = await memberOnPaidEvent(browser, javaScriptEnabled)
	const reference = await registerAndOpenCheckout(page, javaScriptEnabled)
	await control('webhooks/hold')
	// Until the page has shown the payment pending, Razorpay does not list it to the portal's check either.
	await control('orders/quiet', { quiet: true })
	try {
		const orderId = await orderOf(reference)
		await page.close()
		// Paid on Razorpay's page; the tab closed before it came back, and no webhook reached the portal.
		await control(`orders/${orderId}/pay`)
		const again = await context.newPage()
		await again.goto(`/events/event-details/${iEventId}`)
		await expect(panel(again).getByText(`Payment pending: ${TOTAL}.`)).toBeVisible()
		// The check (every two seconds here) asks Razorpay and settles it.
		await control('orders/quiet', { quiet: false })
		await expect(async () => {
			await again.reload()
			await expect(panel(again).getByText('You are registered.')).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 60_000, intervals: [2_000] })
		const invoice = await expectPaid(again, iEventId)
		// The webhooks Razorpay sends afterwards change nothing.
		await control('webhooks/release')
		await again.reload()
		expect(await expectPaid(again, iEventId)).toBe(invoice)
	} finally {
		await control('orders/quiet', { quiet: false })
		await control('webhooks/release')
	}
	await context.close()
})

test('a payment Razorpay has only authorized is “confirming”, with no second payment offered, until it is captured', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(90_000)
	const { context, page, iEventId } = await memberOnPaidEvent(browser, javaScriptEnabled)
	await registerAndOpenCheckout(page, javaScriptEnabled)
	// Razorpay authorizes the payment but does not capture it, and the portal's capture fails for now.
	await control('capture', { autoCapture: false, failCaptures: true })
	try {
		await payOnGateway(page, javaScriptEnabled)
		await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible()
		await expect(page.getByRole('status')).toHaveText(REGISTRATION_MESSAGES.confirming)
		await expect(page.getByRole('button', { name: `Pay ${TOTAL}` })).toHaveCount(0)
		await expectNoAxeViolations(page, javaScriptEnabled)
		const confirmingPage = page.url()
		await page.getByRole('link', { name: 'Check again' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible()
		// The minute's check (every two seconds here) captures it once Razorpay lets it; the page then sends the member to the event.
		await control('capture', { failCaptures: false })
		await expect(async () => {
			await page.goto(confirmingPage)
			await expect(panel(page).getByText('You are registered.')).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 60_000, intervals: [2_000] })
		await expectPaid(page, iEventId)
	} finally {
		await control('capture', { autoCapture: true, failCaptures: false })
	}
	await context.close()
})

test('the office refunds an online payment through Razorpay and the credit note is issued', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(120_000)
	const { context, page, iEventId } = await memberOnPaidEvent(browser, javaScriptEnabled)
	const reference = await registerAndOpenCheckout(page, javaScriptEnabled)
	await payOnGateway(page, javaScriptEnabled)
	const invoice = await expectPaid(page, iEventId)
	await control('webhooks/flush')

	const officeContext = await browser.newContext({ baseURL: portal.url, javaScriptEnabled })
	await skipWelcomePopup(officeContext, portal.url)
	const office = await officeContext.newPage()
	await officeSignIn(office, OFFICE.accounts, `/office/payments?sSearch=${reference}`)
	const row = office.getByRole('row').filter({ hasText: reference })
	await expect(row).toContainText(/Razorpay order_\w+ · pay_\w+ · captured/)
	await row.getByRole('link').first().click()
	await expect(office).toHaveURL(/\/office\/payments\/\d+$/)
	await office.getByRole('link', { name: 'Refund…' }).click()
	await expect(office.getByRole('main')).toContainText('Razorpay returns ₹590.00')
	// Razorpay returns the money where it came from: the desk's question is not asked.
	await expect(office.getByLabel('How the money went back')).toHaveCount(0)
	await scriptsReady(office, javaScriptEnabled)
	await office.getByLabel('Reason (printed on the credit note; optional)').fill('The member cannot attend.')
	await office.getByRole('button', { name: `Refund ${TOTAL} and issue the credit note` }).click()
	await expect(office.getByText(/^Payment refunded; credit note \S+ issued\. The payer is mailed the credit note\.$/)).toBeVisible()
	await expect(office.getByRole('main')).toContainText('Refunded byRazorpay, reference rfnd_')
	await expect(office.getByRole('link', { name: /^Download credit note / })).toBeVisible()
	await expectNoAxeViolations(office, javaScriptEnabled)
	// Razorpay has the refund, against the payment.
	const refunds = (await deliveries()).filter((d) => d.event === 'refund.processed' && d.body.includes(reference))
	expect(refunds).toHaveLength(1)

	await page.reload()
	await expect(panel(page).getByText('You are registered.')).toHaveCount(0)
	await page.goto('/member/payments')
	const refunded = page.getByRole('table').getByRole('row').filter({ hasText: invoice })
	await expect(refunded).toContainText('Refunded')
	await officeContext.close()
	await context.close()
})

test('an unpaid hold lapses and the seat is offered to the first on the waiting list', async ({ browser, javaScriptEnabled }) => {
	test.setTimeout(120_000)
	const iEventId = await paidEvent(1)
	const holder = await memberOnPaidEvent(browser, javaScriptEnabled, iEventId)
	await registerAndOpenCheckout(holder.page, javaScriptEnabled)
	// The one seat is held while the holder pays: the next member can only join the waiting list.
	const next = await memberOnPaidEvent(browser, javaScriptEnabled, iEventId)
	await panel(next.page).getByRole('button', { name: 'Join the waiting list' }).click()
	await expect(panel(next.page).getByText(/You are number 1 on the waiting list\./)).toBeVisible()
	// The holder never pays: after the hold (half a minute here) the check gives the seat on.
	await expect(async () => {
		await next.page.reload()
		await expect(panel(next.page).getByText(/^A seat is held for you until .+\. Register before then to take it\.$/)).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 90_000, intervals: [2_000] })
	await holder.page.goto(`/events/event-details/${iEventId}`)
	await expect(panel(holder.page).getByText(`Payment pending: ${TOTAL}.`)).toHaveCount(0)
	await expect(panel(holder.page).getByRole('button', { name: 'Join the waiting list' })).toBeVisible()
	await panel(next.page)
		.getByRole('button', { name: `Register and pay ${TOTAL}` })
		.click()
	await expect(next.page).toHaveURL(/\/payments\/razorpay\/checkout\//)
	await holder.context.close()
	await next.context.close()
})
