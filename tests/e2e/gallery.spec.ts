// The gallery (spec §2): albums, one album's photos as responsive thumbnails that open
// full size (a plain link without JavaScript, a keyboard-usable viewer with it), 404 in the layout.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { mainNav } from './support/site'

const ALBUMS = [
	{ title: 'Annual Members’ Meet', photos: 9 },
	{ title: 'GST Workshop: Annual Returns and Reconciliation', photos: 8 },
	{ title: 'Blood Donation Camp', photos: 7 },
	{ title: 'Students’ Career Counselling Day', photos: 6 },
]

/** Every picture reserves its space (width and height) and offers several widths. */
async function expectResponsive(image: Locator) {
	await expect(image).toHaveAttribute('width', /^\d+$/)
	await expect(image).toHaveAttribute('height', /^\d+$/)
	await expect(image).toHaveAttribute('srcset', /320w, .+ 640w, .+ 1024w$/)
	await expect(image).toHaveAttribute('sizes', /.+/)
}

async function openFirstAlbum(page: Page) {
	await page.goto('/gallery')
	await page.getByRole('link', { name: ALBUMS[0]!.title }).click()
	await expect(page.getByRole('heading', { level: 1, name: ALBUMS[0]!.title })).toBeVisible()
}

test('/gallery lists the albums, newest first, with cover, date and photo count', async ({ page, javaScriptEnabled }) => {
	await page.goto('/gallery')
	await expect(page).toHaveTitle(/^Gallery \| /)
	await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible()
	const cards = page.getByRole('main').getByRole('article')
	await expect(cards).toHaveCount(ALBUMS.length)
	for (const [i, album] of ALBUMS.entries()) {
		const card = cards.nth(i)
		await expect(card.getByRole('heading', { level: 2 })).toHaveText(album.title)
		await expect(card.getByRole('link', { name: album.title })).toHaveAttribute('href', /^\/gallery\/view-gallery\/\d+$/)
		await expect(card.getByText(`${album.photos} photos`)).toBeVisible()
		await expect(card.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
		await expectResponsive(card.locator('img'))
	}
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('an album shows its photos as lazy, responsive thumbnails linking to the full picture', async ({ page, request, javaScriptEnabled }) => {
	await openFirstAlbum(page)
	await expect(page).toHaveTitle(new RegExp(`^${ALBUMS[0]!.title} \\| Gallery`))
	await expect(page.getByText(`${ALBUMS[0]!.photos} photos`)).toBeVisible()
	const links = page.getByRole('main').getByRole('listitem').getByRole('link')
	await expect(links).toHaveCount(ALBUMS[0]!.photos)
	await expect(links.first()).toHaveAccessibleName('Lighting of the lamp')
	for (let i = 0; i < ALBUMS[0]!.photos; i++) {
		const image = links.nth(i).locator('img')
		await expectResponsive(image)
		if (i < 4) await expect(image).not.toHaveAttribute('loading')
		else await expect(image).toHaveAttribute('loading', 'lazy')
	}
	const full = await links.first().getAttribute('href')
	expect(full).toMatch(/\/media\/gallery\/[\w-]+\.jpg$/)
	const response = await request.get(full!)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('image/jpeg')
	expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(response.headers()['x-content-type-options']).toBe('nosniff')
	expect((await response.body()).length).toBeLessThan(40_000)
	await expectNoAxeViolations(page, javaScriptEnabled)
})

/** Cumulative layout shift of the page so far (a script in the page measures it). */
function layoutShift(page: Page) {
	return page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				let total = 0
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value
				}).observe({ type: 'layout-shift', buffered: true })
				setTimeout(() => resolve(total), 300)
			}),
	)
}

test('a thumbnail opens the full picture: a plain link without JavaScript, a keyboard-usable viewer with it', async ({ page, javaScriptEnabled }) => {
	await openFirstAlbum(page)
	const count = ALBUMS[0]!.photos
	const main = page.getByRole('main')
	if (!javaScriptEnabled) {
		const link = main.getByRole('link', { name: 'The chairman’s address' })
		const href = await link.getAttribute('href')
		await link.click()
		await expect(page).toHaveURL(href!)
		return
	}
	// Nothing moved while the thumbnails loaded (width and height reserve their space).
	await page.mouse.wheel(0, 3000)
	await page.waitForLoadState('networkidle')
	expect(await layoutShift(page)).toBeLessThan(0.01)

	await main.getByRole('link', { name: 'The chairman’s address' }).click()
	const viewer = page.getByRole('dialog')
	await expect(viewer).toHaveAccessibleName(`The chairman’s address, photo 2 of ${count}`)
	await expect(viewer.getByRole('img', { name: 'The chairman’s address' })).toBeVisible()
	await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
	await expectNoAxeViolations(page, javaScriptEnabled)

	await page.keyboard.press('ArrowRight')
	await expect(viewer.getByRole('img', { name: 'Felicitation of senior members' })).toBeVisible()
	await expect(viewer).toContainText(`(3 of ${count})`)
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('ArrowLeft')
	await expect(viewer).toContainText(`Lighting of the lamp (1 of ${count})`)
	await page.keyboard.press('ArrowLeft')
	await expect(viewer).toContainText(`Group photograph of the committee (${count} of ${count})`)
	await viewer.getByRole('button', { name: 'Next' }).click()
	await expect(viewer).toContainText(`(1 of ${count})`)

	await page.keyboard.press('Escape')
	await expect(viewer).toBeHidden()
	await expect(main.getByRole('link', { name: 'Lighting of the lamp' })).toBeFocused()

	// Opened from the keyboard too.
	await page.keyboard.press('Tab')
	await page.keyboard.press('Enter')
	await expect(viewer).toHaveAccessibleName(`The chairman’s address, photo 2 of ${count}`)
	await viewer.getByRole('button', { name: 'Close' }).press('Enter')
	await expect(viewer).toBeHidden()
})

for (const id of ['999999', 'abc', '0', '12abc']) {
	test(`/gallery/view-gallery/${id} is "Page not found" inside the layout`, async ({ page }) => {
		const response = await page.goto(`/gallery/view-gallery/${id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
		await expect(mainNav(page)).toBeVisible()
		await expect(page.getByRole('contentinfo')).toBeVisible()
	})
}
