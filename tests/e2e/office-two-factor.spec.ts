// Staff sign-in with two factors and past strangers' lock-outs, with JavaScript on and off, each
// test with a staff user of its own: setting up two-factor sign-in on its page (the key read off
// the page, codes computed here as an app computes them, the password asked again), signing in
// with a code and with a recovery code, a browser that signed in before getting past a lock-out,
// and wrong codes after a right password shown to an administrator, who clears them.
import { type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { encrypt } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { E2E_OFFICE_PASSWORD, officeSignIn, turnOnTwoFactor } from './support/office'

const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })

async function passwordStep(page: Page, username: string) {
	await page.goto('/office/login')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password').fill(E2E_OFFICE_PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

async function signOut(page: Page) {
	await page.getByRole('button', { name: 'Sign out of the office' }).click()
	await expect(page.getByRole('heading', { name: 'Office sign-in' })).toBeVisible()
}

test('a staff user turns on two-factor sign-in, then signs in with a code of the app and with a recovery code', async ({ page, officeUser }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	const username = await officeUser('editor')
	await officeSignIn(page, username)
	await page.getByRole('link', { name: 'Two-factor sign-in' }).click()
	await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
	await expect(page.getByRole('img', { name: 'QR code of your two-factor key' })).toBeVisible()
	await expectNoAxeViolations(page, js)
	const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '')
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)

	const code = page.getByLabel('Code from the app')
	// The password is asked again (and never given back to the page), so a token alone cannot turn it on.
	const password = page.getByLabel('Your password')
	await code.fill('12')
	await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(page.getByText('Enter the 6-digit code your app shows')).toBeVisible()
	await code.fill(codeAt(secret, Date.now()))
	await password.fill('not the password')
	await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(page.getByText('The password is wrong.').first()).toBeVisible()
	await code.fill(String((Number(codeAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0'))
	await password.fill(E2E_OFFICE_PASSWORD)
	await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(page.getByText('The code is wrong.').first()).toBeVisible()
	await code.fill(codeAt(secret, Date.now()))
	await password.fill(E2E_OFFICE_PASSWORD)
	await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
	const recoveryCodes = await page
		.getByRole('listitem')
		.filter({ hasText: /^[a-z2-9]{5}-[a-z2-9]{5}$/ })
		.allInnerTexts()
	expect(recoveryCodes).toHaveLength(10)
	await signOut(page)

	// The password alone no longer signs in: the code step follows, and a wrong code is refused.
	await passwordStep(page, username)
	await expect(page).toHaveURL(/\/office\/login\/code$/)
	await expectNoAxeViolations(page, js)
	await page.goto('/office/events')
	await expect(page).toHaveURL(/\/office\/login\?redirectTo=%2Foffice%2Fevents$/)
	await passwordStep(page, username)
	await page.getByLabel('Code').fill('000000')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText('The code is wrong, or it was used already.').first()).toBeVisible()
	// The code the setup took is spent; the app's next one signs in (a phone's clock a step ahead is allowed).
	await page.getByLabel('Code').fill(codeAt(secret, Date.now() + 30_000))
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('navigation', { name: 'Office' })).toBeVisible()
	await signOut(page)

	await passwordStep(page, username)
	await page.getByLabel('Code').fill(recoveryCodes[0]!)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('navigation', { name: 'Office' })).toBeVisible()
	await page.getByRole('link', { name: 'Two-factor sign-in' }).click()
	await expect(page.getByText('9 of 10 recovery codes are unused.')).toBeVisible()
	// Turning it off takes a current code of the app.
	await page.getByLabel('Code from the app').fill('000000')
	await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
	await expect(page.getByText('The code is wrong.').first()).toBeVisible()
})

test('a browser that signed in before gets past a lock-out caused by strangers; a new browser waits', async ({
	page,
	browser,
	request,
	officeUser,
}, testInfo) => {
	test.slow()
	const username = await officeUser('editor')
	await officeSignIn(page, username)
	await signOut(page)
	for (let i = 0; i < 10; i += 1) {
		const guess = await request.post('/api/auth/office/login/v1', { data: { sUsername: username, sPassword: 'a stranger guessing' } })
		expect(guess.status()).toBe(400)
	}
	const elsewhere = await browser.newContext({ javaScriptEnabled: testInfo.project.name === 'office-js' })
	const stranger = await elsewhere.newPage()
	await passwordStep(stranger, username)
	await expect(stranger.getByText(/^Too many attempts\. Please try again in \d+ minutes?\.$/)).toBeVisible()
	await elsewhere.close()
	await officeSignIn(page, username)
})

test('wrong codes after a right password: an administrator is warned on the dashboard and clears them on the staff page', async ({
	page,
	request,
	officeUser,
}) => {
	test.slow()
	const username = await officeUser('editor')
	// Two-factor sign-in turned on through the API, as its page does (the first test goes through the page).
	await turnOnTwoFactor(request, username)
	for (let i = 0; i < 3; i += 1) {
		const step = await request.post('/api/auth/office/login/v1', { data: await encrypt(request, { sUsername: username, sPassword: E2E_OFFICE_PASSWORD }) })
		const { sPendingToken } = ((await step.json()) as { data: { sPendingToken: string } }).data
		expect((await request.post('/api/auth/office/login/code/v1', { data: { sPendingToken, sCode: '000000' } })).status()).toBe(400)
	}

	await officeSignIn(page, await officeUser('admin'))
	const warning = page.getByRole('alert').filter({ hasText: 'Someone may know the password' })
	await expect(warning).toContainText(`(${username}): a right password followed by wrong two-factor codes`)
	await warning.getByRole('link', { name: 'staff page' }).click()
	const row = page.getByRole('row').filter({ hasText: username })
	await expect(row).toContainText('3 wrong codes in a row')
	await row.getByRole('button', { name: `Clear the wrong codes of ${username}` }).click()
	await expect(page.getByText('The wrong codes are cleared').first()).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: username })).not.toContainText('wrong codes')
	await page.goto('/office')
	await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible()
	await expect(page.getByRole('alert').filter({ hasText: `(${username})` })).toHaveCount(0)
})
