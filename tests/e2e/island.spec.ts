// An anonymous visitor's public page ships one small island script instead of React and React
// Router (decision 0032); it still does what those pages use scripts for. Signed-in visitors and
// other pages are hydrated by React, within their own budget (decision 0038).
import { gzipSync } from 'node:zlib'
import { expect, test } from './support/fixtures'
import { expectHydratedWithinBudget, HYDRATED_BUDGET_BYTES, ISLAND_BUDGET_BYTES, reportScriptBytes, scriptBytes } from './support/script-budget'
import { footer, mainNav, POPUP_TITLE, skipWelcomePopup } from './support/site'

const ANONYMOUS_PUBLIC_PAGES = [
	'/',
	'/events',
	'/events/event-details/12',
	'/newsletters',
	'/gallery',
	'/gallery/view-gallery/1',
	'/about',
	'/privacy',
	'/managing-committee',
]

for (const path of ANONYMOUS_PUBLIC_PAGES) {
	test(`${path} for an anonymous visitor ships the island, no React Router, within the budget`, async ({ request, baseURL }) => {
		const response = await request.get(path)
		expect(response.status()).toBe(200)
		const html = await response.text()
		expect(html).not.toContain('modulepreload')
		expect(html).not.toContain('__reactRouterContext')
		const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
		expect(scripts).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/island-[\w-]+\.js" nonce="[^"]+">$/)])
		const bytes = await scriptBytes(request, html, `${baseURL}${path}`)
		reportScriptBytes(path, bytes)
		expect(bytes.total).toBeLessThanOrEqual(ISLAND_BUDGET_BYTES)
	})
}

// The checks come later, when a visitor first moves into the form: all of it is the portal's own code.
test('what the island loads, the newsletter checks included, stays within the own-code budget and carries no React', async ({ page, javaScriptEnabled }) => {
	const scripts: Promise<Buffer>[] = []
	page.on('response', (response) => {
		if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.body())
	})
	await page.goto('/gallery')
	await footer(page).getByLabel('Name').focus()
	// The checks have arrived when leaving an empty field shows its message.
	await footer(page).getByLabel('Name').blur()
	if (javaScriptEnabled) await expect(footer(page).getByLabel('Name')).toHaveAccessibleDescription('Name is required')
	await page.waitForLoadState('networkidle')
	const bodies = await Promise.all(scripts)
	const total = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)
	if (javaScriptEnabled) reportScriptBytes('/gallery, the newsletter checks loaded', { total, ownCode: total })
	expect(total).toBeLessThanOrEqual(HYDRATED_BUDGET_BYTES.ownCode)
	expect(bodies.length > 0).toBe(javaScriptEnabled)
	if (javaScriptEnabled) expect(await page.evaluate(() => '__reactRouterContext' in window || '__reactRouterVersion' in window)).toBe(false)
})

test.describe('signed in', () => {
	test.use({ signedIn: 'member' })

	test('a signed-in member gets the same public page hydrated by React Router', async ({ page, javaScriptEnabled }) => {
		const response = await page.goto('/events')
		const html = (await response?.text()) ?? ''
		expect(html).toMatch(/<link rel="modulepreload"/)
		expect(html).not.toContain('/assets/island-')
		if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => '__reactRouterContext' in window)).toBe(true)
	})

	for (const path of ['/member/cpe', '/member/payments', '/member/announcements', '/member/profile', '/events']) {
		test(`${path}, hydrated for a signed-in member, stays within the budget`, async ({ page, baseURL }) => {
			const response = await page.request.get(path)
			expect(response.status()).toBe(200)
			const html = await response.text()
			expect(html).toContain('__reactRouterContext')
			await expectHydratedWithinBudget(page.request, html, `${baseURL}${path}`)
		})
	}
})

for (const path of ['/register', '/register?type=student', '/member/login', '/member/forgot-password']) {
	test(`${path}, hydrated for everyone, stays within the budget`, async ({ request, baseURL }) => {
		const response = await request.get(path)
		expect(response.status()).toBe(200)
		const html = await response.text()
		expect(html).toContain('__reactRouterContext')
		await expectHydratedWithinBudget(request, html, `${baseURL}${path}`)
	})
}

test('from a hydrated page, a public page opens by client-side navigation with its data', async ({ page, context, baseURL, javaScriptEnabled }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/register')
	// A full page load would lose this mark; a client-side navigation keeps it.
	if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }))
	await mainNav(page).getByRole('link', { name: 'Events', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
	await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
	expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(javaScriptEnabled)
})

test('the welcome popup shows once per browser session: without its cookie, session storage still remembers (cookie alone without scripts)', async ({
	page,
	context,
	javaScriptEnabled,
}) => {
	const popup = page.getByRole('dialog', { name: POPUP_TITLE })
	await page.goto('/')
	await expect(popup).toBeVisible()
	if (javaScriptEnabled) {
		await expect.poll(() => popup.evaluate((dialog) => dialog.matches(':modal'))).toBe(true)
		expect(await page.evaluate(() => sessionStorage.getItem('popupShown'))).toBe('true')
		// The server, told nothing, renders the popup again; the island closes it by the session flag.
		await context.clearCookies()
	}
	await page.reload()
	await expect(page.getByRole('heading', { level: 1, name: POPUP_TITLE })).toBeVisible()
	await expect(popup).toBeHidden()
})

test('newsletter: invalid values get the schema’s messages beside the fields; with scripts no request is sent', async ({
	page,
	context,
	baseURL,
	javaScriptEnabled,
}) => {
	await skipWelcomePopup(context, baseURL)
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	await page.goto('/about')
	const form = footer(page).getByRole('region', { name: 'Newsletter' })
	await form.getByLabel('Name').fill('Asha Kulkarni')
	await form.getByLabel('Email').fill('asha.example.org')
	if (javaScriptEnabled) {
		await form.getByLabel('Membership number').focus()
		await form.getByLabel('Email').focus()
		await form.getByLabel('Email').blur()
		await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
		// Enter in a field does not send a form whose button is disabled.
		await form.getByLabel('Email').press('Enter')
	} else await form.getByRole('button', { name: 'Subscribe' }).click()
	await expect(form.getByLabel('Membership number')).toHaveAccessibleDescription('MembershipNumber is required')
	await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format')
	await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
	await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid')
	expect(posts.length > 0).toBe(!javaScriptEnabled)
})

test('newsletter: when its checks cannot load, the form still posts as it does without scripts', async ({ page, context, baseURL, javaScriptEnabled }) => {
	test.skip(!javaScriptEnabled, 'about the island script loading its checks')
	await skipWelcomePopup(context, baseURL)
	// The checks' chunk fails, as when a deploy replaced it or the network dropped.
	await page.route(/\/assets\/newsletter-check-[^/]*\.js$/, (route) => route.abort())
	await page.goto('/about')
	const form = footer(page).getByRole('region', { name: 'Newsletter' })
	// The island ran: the button waits for the checks.
	await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
	await form.getByLabel('Name').fill('Asha Kulkarni')
	await expect(form.getByRole('button', { name: 'Subscribe' })).toBeEnabled()
	await form.getByRole('button', { name: 'Subscribe' }).click()
	// The server's checks answer on the page that comes back.
	await expect(form.getByLabel('Membership number')).toHaveAccessibleDescription('MembershipNumber is required')
})
