// Forgot password and change password as a person does them (spec §2, §3), with the OTP from
// the e-mail; the 401 rule (spec §4, §8) when a sign-in has been ended elsewhere.
import { expect, test } from '@playwright/test'
import { ACCOUNT_MESSAGES } from '../../app/contract/accounts'
import { createAccount, mailsTo, readOtp, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('forgot password: OTP by e-mail, new password, older sign-ins end', async ({ page, browser, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'student')
	// A sign-in elsewhere (another browser) that the reset must end.
	const elsewhere = await browser.newContext({ javaScriptEnabled })
	const other = await elsewhere.newPage()
	await signInAs(other, account)
	await expect(other).toHaveURL(/\/student\/update-profile$/)

	await page.goto('/student/login')
	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page).toHaveURL(/\/student\/forgot-password$/)
	await scriptsReady(page, javaScriptEnabled)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(account.email.toUpperCase())
	await page.getByRole('main').getByLabel('New password', { exact: true }).fill('my new reset phrase')
	await page.getByRole('main').getByLabel('Confirm new password').fill('my new reset phrase')
	const since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await expect(page.getByText(`We sent a one-time password to ${account.email.toUpperCase()}`)).toBeVisible()
	await page
		.getByRole('main')
		.getByLabel('OTP from the e-mail')
		.fill(await readOtp(account.email, since))
	await page.getByRole('button', { name: 'Reset password' }).click()
	await expect(page).toHaveURL(/\/student\/login$/)
	await expect(page.getByText(ACCOUNT_MESSAGES.passwordReset)).toBeVisible()

	await signInAs(page, { ...account, password: account.password })
	await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible()
	await signInAs(page, { ...account, password: 'my new reset phrase' })
	await expect(page).toHaveURL(/\/student\/update-profile$/)

	// The other browser's token was revoked: its next page follows the 401 rule.
	if (javaScriptEnabled) await other.addInitScript(() => window.addEventListener('unauthorized', () => sessionStorage.setItem('sawUnauthorized', 'yes')))
	await other.goto('/student/change-password')
	await expect(other).toHaveURL(/\/$/)
	await expect(other.getByText('Authentication failed')).toBeVisible()
	if (javaScriptEnabled) {
		await expect.poll(() => other.evaluate(() => [localStorage.getItem('MemberToken'), localStorage.getItem('StudentToken')])).toEqual([null, null])
		await expect.poll(() => other.evaluate(() => sessionStorage.getItem('sawUnauthorized'))).toBe('yes')
	}
	await elsewhere.close()
})

test('forgot password for an unknown address answers the same and sends nothing', async ({ page }) => {
	const email = `nobody.${Date.now()}@e2e.example.org`
	await page.goto('/member/forgot-password')
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email)
	await page.getByRole('main').getByLabel('New password', { exact: true }).fill('a new phrase for nobody')
	await page.getByRole('main').getByLabel('Confirm new password').fill('a new phrase for nobody')
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	expect(await mailsTo(email)).toEqual([])
})

test('change password: OTP, the current password checked, then the new one works', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account, '/member/login?redirectTo=/member/change-password')
	await expect(page).toHaveURL(/\/member\/change-password$/)
	await scriptsReady(page, javaScriptEnabled)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await expect(page.getByRole('main').getByLabel('E-mail', { exact: true })).toHaveValue(account.email)
	const fill = async (current: string) => {
		await page.getByRole('main').getByLabel('Current password').fill(current)
		await page.getByRole('main').getByLabel('New password', { exact: true }).fill('changed pass phrase')
		await page.getByRole('main').getByLabel('Confirm new password').fill('changed pass phrase')
	}
	// A wrong current password is found with the code, and the form comes back to correct it.
	await fill('not my password')
	let since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await page
		.getByRole('main')
		.getByLabel('OTP from the e-mail')
		.fill(await readOtp(account.email, since))
	await page.getByRole('button', { name: 'Change password' }).click()
	await expect(page.getByText('The current password is not right')).toBeVisible()
	await fill(account.password)
	since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await page
		.getByRole('main')
		.getByLabel('OTP from the e-mail')
		.fill(await readOtp(account.email, since))
	await page.getByRole('button', { name: 'Change password' }).click()
	await expect(page).toHaveURL(/\/member\/cpe$/)
	await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible()
	// This sign-in stays; the new password signs in elsewhere.
	await page.goto('/member/profile')
	await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible()
	if (javaScriptEnabled) {
		// Spec §4: whoever raises the window 'unauthorized' event sends the user home with the alert.
		await scriptsReady(page, javaScriptEnabled)
		await page.evaluate(() => window.dispatchEvent(new Event('unauthorized')))
		await expect(page).toHaveURL(/\/$/)
		await expect(page.getByText('Authentication failed')).toBeVisible()
		expect(await page.evaluate(() => localStorage.getItem('MemberToken'))).toBeNull()
	}
})
