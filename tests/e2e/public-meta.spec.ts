// What search engines and link previews read from a public page's head (canonical address, Open
// Graph, Twitter card), and the icons and web manifest a browser asks for; with JavaScript on and off.
import { expect, test, type Page } from '@playwright/test'
import { BRANCH_NAME, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const canonical = (page: Page) => page.locator('head link[rel="canonical"]')
const metaProperty = (page: Page, property: string) => page.locator(`head meta[property="${property}"]`)
const metaName = (page: Page, name: string) => page.locator(`head meta[name="${name}"]`)

test('an event page is an article under its canonical address, with its picture at an absolute address', async ({ page, baseURL, request }) => {
	await page.goto('/events?utm_source=newsletter')
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/events`)
	await expect(metaProperty(page, 'og:type')).toHaveAttribute('content', 'website')

	// Followed from the list (a client-side navigation when JavaScript runs), the head follows the page.
	const firstEvent = page.getByRole('main').getByRole('article').first().getByRole('link').first()
	const eventPath = await firstEvent.getAttribute('href')
	expect(eventPath).toMatch(/^\/events\/event-details\/\d+$/)
	await firstEvent.click()
	await expect(page).toHaveURL(`${baseURL}${eventPath}`)
	const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
	await expect(page).toHaveTitle(`${title} | ${BRANCH_NAME}`)
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}${eventPath}`)
	await expect(canonical(page)).toHaveCount(1)

	// Tracking tags and a confirmation step are not part of the page's address.
	await page.goto(`${eventPath}?cancel=confirm&utm_source=whatsapp&fbclid=abc`)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}${eventPath}`)
	await expect(metaProperty(page, 'og:url')).toHaveAttribute('content', `${baseURL}${eventPath}`)
	await expect(metaProperty(page, 'og:title')).toHaveAttribute('content', title)
	await expect(metaProperty(page, 'og:type')).toHaveAttribute('content', 'article')
	await expect(metaProperty(page, 'og:site_name')).toHaveAttribute('content', BRANCH_NAME)
	await expect(metaProperty(page, 'og:description')).toHaveAttribute('content', /\w/)
	await expect(metaName(page, 'description')).toHaveAttribute('content', /\w/)
	await expect(metaName(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image')

	const image = await metaProperty(page, 'og:image').getAttribute('content')
	expect(image).toMatch(new RegExp(`^${baseURL}/media/`))
	// The address is absolute and real: a preview fetched from elsewhere finds the picture.
	const picture = await request.get(image!)
	expect(picture.status()).toBe(200)
	expect(picture.headers()['content-type']).toMatch(/^image\//)
	await expect(metaProperty(page, 'og:image:width')).toHaveAttribute('content', /^\d+$/)
})

test('a list keeps its page and filters in its canonical address and drops everything else', async ({ page, baseURL }) => {
	await page.goto('/events?utm_campaign=cpe&sWhen=past&gclid=x&nPage=2')
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/events?sWhen=past&nPage=2`)
	await expect(metaProperty(page, 'og:url')).toHaveAttribute('content', `${baseURL}/events?sWhen=past&nPage=2`)
	await expect(metaName(page, 'twitter:card')).toHaveAttribute('content', 'summary')
	await expect(metaProperty(page, 'og:image')).toHaveCount(0)

	await page.goto('/?utm_source=x')
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/`)
	await expect(metaProperty(page, 'og:title')).toHaveAttribute('content', BRANCH_NAME)
	await expect(metaProperty(page, 'og:type')).toHaveAttribute('content', 'website')
	await expect(metaName(page, 'description')).toHaveAttribute('content', /\w/)

	// Newsletter issues have no page of their own: the archive shows the newest cover.
	await page.goto('/newsletters')
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/newsletters`)
	await expect(metaProperty(page, 'og:title')).toHaveAttribute('content', `Newsletters | ${BRANCH_NAME}`)
	await expect(metaProperty(page, 'og:image')).toHaveAttribute('content', new RegExp(`^${baseURL}/media/`))
})

test('an album page previews with its cover', async ({ page, baseURL }) => {
	await page.goto('/gallery')
	const album = page.getByRole('main').getByRole('link').first()
	const albumPath = await album.getAttribute('href')
	expect(albumPath).toMatch(/^\/gallery\/view-gallery\/\d+$/)
	await page.goto(albumPath!)
	const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
	await expect(canonical(page)).toHaveAttribute('href', `${baseURL}${albumPath}`)
	await expect(metaProperty(page, 'og:title')).toHaveAttribute('content', title)
	await expect(metaProperty(page, 'og:type')).toHaveAttribute('content', 'website')
	await expect(metaProperty(page, 'og:image')).toHaveAttribute('content', new RegExp(`^${baseURL}/media/`))
	await expect(metaName(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image')
})

test('the icons and the web manifest are linked and served', async ({ page, request }) => {
	await page.goto('/about')
	await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest')
	await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png')
	await expect(page.locator('head link[rel="icon"][type="image/png"]')).toHaveAttribute('href', '/favicon-32x32.png')

	const manifest = await request.get('/site.webmanifest', { maxRedirects: 0 })
	expect(manifest.status()).toBe(200)
	expect(manifest.headers()['content-type']).toContain('application/manifest+json')
	expect(manifest.headers()['cache-control']).toMatch(/max-age=\d+/)
	const body = (await manifest.json()) as { name: string; short_name: string; display: string; icons: Array<{ src: string; type: string }> }
	expect(body.name).toBe(BRANCH_NAME)
	expect(body.short_name).toBe('Sahyadri')
	expect(body.icons.length).toBeGreaterThan(0)
	for (const icon of body.icons) {
		const file = await request.get(icon.src, { maxRedirects: 0 })
		expect(file.status(), icon.src).toBe(200)
		expect(file.headers()['content-type'], icon.src).toContain(icon.type)
	}

	for (const path of ['/apple-touch-icon.png', '/favicon-32x32.png']) {
		const icon = await request.get(path, { maxRedirects: 0 })
		expect(icon.status(), path).toBe(200)
		expect(icon.headers()['content-type'], path).toBe('image/png')
		expect(icon.headers()['cache-control'], path).toMatch(/^public, max-age=\d+/)
	}
})
