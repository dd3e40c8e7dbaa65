// Site furniture (spec §2): navbar, footer, skip link, and the navbar folding below lg (992 px).
import { expect, test } from '@playwright/test'
import { BRANCH_ADDRESS, BRANCH_EMAIL, BRANCH_NAME, BRANCH_PHONE, footer, mainNav, skipWelcomePopup } from './support/site'

const NAV_LINKS: Array<[name: string, href: string]> = [
	['Home', '/'],
	['Committees', '/managing-committee'],
	['Events', '/events'],
	['Members', '/member/login'],
	['Students', '/student/login'],
	['Sign up', '/register'],
]

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

for (const path of ['/', '/about']) {
	test.describe(`furniture on ${path}`, () => {
		test('the navbar shows the signed-out links and no Logout', async ({ page }) => {
			await page.goto(path)
			const nav = mainNav(page)
			for (const [name, href] of NAV_LINKS) {
				const link = nav.getByRole('link', { name, exact: true })
				await expect(link, name).toBeVisible()
				await expect(link, name).toHaveAttribute('href', href)
			}
			await expect(page.getByRole('link', { name: 'Logout', includeHidden: true })).toHaveCount(0)
		})

		test('the footer has contact details, social links, link lists and the copyright', async ({ page }) => {
			await page.goto(path)
			const foot = footer(page)

			const contact = foot.getByRole('region', { name: 'Contact us' })
			await expect(contact).toContainText(BRANCH_ADDRESS)
			await expect(contact.getByRole('link', { name: BRANCH_PHONE })).toHaveAttribute('href', 'tel:+912024451200')
			await expect(contact.getByRole('link', { name: BRANCH_EMAIL })).toHaveAttribute('href', `mailto:${BRANCH_EMAIL}`)
			await expect(contact.getByRole('link', { name: /map/i })).toHaveAttribute('href', /^https:\/\//)

			const social = foot.getByRole('region', { name: 'Follow us' })
			await expect(social.getByRole('link')).toHaveCount(5)
			for (const network of ['Facebook', 'X', 'LinkedIn', 'Instagram', 'YouTube']) {
				await expect(social.getByRole('link', { name: network, exact: true }), network).toHaveAttribute('href', /^https:\/\//)
			}

			const about = foot.getByRole('region', { name: 'About us' })
			await expect(about.getByRole('link', { name: 'About the branch' })).toHaveAttribute('href', '/about')
			await expect(about.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/overview')

			const resources = foot.getByRole('region', { name: 'Resources' })
			await expect(resources.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('href', '/events')
			await expect(resources.getByRole('link', { name: 'Newsletters', exact: true })).toHaveAttribute('href', '/newsletters')
			await expect(resources.getByRole('link', { name: 'Gallery', exact: true })).toHaveAttribute('href', '/gallery')

			const year = new Date().getFullYear()
			await expect(foot.getByText(/©/)).toContainText(`© ${year} ${BRANCH_NAME}`)
		})

		test('the skip link leads to the main content', async ({ page }) => {
			await page.goto(path)
			const skip = page.getByRole('link', { name: 'Skip to content' })
			await expect(skip).toHaveAttribute('href', '#main')
			await expect(page.getByRole('main')).toHaveAttribute('id', 'main')
			// It is the first thing a keyboard user reaches, and it shows itself when focused.
			await page.keyboard.press('Tab')
			await expect(skip).toBeFocused()
			await expect(skip).toBeVisible()
		})
	})
}

test.describe('at 1024 px (lg and up)', () => {
	test.use({ viewport: { width: 1024, height: 768 } })

	test('the links stand in one row and there is no Menu', async ({ page }) => {
		await page.goto('/about')
		const nav = mainNav(page)
		await expect(nav.getByText('Menu', { exact: true })).toBeHidden()
		const tops = []
		for (const [name] of NAV_LINKS) {
			const link = nav.getByRole('link', { name, exact: true })
			await expect(link, name).toBeVisible()
			const box = await link.boundingBox()
			tops.push(Math.round(box?.y ?? -1))
		}
		expect(new Set(tops).size, `link tops: ${tops.join(', ')}`).toBe(1)
	})
})

for (const width of [991, 375]) {
	test.describe(`at ${width} px (below lg)`, () => {
		test.use({ viewport: { width, height: 800 } })

		test('the links are folded until Menu is opened', async ({ page }) => {
			await page.goto('/about')
			const nav = mainNav(page)
			const menu = nav.getByText('Menu', { exact: true })
			await expect(menu).toBeVisible()
			for (const [name] of NAV_LINKS) await expect(nav.getByRole('link', { name, exact: true }), name).toBeHidden()

			await menu.click()
			for (const [name, href] of NAV_LINKS) {
				const link = nav.getByRole('link', { name, exact: true })
				await expect(link, name).toBeVisible()
				await expect(link, name).toHaveAttribute('href', href)
			}

			await menu.click()
			await expect(nav.getByRole('link', { name: 'Committees', exact: true })).toBeHidden()
		})
	})
}

test('the navigation is written once, so a text browser or a screen reader meets each link once', async ({ page }) => {
	await page.goto('/about')
	for (const [name] of NAV_LINKS) await expect(page.locator('header').getByRole('link', { name, exact: true, includeHidden: true }), name).toHaveCount(1)
})
