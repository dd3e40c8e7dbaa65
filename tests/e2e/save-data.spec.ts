// Save-Data: pages ship no script at all and still work; no page uses web fonts.
import { expect, test } from '@playwright/test'
import { mainNav, skipWelcomePopup } from './support/site'

test.describe('with Save-Data: on', () => {
	test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } })

	for (const path of ['/', '/about', '/overview']) {
		test(`${path} ships no scripts and no module preloads`, async ({ page }) => {
			const response = await page.goto(path)
			const html = (await response?.text()) ?? ''
			expect(html).toContain('</h1>')
			expect(html).not.toContain('<script')
			expect(html).not.toContain('modulepreload')
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await expect(page.locator('script')).toHaveCount(0)
			await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0)
		})
	}

	test.describe('at 375 px', () => {
		test.use({ viewport: { width: 375, height: 800 } })

		test('the navbar Menu still opens', async ({ page, context, baseURL }) => {
			await skipWelcomePopup(context, baseURL)
			await page.goto('/about')
			const nav = mainNav(page)
			await expect(nav.getByRole('link', { name: 'Students', exact: true })).toBeHidden()
			await nav.getByText('Menu', { exact: true }).click()
			await expect(nav.getByRole('link', { name: 'Students', exact: true })).toBeVisible()
			await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible()
		})
	})

	test('the welcome popup still closes', async ({ page }) => {
		await page.goto('/')
		const dialog = page.getByRole('dialog', { name: 'Welcome to the Sahyadri Regional Branch' })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('button', { name: 'Continue to Site' }).click()
		await expect(dialog).toBeHidden()
	})

	test('/about has no images', async ({ page }) => {
		await page.goto('/about')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us')
		await expect(page.locator('img')).toHaveCount(0)
	})
})

test('without Save-Data a page ships its scripts', async ({ page }) => {
	// The server's HTML (once scripts run, React Router drops its module preloads from the DOM). An
	// anonymous visitor's public page ships the island instead (island.spec.ts); sign-up is not one.
	const response = await page.goto('/register')
	const html = (await response?.text()) ?? ''
	expect(html).toMatch(/<script[^>]* type="module"/)
	expect(html).toMatch(/<link rel="modulepreload"/)
	expect(await page.locator('script').count()).toBeGreaterThan(0)
})

test('pages use no web fonts', async ({ page, request }) => {
	await page.goto('/about')
	await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0)
	const hrefs = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))
	expect(hrefs.length).toBeGreaterThan(0)
	for (const href of hrefs) {
		const css = await (await request.get(href)).text()
		expect(css.length, href).toBeGreaterThan(0)
		expect(css, href).not.toContain('@font-face')
	}
})
