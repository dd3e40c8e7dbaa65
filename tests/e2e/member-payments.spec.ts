// /member/payments and /events/download/receipt as people use them, with JavaScript on and off: a
// member's payments (one paid with its invoice, one left pending at the office, for events the test
// makes), the receipt as a real PDF, nobody else's receipt, a fresh member's empty page, phone width.
import { readFile } from 'node:fs/promises'
import { type APIRequestContext, type Page } from '@playwright/test'
import { pdfText } from '../setup/pdf'
import { createAccount, registerForEvent, scriptsReady, signIn, unique, type TestAccount } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { confirmPayment, createEventAsStaff } from './support/office'

/** A paid event of the test's own, ten days ahead: ₹1,000 before GST. */
async function paidEvent(request: APIRequestContext, adminToken: string) {
	const title = `Paid seminar ${unique()}`
	return { title, iEventId: await createEventAsStaff(request, adminToken, { title, start: new Date(Date.now() + 10 * 86_400_000), nFeePaise: 100_000 }) }
}

/** A paid registration of the account's, confirmed at the office; answers the payment and its invoice number. */
async function paidPayment(request: APIRequestContext, adminToken: string, account: TestAccount) {
	const event = await paidEvent(request, adminToken)
	const { oPayment } = await registerForEvent(request, account, event.iEventId)
	return { event, iPaymentId: oPayment!.iPaymentId, invoiceNumber: await confirmPayment(request, adminToken, oPayment!.iPaymentId) }
}

/** The account's two payments: one paid (with its invoice), then one still pending at the office. */
async function twoPayments(request: APIRequestContext, adminToken: string, account: TestAccount) {
	const paid = await paidPayment(request, adminToken, account)
	const pending = await paidEvent(request, adminToken)
	await registerForEvent(request, account, pending.iEventId)
	return { paid, pending }
}

async function openPayments(page: Page, javaScriptEnabled: boolean) {
	await page.goto('/member/payments')
	await scriptsReady(page, javaScriptEnabled)
}

