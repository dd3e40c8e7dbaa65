// The information pages (spec §2): seeded title and text, page title, and no accessibility violations.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { BRANCH_NAME, POPUP_TITLE, skipWelcomePopup } from './support/site'

const PAGES: Array<{ path: string; title: string; text: string }> = [
	{
		path: '/',
		title: 'Welcome to the Sahyadri Regional Branch',
		text: 'For over three decades the branch has brought the profession together in Pune and the neighbouring districts.',
	},
	{
		path: '/overview',
		title: 'The Branch at a Glance',
		text: 'The Sahyadri Regional Branch was set up in 1987 by a small group of practising accountants in Pune',
	},
	{
		path: '/resources',
		title: 'Resources for Members and Students',
		text: 'The library at Accountants’ Bhavan holds more than 6,000 books, bare acts, commentaries and journals',
	},
	{
		path: '/services',
		title: 'Our Services',
		text: 'The branch offers a range of services throughout the year.',
	},
	{
		path: '/policies',
		title: 'Policies',
		text: 'Your password is never stored as such; we keep only a one-way hash of it',
	},
	{
		path: '/about',
		title: 'About Us',
		text: 'The Sahyadri Regional Branch was founded in 1987 with fewer than two hundred members.',
	},
]

for (const { path, title, text } of PAGES) {
	test(`${path} shows its seeded title and text, with no accessibility violations`, async ({ page, context, baseURL, javaScriptEnabled }) => {
		await skipWelcomePopup(context, baseURL)
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
		await expect(page.getByRole('main').getByText(text)).toBeVisible()
		if (path === '/') await expect(page).toHaveTitle(BRANCH_NAME)
		else {
			await expect(page).toHaveTitle(new RegExp(title))
			await expect(page).toHaveTitle(new RegExp(BRANCH_NAME))
		}
		await expectNoAxeViolations(page, javaScriptEnabled)
	})
}

test('home shows the hero with its two calls to action', async ({ page, context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
	await page.goto('/')
	const hero = page.getByRole('region', { name: POPUP_TITLE })
	await expect(hero.getByRole('heading', { level: 1 })).toHaveText(POPUP_TITLE)
	await expect(hero.getByText('Institute of Professional Accountants of India')).toBeVisible()
	await expect(hero.getByRole('link', { name: 'See upcoming events' })).toHaveAttribute('href', '/events')
	await expect(hero.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/register')
})

test('home with the welcome popup open has no accessibility violations', async ({ page, javaScriptEnabled }) => {
	await page.goto('/')
	await expect(page.getByRole('dialog', { name: POPUP_TITLE })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)
})
