// The welcome popup (spec §2, §4): shown on the first visit to / in a browser session, then never again.
import { expect, test, type Page } from '@playwright/test'
import { POPUP_TEXT, POPUP_TITLE } from './support/site'

function popup(page: Page) {
	return page.getByRole('dialog', { name: POPUP_TITLE })
}

test('the first visit to / shows the welcome popup with its content', async ({ page }) => {
	await page.goto('/')
	const dialog = popup(page)
	await expect(dialog).toBeVisible()
	await expect(dialog.getByRole('heading', { name: POPUP_TITLE })).toBeVisible()
	await expect(dialog.getByText(POPUP_TEXT, { exact: true })).toBeVisible()
	const image = dialog.getByRole('img')
	await expect(image).toBeVisible()
	expect((await image.getAttribute('alt'))?.trim()).toBeTruthy()
	await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Continue to Site' })).toBeVisible()
})

test('"Continue to Site" closes the popup', async ({ page }) => {
	await page.goto('/')
	await popup(page).getByRole('button', { name: 'Continue to Site' }).click()
	await expect(popup(page)).toBeHidden()
	await expect(page.getByRole('heading', { level: 1, name: POPUP_TITLE })).toBeVisible()
})

test('"Close" closes the popup', async ({ page }) => {
	await page.goto('/')
	await popup(page).getByRole('button', { name: 'Close' }).click()
	await expect(popup(page)).toBeHidden()
	await expect(page.getByRole('link', { name: 'See upcoming events' })).toBeVisible()
})

test('the popup is not shown again after a reload', async ({ page }) => {
	await page.goto('/')
	await expect(popup(page)).toBeVisible()
	await page.reload()
	await expect(page.getByRole('heading', { level: 1, name: POPUP_TITLE })).toBeVisible()
	await expect(popup(page)).toBeHidden()
})

test('the popup is not shown again after leaving / and coming back', async ({ page }) => {
	await page.goto('/')
	const dialog = popup(page)
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Continue to Site' }).click()
	await page.getByRole('contentinfo').getByRole('link', { name: 'About the branch' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
	// Browsers ask for /favicon.ico by themselves after a page loads (when they do is up to them): do it
	// explicitly, with the browser's cookies, so the test does not depend on that timing.
	await page.request.get('/favicon.ico')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: POPUP_TITLE })).toBeVisible()
	await expect(popup(page)).toBeHidden()
})

test('a first visit to another page shows no popup there', async ({ page }) => {
	await page.goto('/about')
	await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the first visit to / still shows the popup when the session began on another page', async ({ page }) => {
	await page.goto('/about')
	await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
	// A guessed icon path is unknown and redirects home: as an image request it must not use up the popup.
	await page.request.get('/favicon.ico', { headers: { 'Sec-Fetch-Dest': 'image' } })
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: POPUP_TITLE })).toBeVisible()
	await expect(popup(page)).toBeVisible()
})

test('the popup remembers it was shown for the browser session', async ({ page, context, javaScriptEnabled }) => {
	await page.goto('/')
	await expect(popup(page)).toBeVisible()
	// Without scripts a session cookie carries the flag; with them it is mirrored into session storage (spec §3).
	const cookie = (await context.cookies()).find((c) => c.name === 'popupShown')
	expect(cookie?.value).toBe('true')
	expect(cookie?.expires, 'a session cookie, gone with the browser session').toBe(-1)
	if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => sessionStorage.getItem('popupShown'))).toBe('true')
})

test('the popup can be closed from the keyboard', async ({ page, javaScriptEnabled }) => {
	await page.goto('/')
	const dialog = popup(page)
	await expect(dialog).toBeVisible()
	if (javaScriptEnabled) {
		// Upgraded to a modal dialog: focus stays inside and Escape closes it.
		await expect.poll(() => dialog.evaluate((el) => el.matches(':modal'))).toBe(true)
		await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
		await page.keyboard.press('Escape')
	} else {
		// A native non-modal dialog: its buttons are ordinary form buttons.
		await dialog.getByRole('button', { name: 'Continue to Site' }).focus()
		await page.keyboard.press('Enter')
	}
	await expect(dialog).toBeHidden()
})