test.describe('a signed-in member', () => {
	test.use({ signedIn: 'member' })

	test('sees every payment: event, amounts, tax, status and receipts', async ({ page, request, account, adminToken, javaScriptEnabled }) => {
		const { paid, pending } = await twoPayments(request, adminToken, account)
		await openPayments(page, javaScriptEnabled)
		await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
		const table = page.getByRole('table', { name: 'Your payments, newest first' })
		await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Event', 'Amount', 'Tax', 'Total', 'Status', 'Receipt'])
		const rows = table.getByRole('row')
		await expect(rows).toHaveCount(3)
		await expect(rows.nth(1)).toContainText(pending.title)
		await expect(rows.nth(2)).toContainText(paid.event.title)

		const paidRow = rows.nth(2)
		expect(paid.invoiceNumber).toMatch(/^[A-Z0-9]{1,4}\/\d{2}-\d{2}\/\d{5}$/)
		await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible()
		await expect(paidRow.getByText(`Invoice ${paid.invoiceNumber}`)).toBeVisible()
		await expect(paidRow.getByRole('link', { name: `Download receipt ${paid.invoiceNumber}` })).toBeVisible()
		await expect(paidRow.getByRole('cell').nth(2)).toHaveText('₹1,000.00')
		await expect(paidRow.getByRole('cell').nth(3)).toContainText('CGST + SGST')
		const eventLink = paidRow.getByRole('cell').nth(1).getByRole('link')
		await expect(eventLink).toHaveAttribute('href', `/events/event-details/${paid.event.iEventId}`)

		const pendingRow = rows.nth(1)
		await expect(pendingRow.getByText('Waiting for payment', { exact: true })).toBeVisible()
		await expect(pendingRow).toContainText('Pay at the branch office')
		await expect(pendingRow).toContainText('No receipt yet')
		await expect(pendingRow.getByRole('link', { name: /Download receipt/ })).toHaveCount(0)
		await expectNoAxeViolations(page, javaScriptEnabled)

		await eventLink.click()
		await expect(page).toHaveURL(`/events/event-details/${paid.event.iEventId}`)
	})

	test('a receipt downloads as a PDF of the tax invoice', async ({ page, request, account, adminToken, javaScriptEnabled }) => {
		const { iPaymentId, invoiceNumber } = await paidPayment(request, adminToken, account)
		await openPayments(page, javaScriptEnabled)
		const link = page.getByRole('table').getByRole('link', { name: `Download receipt ${invoiceNumber}` })
		const href = `/events/download/receipt?iPaymentId=${iPaymentId}`
		await expect(link).toHaveAttribute('href', href)

		const downloading = page.waitForEvent('download')
		await link.click()
		const download = await downloading
		expect(download.suggestedFilename()).toBe(`receipt-${invoiceNumber.replaceAll('/', '-')}.pdf`)
		const { text } = await pdfText(await readFile((await download.path())!))
		expect(text).toContain('Tax Invoice and Receipt')
		expect(text).toContain(`Invoice number: ${invoiceNumber}`)
		expect(text).toContain(account.name)
		expect(text).toContain(`Membership number: ${account.number}`)

		const response = await page.request.get(href)
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toBe('application/pdf')
		expect(response.headers()['cache-control']).toBe('no-store')
	})

	test('nobody else gets a member’s receipt; a signed-out visitor is sent to sign in', async ({ page, browser, request, adminToken, javaScriptEnabled }) => {
		const { iPaymentId } = await paidPayment(request, adminToken, await createAccount(request, 'member'))
		const href = `/events/download/receipt?iPaymentId=${iPaymentId}`
		const student = await browser.newContext({ javaScriptEnabled })
		await signIn(student, await createAccount(request, 'student'))
		for (const otherPage of [page, await student.newPage()]) {
			const response = await otherPage.goto(href)
			expect(response?.status()).toBe(404)
			await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Page not found')
			await expectNoAxeViolations(otherPage, javaScriptEnabled)
		}
		await student.close()

		const signedOut = await browser.newContext({ javaScriptEnabled })
		const visitor = await signedOut.newPage()
		await visitor.goto(href)
		await expect(visitor).toHaveURL(`/member/login?${new URLSearchParams({ redirectTo: href })}`)
		await signedOut.close()
	})

	test('a bad or unknown payment id is a page not found, not an error', async ({ page, javaScriptEnabled }) => {
		for (const query of ['iPaymentId=abc', 'iPaymentId=999999', '']) {
			const response = await page.goto(`/events/download/receipt?${query}`)
			expect(response?.status(), query).toBe(404)
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
		}
		await expectNoAxeViolations(page, javaScriptEnabled)
	})

	test('a fresh member is told how to get a first payment', async ({ page, javaScriptEnabled }) => {
		await openPayments(page, javaScriptEnabled)
		await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible()
		await expect(page.getByRole('table')).toHaveCount(0)
		await expectNoAxeViolations(page, javaScriptEnabled)
		await page.getByRole('link', { name: 'Register for an event' }).click()
		await expect(page).toHaveURL(/\/events$/)
	})

	test.describe('on a phone', () => {
		test.use({ viewport: { width: 375, height: 800 } })

		test('at 375 px each payment is a readable card', async ({ page, request, account, adminToken, javaScriptEnabled }) => {
			await twoPayments(request, adminToken, account)
			await openPayments(page, javaScriptEnabled)
			await expect(page.getByRole('table')).toBeHidden()
			const cards = page.getByRole('list', { name: 'Your payments, newest first' }).getByRole('listitem')
			await expect(cards).toHaveCount(2)
			const paid = cards.filter({ has: page.getByText('Paid', { exact: true }) })
			await expect(paid.getByRole('link', { name: /Download receipt/ })).toBeVisible()
			await expect(paid.getByText('Total')).toBeVisible()
			// Nothing wider than the screen.
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
			await expectNoAxeViolations(page, javaScriptEnabled)
		})
	})
})

test.describe('a signed-in student', () => {
	test.use({ signedIn: 'student' })

	test('downloads their own receipt', async ({ page, request, account, adminToken }) => {
		// Students have no payments page of their own: the receipt's address comes from their payment.
		const { iPaymentId, invoiceNumber } = await paidPayment(request, adminToken, account)
		const response = await page.request.get(`/events/download/receipt?iPaymentId=${iPaymentId}`)
		expect(response.headers()['content-type']).toBe('application/pdf')
		const { text } = await pdfText(await response.body())
		expect(text).toContain(`Registration number: ${account.number}`)
		expect(text).toContain(invoiceNumber)
	})
})
