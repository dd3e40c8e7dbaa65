// Routing rules (spec §2, §4): unknown paths go home, protected areas send signed-out visitors to
// their login page with an alert that hides after 3000 ms, and a new path opens at the top.
import { expect, test } from '@playwright/test'
import { skipWelcomePopup } from './support/site'

const SIGN_IN_ALERT = 'Please sign in as a member to continue.'

test('an unknown path ends on the home page', async ({ page, context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/no-such-page')
	expect(new URL(page.url()).pathname).toBe('/')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Sahyadri Regional Branch')
})

test('an unknown file is not found, not redirected to a page', async ({ request }) => {
	const response = await request.get('/favicon.ico', { headers: { 'Sec-Fetch-Dest': 'image' }, maxRedirects: 0 })
	expect(response.status()).toBe(404)
	expect(response.headers()['set-cookie']).toBeUndefined()
})

const AREAS: Array<[area: string, home: string, login: string]> = [
	['/member', '/member/cpe', '/member/login?redirectTo=%2Fmember%2Fcpe'],
	['/student', '/student/update-profile', '/student/login?redirectTo=%2Fstudent%2Fupdate-profile'],
]

for (const [area, home, login] of AREAS) {
	test(`${area} redirects everyone to ${home}, which sends a signed-out visitor to sign in and back`, async ({ request }) => {
		const first = await request.get(area, { maxRedirects: 0 })
		expect(first.status()).toBe(302)
		expect(first.headers().location).toBe(home)
		const second = await request.get(home, { maxRedirects: 0 })
		expect(second.status()).toBe(302)
		expect(second.headers().location).toBe(login)
	})
}

test('signed out, /member ends on the login page with an alert that hides after 3000 ms', async ({ page, context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/member')
	expect(new URL(page.url()).pathname).toBe('/member/login')
	// Found hidden too: on a slow load the alert may have hidden before page.goto returns.
	const alert = page.getByRole('status', { includeHidden: true }).filter({ hasText: SIGN_IN_ALERT })
	// The alert's own clock: its hiding animation ends at 3000 ms. The test moves that clock rather
	// than waiting on the wall's, which on a loaded machine runs ahead of the frames the browser draws.
	expect(await alert.evaluate((el) => el.getAnimations()[0]?.effect?.getComputedTiming().endTime)).toBe(3000)
	await alert.evaluate((el) => {
		const [hiding] = el.getAnimations()
		hiding!.pause()
		hiding!.currentTime = 2000
	})
	await expect(alert).toBeVisible()
	await alert.evaluate((el) => el.getAnimations()[0]!.finish())
	await expect(alert).toBeHidden()

	// A flash message is shown once.
	await page.reload()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member login')
	await expect(page.getByText(SIGN_IN_ALERT)).toHaveCount(0)
})

test('a new path opens at the top of the page', async ({ page, context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/about')
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

	await page.getByRole('contentinfo').getByRole('link', { name: 'Overview', exact: true }).click()
	await expect(page).toHaveURL(/\/overview$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Branch at a Glance')
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a navbar link followed from the bottom of a page opens the new page at the top', async ({ page, context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/about')
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

	// Follow the link from the keyboard without scrolling up to it first (with scripts: a client-side navigation).
	const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })
	await home.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }))
	expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
	await page.keyboard.press('Enter')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Sahyadri Regional Branch')
	expect(new URL(page.url()).pathname).toBe('/')
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('robots.txt and sitemap.xml are real files: the office and accounts kept out, public pages and events listed', async ({ request, baseURL }) => {
	const robots = await request.get('/robots.txt', { maxRedirects: 0 })
	expect(robots.status()).toBe(200)
	expect(robots.headers()['content-type']).toContain('text/plain')
	const rules = await robots.text()
	expect(rules).toContain('Disallow: /office')
	expect(rules).toContain('Disallow: /member')
	expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
	const sitemap = await request.get('/sitemap.xml', { maxRedirects: 0 })
	expect(sitemap.status()).toBe(200)
	expect(sitemap.headers()['content-type']).toContain('application/xml')
	const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
	expect(locations).toEqual(expect.arrayContaining(['/', '/events', '/gallery', '/managing-committee']))
	expect(locations.some((path) => /^\/events\/event-details\/\d+$/.test(path))).toBe(true)
	expect(locations.some((path) => path.startsWith('/office') || path.startsWith('/member'))).toBe(false)
})
