// The branch API reached over HTTP (API_BASE_URL), the API down, and the API too slow.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { freePort, startPortal, type PortalProcess } from './support/portal'
import { BRANCH_NAME } from './support/site'

// The suite's own server (playwright.config.ts), whatever E2E_PORT it runs on.
const MAIN_URL = `http://localhost:${process.env.E2E_PORT ?? 3210}`

/** The h1 and paragraph texts of a page's main content. */
async function mainText(page: Page) {
	const main = page.getByRole('main')
	return {
		heading: await main.getByRole('heading', { level: 1 }).textContent(),
		paragraphs: await main.getByRole('paragraph').allTextContents(),
	}
}

test.describe('a portal using the main server as its external API', () => {
	test.describe.configure({ mode: 'default' })
	let portal: PortalProcess

	test.beforeAll(async () => {
		portal = await startPortal({ API_BASE_URL: `${MAIN_URL}/api` })
	})
	test.afterAll(async () => {
		await portal?.stop()
	})

	test('serves /about with the same content as the main server', async ({ request }) => {
		const [own, external] = await Promise.all([request.get(`${MAIN_URL}/about`), request.get(`${portal.url}/about`)])
		expect(own.status()).toBe(200)
		expect(external.status()).toBe(200)
		const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0]
		const expected = mainOf(await own.text())
		expect(expected).toContain('>About Us</h1>')
		expect(expected).toContain('The Sahyadri Regional Branch was founded in 1987 with fewer than two hundred members.')
		expect(mainOf(await external.text())).toBe(expected)
	})

	test('creates no demo content of its own: its pages show the external API', async ({ request }) => {
		const ownApi = await request.get(`${portal.url}/api/events/list/v1`)
		expect(((await ownApi.json()) as { data: { nTotal: number } }).data.nTotal).toBe(0)
		const mainApi = await request.get(`${MAIN_URL}/api/events/list/v1`)
		const [newest] = ((await mainApi.json()) as { data: { aItems: Array<{ sTitle: string }> } }).data.aItems
		const events = await request.get(`${portal.url}/events`)
		// JSX escapes apostrophes and ampersands; compare the title as the HTML carries it.
		const escaped = newest!.sTitle.replaceAll('&', '&amp;').replaceAll("'", '&#x27;')
		expect(await events.text()).toContain(escaped)
	})

	test('shows /about in the browser as the main server does', async ({ page }) => {
		await page.goto(`${MAIN_URL}/about`)
		const expected = await mainText(page)
		expect(expected.heading).toBe('About Us')
		expect(expected.paragraphs.length).toBeGreaterThan(3)

		await page.goto(`${portal.url}/about`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us')
		expect(await mainText(page)).toEqual(expected)
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
		await expect(page.getByRole('contentinfo')).toContainText(BRANCH_NAME)
	})
})

test.describe('a portal whose API is down', () => {
	test.describe.configure({ mode: 'default' })
	let portal: PortalProcess

	test.beforeAll(async () => {
		const nobody = await freePort()
		portal = await startPortal({ API_BASE_URL: `http://127.0.0.1:${nobody}/api` })
	})
	test.afterAll(async () => {
		await portal?.stop()
	})

	test('answers 503 with a page that says so, and no stack trace', async ({ request }) => {
		const response = await request.get(`${portal.url}/about`)
		expect(response.status()).toBe(503)
		const html = await response.text()
		expect(html).toContain('The branch’s service is not answering')
		expect(html).not.toMatch(/\bat .+:\d+:\d+/)
		expect(html).not.toContain('ECONNREFUSED')
		expect(html).not.toContain('fetch failed')
		expect(html).not.toContain('node_modules')
	})

	test('shows the error inside the layout in the browser', async ({ page }) => {
		const response = await page.goto(`${portal.url}/about`)
		expect(response?.status()).toBe(503)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('The branch’s service is not answering')
		await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/about')
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })).toBeVisible()
		await expect(page.getByRole('contentinfo')).toContainText(BRANCH_NAME)
		await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
	})
})

test.describe('a portal whose API does not answer', () => {
	test.describe.configure({ mode: 'default' })
	let portal: PortalProcess
	const silent = createServer(() => {}) // takes each request and never answers

	test.beforeAll(async () => {
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		// The spec's time-out is 120 s; this portal is given 1 s so the test does not wait two minutes.
		portal = await startPortal({ API_BASE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`, API_TIMEOUT_SECONDS: '1' })
	})
	test.afterAll(async () => {
		await portal?.stop()
		silent.closeAllConnections()
		silent.close()
	})

	test('answers 504 with a page that says the service did not answer', async ({ request }) => {
		const response = await request.get(`${portal.url}/about`)
		expect(response.status()).toBe(504)
		expect(await response.text()).toContain('did not answer in time')
	})
})
