// /member/payments and /events/download/receipt as people use them, with JavaScript on and off:
// the demo member's payments (seeded: paid ones with invoice numbers, a pending offline one), the
// receipt as a real PDF, nobody else's receipt, a fresh member's empty page, phone width.
import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { RECEIPT_PATHS, type PaymentListItem } from '../../app/contract/receipts'
import { pdfText } from '../setup/pdf'
import { STORAGE_KEYS } from '../../app/contract/constants'
import { createAccount, DEMO_MEMBER, DEMO_SESSION_FILES, DEMO_STUDENT, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'

/** Waits for the sign-in to land, so the next navigation does not cut it short. */
const signedIn = (page: Page) => page.waitForURL((url) => !url.pathname.endsWith('/login'))

/** The student's API token, as the portal mirrors it into local storage (spec §3). */
async function demoStudentToken() {
	const state = JSON.parse(await readFile(DEMO_SESSION_FILES.student, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] }
	return state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === STORAGE_KEYS.studentToken)!.value
}

/** A page in a new context signed in as the demo member or student. */
async function signedInPage(browser: Browser, who: 'member' | 'student', javaScriptEnabled: boolean, viewport = { width: 1280, height: 900 }) {
	const context = await browser.newContext({ storageState: DEMO_SESSION_FILES[who], javaScriptEnabled, viewport })
	return context.newPage()
}

async function openPayments(browser: Browser, javaScriptEnabled: boolean, viewport?: { width: number; height: number }) {
	const page = await signedInPage(browser, 'member', javaScriptEnabled, viewport)
	await page.goto('/member/payments')
	await scriptsReady(page, javaScriptEnabled)
	return page
}

/** The table's row of the first paid payment, and its invoice number. */
async function firstPaidRow(page: Page) {
	const row = page.getByRole('table').getByRole('row').filter({ has: page.getByText('Paid', { exact: true }) }).first()
	const invoiceNumber = ((await row.getByText(/^Invoice /).textContent()) ?? '').replace('Invoice ', '').trim()
	return { row, invoiceNumber }
}

test('the demo member sees every payment: event, amounts, tax, status and receipts', async ({ browser, javaScriptEnabled }) => {
	const page = await openPayments(browser, javaScriptEnabled)
	await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
	const table = page.getByRole('table', { name: 'Your payments, newest first' })
	await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Event', 'Amount', 'Tax', 'Total', 'Status', 'Receipt'])
	const rows = table.getByRole('row')
	expect(await rows.count()).toBeGreaterThanOrEqual(3)

	const { row: paid, invoiceNumber } = await firstPaidRow(page)
	expect(invoiceNumber).toMatch(/^[A-Z0-9]{1,4}\/\d{2}-\d{2}\/\d{5}$/)
	await expect(paid.getByRole('link', { name: `Download receipt ${invoiceNumber}` })).toBeVisible()
	await expect(paid.getByRole('cell').nth(2)).toHaveText(/^₹[\d,]+\.\d{2}$/)
	await expect(paid.getByRole('cell').nth(3)).toContainText(/CGST \+ SGST|IGST/)
	const eventLink = paid.getByRole('cell').nth(1).getByRole('link')
	await expect(eventLink).toHaveAttribute('href', /^\/events\/event-details\/\d+$/)

	const pending = rows.filter({ has: page.getByText('Waiting for payment', { exact: true }) }).first()
	await expect(pending).toContainText('Pay at the branch office')
	await expect(pending).toContainText('No receipt yet')
	await expect(pending.getByRole('link', { name: /Download receipt/ })).toHaveCount(0)
	await expectNoAxeViolations(page, javaScriptEnabled)

	await eventLink.click()
	await expect(page).toHaveURL(/\/events\/event-details\/\d+$/)
})

