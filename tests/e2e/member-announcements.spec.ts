// The member dashboard's announcements and its navigation, each test as a fresh member of its own
// (who has read nothing) on the demo branch's six announcements, which nothing on its portal changes.
import { type Page } from '@playwright/test'
import { createAccount, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { expectInHeadOnly, hydrated, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const dashboardNav = (page: Page) => page.getByRole('navigation', { name: 'Member dashboard' })
const announcementItems = (page: Page) =>
	page
		.getByRole('main')
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading', { level: 2 }) })
const unreadItems = (page: Page) => announcementItems(page).filter({ hasText: 'Unread' })

test.describe('a signed-in member', () => {
	test.use({ signedIn: 'member' })

	test('the announcements newest first, unread ones marked in words, and the dashboard navigation', async ({ page, javaScriptEnabled }) => {
		await page.goto('/member/announcements')
		await scriptsReady(page, javaScriptEnabled)
		await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible()
		await expect(announcementItems(page)).toHaveCount(6)
		await expect(announcementItems(page).first().getByRole('heading')).toContainText('Reminder: CPE hours')
		await expect(announcementItems(page).last().getByRole('heading')).toContainText('Revised annual membership fee')
		// A new member has read none of them; the badge, the summary line and the markers agree.
		await expect(unreadItems(page)).toHaveCount(6)
		await expect(page.getByText('6 unread announcements.')).toBeVisible()
		// Dates are the branch's days, shown in words.
		await expect(announcementItems(page).first().locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
		await expectNoAxeViolations(page, javaScriptEnabled)

		// The dashboard's navigation: every member page, the current one marked, the unread count spoken.
		await expect(dashboardNav(page).getByRole('link')).toHaveText([
			'CPE hours',
			'Tickets',
			'Payments',
			/^Announcements\s*6\s*\(6 unread\)$/,
			'Profile',
			'Change password',
		])
		await expect(dashboardNav(page).getByRole('link', { name: 'Announcements (6 unread)' })).toHaveAttribute('aria-current', 'page')
		await expect(dashboardNav(page).locator('[aria-current]')).toHaveCount(1)
		await expect(dashboardNav(page).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/member/payments')
		for (const [name, path] of [
			['Profile', '/member/profile'],
			['Change password', '/member/change-password'],
			['CPE hours', '/member/cpe'],
		] as const) {
			await dashboardNav(page).getByRole('link', { name }).click()
			await expect(page).toHaveURL(new RegExp(`${path}$`))
			await expect(dashboardNav(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
			await expect(dashboardNav(page).locator('[aria-current]')).toHaveCount(1)
		}
	})

	test('a member opens an announcement: it is shown and marked read, once', async ({ page, javaScriptEnabled }) => {
		await page.goto('/member/announcements')
		await scriptsReady(page, javaScriptEnabled)
		await expect(unreadItems(page)).toHaveCount(6)

		await page.getByRole('link', { name: 'Annual General Meeting of the branch' }).click()
		await expect(page).toHaveURL(/\/member\/announcements\/\d+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Annual General Meeting of the branch' })).toBeVisible()
		await expect(page.getByText('The agenda: adoption of the audited accounts')).toBeVisible()
		// The badge already counts it as read; the section's link says the page is inside it.
		const section = dashboardNav(page).getByRole('link', { name: 'Announcements (5 unread)' })
		await expect(section).toHaveAttribute('aria-current', 'true')
		await expectNoAxeViolations(page, javaScriptEnabled)

		// Opening it again changes nothing.
		await page.reload()
		await expect(dashboardNav(page).getByRole('link', { name: 'Announcements (5 unread)' })).toBeVisible()
		await page.getByRole('link', { name: 'All announcements' }).click()
		await expect(page).toHaveURL(/\/member\/announcements$/)
		await expect(unreadItems(page)).toHaveCount(5)
		await expect(announcementItems(page).filter({ hasText: 'Annual General Meeting' })).not.toContainText('Unread')
		await expect(page.getByText('5 unread announcements.')).toBeVisible()
		// Leaving an announcement refreshes the count on the other dashboard pages too.
		await dashboardNav(page).getByRole('link', { name: 'Profile' }).click()
		await expect(dashboardNav(page).getByRole('link', { name: 'Announcements (5 unread)' })).toBeVisible()
	})
})

test('a visitor who is signed out is sent to sign in; an unknown announcement is the 404 page, its title in the head', async ({
	page,
	request,
	javaScriptEnabled,
}) => {
	await page.goto('/member/announcements/1')
	await expect(page).toHaveURL(/\/member\/login\?redirectTo=%2Fmember%2Fannouncements%2F1$/)
	await signInAs(page, await createAccount(request, 'member'))
	await expect(page).toHaveURL(/\/member\/cpe$/)
	await scriptsReady(page, javaScriptEnabled)
	for (const id of ['999999', 'not-a-number']) {
		const response = await page.goto(`/member/announcements/${id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
		if (javaScriptEnabled) await hydrated(page)
		// The error page renders its own title: the browser's tab shows it.
		await expectInHeadOnly(page, 'title')
		await expect(page).toHaveTitle('Page not found')
	}
})

test.describe('a signed-in student', () => {
	test.use({ signedIn: 'student' })

	test('the student area has no member dashboard navigation', async ({ page, javaScriptEnabled }) => {
		await page.goto('/student/update-profile')
		await scriptsReady(page, javaScriptEnabled)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(dashboardNav(page)).toHaveCount(0)
	})
})
