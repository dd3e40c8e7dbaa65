// The member dashboard's announcements and its navigation (issue 5). Tests run in parallel on one
// seeded database: the demo member is only looked at; opening (which marks read) uses a fresh member.
import { expect, test, type Page } from '@playwright/test'
import { createAccount, DEMO_MEMBER, DEMO_PASSWORD, DEMO_STUDENT, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const dashboardNav = (page: Page) => page.getByRole('navigation', { name: 'Member dashboard' })
const announcementItems = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
const unreadItems = (page: Page) => announcementItems(page).filter({ hasText: 'Unread' })

test('the demo member sees the announcements newest first, unread ones marked in words', async ({ page, javaScriptEnabled }) => {
	await signInAs(page, { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD }, '/member/login?redirectTo=/member/announcements')
	await expect(page).toHaveURL(/\/member\/announcements$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible()
	await expect(announcementItems(page)).toHaveCount(6)
	await expect(announcementItems(page).first().getByRole('heading')).toContainText('Reminder: CPE hours')
	await expect(announcementItems(page).last().getByRole('heading')).toContainText('Revised annual membership fee')
	// The seed leaves the demo member three unread; the badge, the summary line and the markers agree.
	await expect(unreadItems(page)).toHaveCount(3)
	await expect(page.getByText('3 unread announcements.')).toBeVisible()
	const current = dashboardNav(page).getByRole('link', { name: 'Announcements (3 unread)' })
	await expect(current).toHaveAttribute('aria-current', 'page')
	await expect(dashboardNav(page).locator('[aria-current]')).toHaveCount(1)
	// Dates are the branch's days, shown in words.
	await expect(announcementItems(page).first().locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('the dashboard navigation links every member page and marks the current one', async ({ page, javaScriptEnabled }) => {
	await signInAs(page, { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD })
	await expect(page).toHaveURL(/\/member\/cpe$/)
	await scriptsReady(page, javaScriptEnabled)
	const links = dashboardNav(page).getByRole('link')
	await expect(links).toHaveText(['CPE hours', 'Payments', /^Announcements\s*3\s*\(3 unread\)$/, 'Profile', 'Change password'])
	await expect(dashboardNav(page).getByRole('link', { name: 'CPE hours' })).toHaveAttribute('aria-current', 'page')
	await expect(dashboardNav(page).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/member/payments')
	await dashboardNav(page).getByRole('link', { name: 'Profile' }).click()
	await expect(page).toHaveURL(/\/member\/profile$/)
	await expect(dashboardNav(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
	await expect(dashboardNav(page).getByRole('link', { name: 'CPE hours' })).not.toHaveAttribute('aria-current')
	await dashboardNav(page).getByRole('link', { name: 'Change password' }).click()
	await expect(page).toHaveURL(/\/member\/change-password$/)
	await expect(dashboardNav(page).getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page')
})

test('a member opens an announcement: it is shown and marked read, once', async ({ page, request, javaScriptEnabled }) => {
	const member = await createAccount(request, 'member')
	await signInAs(page, member, '/member/login?redirectTo=/member/announcements')
	await expect(page).toHaveURL(/\/member\/announcements$/)
	await scriptsReady(page, javaScriptEnabled)
	// A new member has read nothing.
	await expect(announcementItems(page).first()).toBeVisible()
	const total = await announcementItems(page).count()
	expect(total).toBeGreaterThanOrEqual(5)
	await expect(unreadItems(page)).toHaveCount(total)
	await expect(dashboardNav(page).getByRole('link', { name: `Announcements (${total} unread)` })).toBeVisible()

	await page.getByRole('link', { name: 'Annual General Meeting of the branch' }).click()
	await expect(page).toHaveURL(/\/member\/announcements\/\d+$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Annual General Meeting of the branch' })).toBeVisible()
	await expect(page.getByText('The agenda: adoption of the audited accounts')).toBeVisible()
	// The badge already counts it as read; the section's link says the page is inside it.
	const section = dashboardNav(page).getByRole('link', { name: `Announcements (${total - 1} unread)` })
	await expect(section).toHaveAttribute('aria-current', 'true')
	await expectNoAxeViolations(page, javaScriptEnabled)

	// Opening it again changes nothing.
	await page.reload()
	await expect(dashboardNav(page).getByRole('link', { name: `Announcements (${total - 1} unread)` })).toBeVisible()
	await page.getByRole('link', { name: 'All announcements' }).click()
	await expect(page).toHaveURL(/\/member\/announcements$/)
	await expect(unreadItems(page)).toHaveCount(total - 1)
	await expect(announcementItems(page).filter({ hasText: 'Annual General Meeting' })).not.toContainText('Unread')
	await expect(page.getByText(`${total - 1} unread announcements.`)).toBeVisible()
	// Leaving an announcement refreshes the count on the other dashboard pages too.
	await dashboardNav(page).getByRole('link', { name: 'Profile' }).click()
	await expect(dashboardNav(page).getByRole('link', { name: `Announcements (${total - 1} unread)` })).toBeVisible()
})

test('an unknown announcement is the 404 page; a visitor who is signed out is sent to sign in', async ({ page, javaScriptEnabled }) => {
	await page.goto('/member/announcements')
	await expect(page).toHaveURL(/\/member\/login\?redirectTo=%2Fmember%2Fannouncements$/)
	await signInAs(page, { role: 'member', number: DEMO_MEMBER.number, dob: DEMO_MEMBER.dob, password: DEMO_PASSWORD })
	await expect(page).toHaveURL(/\/member\/cpe$/)
	await scriptsReady(page, javaScriptEnabled)
	for (const id of ['999999', 'not-a-number']) {
		const response = await page.goto(`/member/announcements/${id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
	}
})

test('the student area has no member dashboard navigation', async ({ page, javaScriptEnabled }) => {
	await signInAs(page, { role: 'student', number: DEMO_STUDENT.number, dob: DEMO_STUDENT.dob, password: DEMO_PASSWORD })
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(dashboardNav(page)).toHaveCount(0)
})
