// A person's own data as they use it from the profile page, with JavaScript on and off: "Download
// my data" (a JSON file and a summary to read) and "Close my account" with the OTP from the e-mail.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { ACCOUNT_MESSAGES } from '../../app/contract/accounts'
import { OWN_DATA_MESSAGES, type OwnData } from '../../app/contract/own-data'
import { createAccount, readOtp, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { BRANCH_NAME, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

async function download(page: Page, name: string) {
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name }).click()
	const file = await downloading
	return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') }
}

test('download my data: a JSON file and a summary to read, from the profile page', async ({ page, request, javaScriptEnabled, baseURL }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account, '/member/login?redirectTo=/member/profile')
	await expect(page).toHaveURL(/\/member\/profile$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	const json = await download(page, 'a JSON file (download my data as JSON)')
	expect(json.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
	const data = JSON.parse(json.text) as OwnData
	expect(data.oProfile).toMatchObject({ sEmail: account.email, sFullName: account.name, sUserType: 'M' })
	expect(data.aConsents.map((consent) => consent.sWhat)).toContain('The branch’s newsletter at this e-mail address')

	const summary = await download(page, 'a summary to read (download my data as HTML)')
	expect(summary.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.html$/)
	// The summary opens on its own, as a saved file does, and is as accessible as the portal's pages.
	const saved = await page.context().newPage()
	const address = new URL('/saved-summary.html', baseURL).href
	await saved.route(address, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: summary.text }))
	await saved.goto(address)
	await expect(saved.getByRole('heading', { level: 1 })).toHaveText(`Your data at the ${BRANCH_NAME} portal`)
	await expect(saved.getByRole('definition').filter({ hasText: account.email })).toBeVisible()
	await expect(saved.getByRole('heading', { name: 'Tax invoices' })).toBeVisible()
	await expectNoAxeViolations(saved, javaScriptEnabled)
	await saved.close()
})

test('close my account: a wrong code changes nothing; the right one erases, signs out and frees the number', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account, '/member/login?redirectTo=/member/profile')
	await page.getByRole('link', { name: 'Close my account' }).click()
	await expect(page).toHaveURL(/\/member\/close-account$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { name: 'What is erased' })).toBeVisible()
	await expect(page.getByRole('main').getByText(/GST law requires them to be kept for 72 months/)).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	// Without the tick nothing is sent.
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText('Tick the box to say you understand that closing cannot be undone')).toBeVisible()
	// From the keyboard: tick the box, then on to "Send OTP".
	await page.getByRole('checkbox', { name: /I understand that closing my account/ }).focus()
	await page.keyboard.press('Space')
	await page.keyboard.press('Tab')
	await expect(page.getByRole('button', { name: 'Send OTP' })).toBeFocused()
	const since = Date.now()
	await page.keyboard.press('Enter')
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	const code = await readOtp(account.email, since)

	const otp = page.getByRole('main').getByLabel('OTP from the e-mail')
	await otp.fill(code === '999999' ? '999998' : String(Number(code) + 1))
	await page.getByRole('button', { name: 'Close my account' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.wrongOtp).first()).toBeVisible()
	await expect(page).toHaveURL(/\/member\/close-account$/)
	await expectNoAxeViolations(page, javaScriptEnabled)

	await otp.fill(code)
	await otp.press('Enter')
	await expect(page).toHaveURL(/\/account-closed\?/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is closed')
	await expect(page.getByText(OWN_DATA_MESSAGES.closed)).toBeVisible()
	await expect(page.getByRole('heading', { name: 'What was erased' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	await signInAs(page, account)
	await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible()
	// The number is free: its owner (or whoever it really belongs to) can register it afresh.
	const again = await createAccount(request, 'member', { number: account.number })
	await signInAs(page, again)
	await expect(page).toHaveURL(/\/member\/cpe$/)
})

test('a student has the same: the download from the profile page, and the page to close the account', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'student')
	await signInAs(page, account, '/student/login?redirectTo=/student/update-profile')
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	const json = await download(page, 'a JSON file (download my data as JSON)')
	expect((JSON.parse(json.text) as OwnData).oProfile).toMatchObject({ sUserType: 'S', sRegistrationNumber: account.number, sEmail: account.email })
	await page.getByRole('link', { name: 'Close my account' }).click()
	await expect(page).toHaveURL(/\/student\/close-account$/)
	await expect(page.getByRole('main').getByLabel('E-mail', { exact: true })).toHaveValue(account.email)
	await scriptsReady(page, javaScriptEnabled)
	await expectNoAxeViolations(page, javaScriptEnabled)
})
