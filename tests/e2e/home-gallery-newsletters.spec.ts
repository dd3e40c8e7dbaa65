// Home: the "Latest newsletters" and "Gallery highlights" sections.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('home shows the three latest newsletters and the three newest albums', async ({ page, javaScriptEnabled }) => {
	await page.goto('/')
	const newsletters = page.getByRole('region', { name: 'Latest newsletters' })
	await expect(newsletters.getByRole('article')).toHaveCount(3)
	const titles = await newsletters.getByRole('heading', { level: 3 }).allTextContents()
	expect(titles.every((t) => t.startsWith('Branch Bulletin, '))).toBe(true)
	await expect(newsletters.getByRole('link', { name: /^Read / })).toHaveCount(3)
	await expect(newsletters.getByRole('link', { name: /^Download / }).first()).toHaveAttribute('download', /\.pdf$/)

	const gallery = page.getByRole('region', { name: 'Gallery highlights' })
	await expect(gallery.getByRole('heading', { level: 3 })).toHaveText([
		'Annual Members’ Meet',
		'GST Workshop: Annual Returns and Reconciliation',
		'Blood Donation Camp',
	])
	await expect(gallery.locator('img').first()).toHaveAttribute('loading', 'lazy')
	await expectNoAxeViolations(page, javaScriptEnabled)

	await newsletters.getByRole('link', { name: 'All newsletters' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible()
	await page.goBack()
	await page.getByRole('region', { name: 'Gallery highlights' }).getByRole('link', { name: 'Blood Donation Camp' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Blood Donation Camp' })).toBeVisible()
})