test('a receipt downloads as a PDF of the tax invoice', async ({ browser, javaScriptEnabled }) => {
	const page = await openPayments(browser, javaScriptEnabled)
	const { row, invoiceNumber } = await firstPaidRow(page)
	const link = row.getByRole('link', { name: /Download receipt/ })
	const href = (await link.getAttribute('href'))!
	expect(href).toMatch(/^\/events\/download\/receipt\?iPaymentId=\d+$/)

	const downloading = page.waitForEvent('download')
	await link.click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`receipt-${invoiceNumber.replaceAll('/', '-')}.pdf`)
	const { text } = await pdfText(await readFile((await download.path())!))
	expect(text).toContain('Tax Invoice and Receipt')
	expect(text).toContain(`Invoice number: ${invoiceNumber}`)
	expect(text).toContain(DEMO_MEMBER.name)
	expect(text).toContain(`Membership number: ${DEMO_MEMBER.number}`)

	const response = await page.request.get(href)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect(response.headers()['cache-control']).toBe('no-store')
})

test('nobody else gets a member’s receipt; a signed-out visitor is sent to sign in', async ({ page, browser, request, javaScriptEnabled }) => {
	const memberPage = await openPayments(browser, javaScriptEnabled)
	const href = (await (await firstPaidRow(memberPage)).row.getByRole('link', { name: /Download receipt/ }).getAttribute('href'))!

	await signInAs(page, await createAccount(request, 'member'))
	await signedIn(page)
	for (const otherPage of [page, await signedInPage(browser, 'student', javaScriptEnabled)]) {
		const response = await otherPage.goto(href)
		expect(response?.status()).toBe(404)
		await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Page not found')
		await expectNoAxeViolations(otherPage, javaScriptEnabled)
	}

	const signedOut = await browser.newContext({ javaScriptEnabled })
	const visitor = await signedOut.newPage()
	await visitor.goto(href)
	await expect(visitor).toHaveURL(`/member/login?${new URLSearchParams({ redirectTo: href })}`)
	await signedOut.close()
})

test('a bad or unknown payment id is a page not found, not an error', async ({ browser, javaScriptEnabled }) => {
	const page = await signedInPage(browser, 'member', javaScriptEnabled)
	for (const query of ['iPaymentId=abc', 'iPaymentId=999999', '']) {
		const response = await page.goto(`/events/download/receipt?${query}`)
		expect(response?.status(), query).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
	}
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a student downloads their own receipt', async ({ browser, request, javaScriptEnabled }) => {
	// The student's payments come from the API: students have no payments page of their own.
	const list = await request.get(`/api${RECEIPT_PATHS.payments('student')}`, { headers: { UserType: 'S', authorization: await demoStudentToken() } })
	const paid = ((await list.json()) as { data: PaymentListItem[] }).data.find((p) => p.bHasReceipt)
	expect(paid, 'the demo student has a paid, invoiced payment').toBeDefined()

	const page = await signedInPage(browser, 'student', javaScriptEnabled)
	const response = await page.request.get(`/events/download/receipt?iPaymentId=${paid!.iPaymentId}`)
	expect(response.headers()['content-type']).toBe('application/pdf')
	const { text } = await pdfText(await response.body())
	expect(text).toContain(`Registration number: ${DEMO_STUDENT.number}`)
	expect(text).toContain(paid!.sInvoiceNumber!)
})

test('a fresh member is told how to get a first payment', async ({ page, request, javaScriptEnabled }) => {
	await signInAs(page, await createAccount(request, 'member'), '/member/login?redirectTo=/member/payments')
	await expect(page).toHaveURL(/\/member\/payments$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible()
	await expect(page.getByRole('table')).toHaveCount(0)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page.getByRole('link', { name: 'Register for an event' }).click()
	await expect(page).toHaveURL(/\/events$/)
})

test('at 375 px each payment is a readable card', async ({ browser, javaScriptEnabled }) => {
	const page = await openPayments(browser, javaScriptEnabled, { width: 375, height: 800 })
	await expect(page.getByRole('table')).toBeHidden()
	const cards = page.getByRole('list', { name: 'Your payments, newest first' }).getByRole('listitem')
	expect(await cards.count()).toBeGreaterThanOrEqual(3)
	const paid = cards.filter({ has: page.getByText('Paid', { exact: true }) }).first()
	await expect(paid.getByRole('link', { name: /Download receipt/ })).toBeVisible()
	await expect(paid.getByText('Total')).toBeVisible()
	// Nothing wider than the screen.
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
	await expectNoAxeViolations(page, javaScriptEnabled)
})
