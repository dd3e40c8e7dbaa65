// The office's welcome popup editor (decision 0051) and what the home page does with it, with
// JavaScript on and off: a save shows at once, once per browser session, as a modal with scripts;
// off, or outside its days, the home page carries no popup at all. The popup is one for the whole
// site, so this spec runs alone, after every other browser spec (its own project), one test at a time.
import { type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { officeSignIn } from './support/office'
import { ISLAND_BUDGET_BYTES, reportScriptBytes, scriptBytes } from './support/script-budget'

test.describe.configure({ mode: 'serial' })

/** Today in India, as a date field takes it. */
const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())

/** A visitor's first look at the home page in a browser session of their own. */
async function visitHome(browser: Browser, javaScriptEnabled: boolean) {
	const context = await browser.newContext({ javaScriptEnabled })
	const page = await context.newPage()
	const answer = await page.goto('/')
	return { page, context, html: (await answer?.text()) ?? '' }
}

async function savePopup(page: Page, fields: { title: string; text: string; on: boolean; from?: string; until?: string }) {
	await page.getByLabel('Title', { exact: true }).fill(fields.title)
	await page.getByLabel('Text', { exact: true }).fill(fields.text)
	await page.getByLabel('On: the home page shows the popup').setChecked(fields.on)
	await page.getByLabel(/^Shown from/).fill(fields.from ?? '')
	await page.getByLabel(/^Shown until/).fill(fields.until ?? '')
	await page.getByRole('button', { name: 'Save the popup' }).click()
	await expect(page.getByText('The welcome popup is saved.')).toBeVisible()
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
		test.use({ javaScriptEnabled })
		// Each test signs in to the office and opens the home page in fresh browser sessions.
		test.beforeEach(() => test.slow())

		test('an editor writes the popup with a picture; a visitor sees it once per session, within the script budget', async ({
			page,
			browser,
			request,
			baseURL,
			officeUser,
		}) => {
			await officeSignIn(page, await officeUser('editor'), '/office/popup')
			await expect(page.getByRole('heading', { level: 1, name: 'Welcome popup' })).toBeVisible()
			// A mistake is said beside its field, by the browser's checks or the server's.
			await page.getByLabel('Title', { exact: true }).fill('')
			await page.getByRole('button', { name: 'Save the popup' }).click()
			await expect(page.getByText('Title is required')).toBeVisible()
			const title = `Members’ meet ${unique()}`
			await savePopup(page, { title, text: 'The annual members’ meet is on 12 December.', on: true, from: indiaToday() })
			const poster = await sharp({ create: { width: 960, height: 400, channels: 3, background: '#1d5aa6' } })
				.png()
				.toBuffer()
			await page.getByLabel(/picture \(JPEG, PNG or WebP/i).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: poster })
			await page.getByLabel('What the picture shows (for people who cannot see it)').fill('Poster of the members’ meet')
			await page.getByRole('button', { name: /^(Add|Replace) the picture$/ }).click()
			await expect(page.getByText('The picture is added to the popup.')).toBeVisible()
			await expect(page.getByRole('img', { name: 'Poster of the members’ meet' })).toBeVisible()
			await expectNoAxeViolations(page, javaScriptEnabled)

			const visitor = await visitHome(browser, javaScriptEnabled)
			const dialog = visitor.page.getByRole('dialog', { name: title })
			await expect(dialog).toBeVisible()
			await expect(dialog.getByText('The annual members’ meet is on 12 December.')).toBeVisible()
			await expect(dialog.getByRole('img', { name: 'Poster of the members’ meet' })).toBeVisible()
			if (javaScriptEnabled) {
				await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
				await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
				await visitor.page.keyboard.press('Escape')
				await expect.poll(() => visitor.page.evaluate(() => sessionStorage.getItem('popupShown'))).toBe('true')
			} else {
				await dialog.getByRole('button', { name: 'Continue to Site' }).click()
			}
			await expect(dialog).toBeHidden()
			await visitor.page.reload()
			await expect(visitor.page.getByRole('link', { name: 'See upcoming events' })).toBeVisible()
			await expect(visitor.page.locator('dialog.welcome-popup')).toHaveCount(0)
			await visitor.context.close()

			// An anonymous visitor's home page, popup and all, still ships only the island (decision 0032).
			const html = await (await request.get('/', { headers: { cookie: '' } })).text()
			expect(html).toContain(title)
			const bytes = await scriptBytes(request, html, `${baseURL}/`)
			reportScriptBytes('/ with the office’s popup', bytes)
			expect(bytes.total).toBeLessThanOrEqual(ISLAND_BUDGET_BYTES)
		})

		test('switched off, or outside its days, the home page has no popup and keeps the session’s flag unset', async ({ page, browser, officeUser }) => {
			await officeSignIn(page, await officeUser('editor'), '/office/popup')
			const title = `Budget talk ${unique()}`
			await savePopup(page, { title, text: 'The budget talk is on Friday.', on: false })
			await expect(page.getByText('Off: the home page shows no popup.')).toBeVisible()
			const off = await visitHome(browser, javaScriptEnabled)
			await expect(off.page.getByRole('link', { name: 'See upcoming events' })).toBeVisible()
			expect(off.html).not.toContain('welcome-popup')
			expect((await off.context.cookies()).find((cookie) => cookie.name === 'popupShown')).toBeUndefined()
			await off.context.close()

			await savePopup(page, { title, text: 'The budget talk is on Friday.', on: true, from: '2099-01-01', until: '2099-01-31' })
			await expect(page.getByText(/^On, but not today/)).toBeVisible()
			const later = await visitHome(browser, javaScriptEnabled)
			expect(later.html).not.toContain('welcome-popup')
			await later.context.close()

			await savePopup(page, { title, text: 'The budget talk is on Friday.', on: true, from: indiaToday(), until: indiaToday() })
			const today = await visitHome(browser, javaScriptEnabled)
			await expect(today.page.getByRole('dialog', { name: title })).toBeVisible()
			await today.context.close()
		})
	})
}
