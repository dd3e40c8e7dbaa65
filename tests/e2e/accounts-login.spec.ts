// Signing in and out (spec §2, §4, §6): both roles, the uniform error, the guard's way back,
// logout through the dialog (JavaScript) and the confirmation page (without), tokens mirrored.
import { expect, test } from '@playwright/test'
import { ACCOUNT_MESSAGES } from '../../app/contract/accounts'
import { createAccount, DEMO_MEMBER, DEMO_PASSWORD, DEMO_STUDENT, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { hydrated, mainNav, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('the demo member signs in and lands on /member/cpe; the navbar changes', async ({ page, context, javaScriptEnabled }) => {
	await signInAs(page, { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD })
	await expect(page).toHaveURL(/\/member\/cpe$/)
	// This browser is now known to the account: a stranger's bad tries will not lock it out.
	const device = (await context.cookies()).find((cookie) => cookie.name === 'member-device')
	expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
	await expect(page.getByText(`Welcome, ${DEMO_MEMBER.name}.`).first()).toBeVisible()
	const nav = mainNav(page)
	await expect(nav.getByRole('link', { name: 'Logout' }).first()).toBeAttached()
	await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveCount(0)
	if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => localStorage.getItem('MemberToken'))).toMatch(/^[\w-]{40,}$/)
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('the demo student signs in and lands on the profile; Members is disabled', async ({ page, javaScriptEnabled }) => {
	await signInAs(page, { role: 'student', number: DEMO_STUDENT.number, dob: DEMO_STUDENT.dob, password: DEMO_PASSWORD })
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible()
	await expect(page.getByText('SRO0123456')).toBeVisible()
	await expect(mainNav(page).getByRole('link', { name: 'Members' })).toHaveCount(0)
	if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => localStorage.getItem('StudentToken'))).toBeTruthy()
})

test('a wrong password, date of birth or number gets one uniform error, values kept but the password', async ({ page, javaScriptEnabled }) => {
	await signInAs(page, { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: 'not the password' })
	await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible()
	await expect(page.getByRole('main').getByLabel('Membership number')).toHaveValue(DEMO_MEMBER.number)
	// Without JavaScript the page comes back from the server, the password never in it.
	if (!javaScriptEnabled) await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveValue('')
	await signInAs(page, { role: 'member', number: '999999', dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD })
	await expect(page.getByText(ACCOUNT_MESSAGES.loginFailed)).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('an incomplete login form says so', async ({ page }) => {
	await page.goto('/student/login')
	await page.getByRole('main').getByLabel('Registration number').fill('SRO0123456')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.incomplete)).toBeVisible()
	await expect(page.getByText('Password is required')).toBeVisible()
})

test('with scripts the form is checked in the browser, even when sent before its checks have loaded; without, by the server', async ({
	page,
	javaScriptEnabled,
}) => {
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	await page.goto('/student/login')
	if (javaScriptEnabled) await hydrated(page)
	// Sent at once, nothing typed: the checks load as the pointer reaches the form, and the submit waits for them.
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.incomplete)).toBeVisible()
	await expect(page.getByText('Registration number is required')).toBeVisible()
	expect(posts.length > 0).toBe(!javaScriptEnabled)
})

test('fields left while the checks load are checked when they arrive, and the form waits for its button', async ({ page, javaScriptEnabled }) => {
	test.skip(!javaScriptEnabled, 'about the checks that load with scripts; without them the server checks what is sent')
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	// The checks are held back until the person has left two fields, as on a slow phone.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/assets/account-forms-*.js', async (route) => {
		await held
		await route.continue()
	})
	await page.goto('/member/login')
	await hydrated(page)
	const main = page.getByRole('main')
	await main.getByLabel('Membership number').fill('12ab')
	await main.getByLabel('Date of birth').focus()
	await main.getByLabel('Date of birth').fill('1990-01-01')
	await main.getByLabel('Password', { exact: true }).focus()
	release()
	// The field left with a wrong number is checked; the password, not yet left, is not, and nothing was sent.
	await expect(page.getByText('Membership number is 6 digits')).toBeVisible()
	await expect(page.getByText('Password is required')).toHaveCount(0)
	await expect(page.getByText(ACCOUNT_MESSAGES.incomplete)).toHaveCount(0)
	expect(posts).toEqual([])
})

// Fresh accounts where the demo ones are not the point: each sign-in counts against an account's login limit.
test('a protected page sends a signed-out visitor to login and back after it', async ({ page, request }) => {
	const account = await createAccount(request, 'member')
	await page.goto('/member/profile')
	await expect(page).toHaveURL(/\/member\/login\?redirectTo=%2Fmember%2Fprofile$/)
	await expect(page.getByText('Please sign in as a member to continue.')).toBeVisible()
	await signInAs(page, account, page.url())
	await expect(page).toHaveURL(/\/member\/profile$/)
})

test('a return address off the site is ignored', async ({ page, request }) => {
	await signInAs(page, await createAccount(request, 'student'), '/student/login?redirectTo=//evil.example/x')
	await expect(page).toHaveURL(/\/student\/update-profile$/)
})

test('signing in gives a new session id', async ({ page, context, request }) => {
	const account = await createAccount(request, 'member')
	await page.goto('/member/login?redirectTo=/member/profile')
	await page.goto('/member/profile')
	const before = (await context.cookies()).find((c) => c.name === 'session')?.value
	await signInAs(page, account)
	await expect(page).toHaveURL(/\/member\/cpe$/)
	const after = (await context.cookies()).find((c) => c.name === 'session')?.value
	expect(after).toBeTruthy()
	expect(after).not.toBe(before)
})

test('logout: No keeps the session, Yes ends it and goes home', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account)
	await expect(page).toHaveURL(/\/member\/cpe$/)
	const logout = mainNav(page).getByRole('link', { name: 'Logout' }).locator('visible=true')
	const open = async () => {
		if (javaScriptEnabled) {
			await scriptsReady(page, javaScriptEnabled)
			await logout.click()
			await expect(page.getByRole('dialog', { name: 'Confirmation' })).toBeVisible()
			await expect(page).toHaveURL(/\/member\/cpe$/)
		} else {
			await page.setViewportSize({ width: 1280, height: 800 })
			await logout.click()
			await expect(page).toHaveURL(/\/logout$/)
			await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible()
		}
		await expect(page.getByText('Are you sure you want to log out?')).toBeVisible()
	}
	await open()
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page
		.getByRole('button', { name: 'No', exact: true })
		.or(page.getByRole('link', { name: 'No', exact: true }))
		.click()
	await expect(page).toHaveURL(/\/member\/cpe$/)
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await open()
	await page.getByRole('button', { name: 'Yes' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText(ACCOUNT_MESSAGES.loggedOut)).toBeVisible()
	await expect(mainNav(page).getByRole('link', { name: 'Sign up' }).first()).toBeAttached()
	if (javaScriptEnabled) expect(await page.evaluate(() => localStorage.getItem('MemberToken'))).toBeNull()
	await page.goto('/member/profile')
	await expect(page).toHaveURL(/\/member\/login/)
})

test('every account page of both roles passes axe', async ({ page, request, javaScriptEnabled }) => {
	for (const path of ['/student/login', '/member/forgot-password', '/register?type=student']) {
		await page.goto(path)
		await expectNoAxeViolations(page, javaScriptEnabled)
	}
	await signInAs(page, await createAccount(request, 'student'))
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	for (const path of ['/student/update-profile', '/student/change-password', '/logout']) {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
	}
})
