// The office in a frame of its own, with JavaScript on and off: no public navbar or footer, the
// signed-in user with sign-out, the role's pages under Menu on a phone, confirmations that stay
// until dismissed or the next page, and an event's registrations readable on a 375 px phone.
import { type Page } from '@playwright/test'
import { accountToken, createAccount, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeFullName, officeSignIn, staffToken } from './support/office'

const officeNav = (page: Page) => page.getByRole('navigation', { name: 'Office' })

test('office pages carry the office’s header, not the public navbar and footer', async ({ page, officeUser }, testInfo) => {
	const desk = await officeUser('desk')
	await officeSignIn(page, desk)
	const header = page.getByRole('banner')
	await expect(header.getByRole('link', { name: 'Sahyadri Regional Branch · Office' })).toHaveAttribute('href', '/office')
	await expect(header.getByRole('link', { name: 'Public site' })).toHaveAttribute('href', '/')
	await expect(header.getByText(`Signed in as ${officeFullName('desk', desk)} · Desk`)).toBeVisible()
	await expect(officeNav(page).getByRole('link')).toHaveText(['Dashboard', 'Events'])
	// Nothing of the public site's frame: its navigation (with Sign up), its footer and newsletter form.
	await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0)
	await expect(page.getByRole('contentinfo')).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
	await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	// A page the role may not open keeps the frame.
	expect((await page.goto('/office/payments'))?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
	await expect(officeNav(page).getByRole('link', { name: 'Events' })).toBeVisible()
	await expect(page.getByRole('contentinfo')).toHaveCount(0)

	await page.getByRole('banner').getByRole('button', { name: 'Sign out of the office' }).click()
	await expect(page.getByRole('heading', { name: 'Office sign-in' })).toBeVisible()
	await expect(page.getByText('You are signed out of the office.')).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
	await expect(page.getByRole('contentinfo')).toHaveCount(0)
})

test('a confirmation stays until it is dismissed, and goes with the next page', async ({ page, officeUser }) => {
	const clerk = await officeUser('accounts')
	await officeSignIn(page, clerk)
	const welcome = page.getByRole('status').filter({ hasText: `Welcome, ${officeFullName('accounts', clerk)}.` })
	await expect(welcome).toBeVisible()
	// Nothing is set to hide it: the public site's alerts fade by an animation after 3 s (spec §4).
	await expect(welcome).toHaveCSS('animation-name', 'none')
	await welcome.getByRole('link', { name: 'Dismiss this message' }).click()
	await expect(welcome).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible()

	// Signed in again, the clerk moves on to another page: the confirmation does not follow.
	await page.getByRole('banner').getByRole('button', { name: 'Sign out of the office' }).click()
	await expect(page.getByRole('heading', { name: 'Office sign-in' })).toBeVisible()
	await officeSignIn(page, clerk)
	await expect(welcome).toBeVisible()
	await officeNav(page).getByRole('link', { name: 'Payments' }).click()
	await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible()
	await expect(welcome).toHaveCount(0)
})

// Signed in on a wider screen first, then seen at 375 px.
test.describe('on a 375 px phone', () => {
	test('the office’s pages fold under Menu, which opens without JavaScript too', async ({ page, officeUser }, testInfo) => {
		await officeSignIn(page, await officeUser('desk'))
		await page.setViewportSize({ width: 375, height: 800 })
		const events = officeNav(page).getByRole('link', { name: 'Events' })
		await expect(events).toBeHidden()
		await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out of the office' })).toBeVisible()
		await officeNav(page).getByText('Menu', { exact: true }).click()
		await expect(events).toBeVisible()
		await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
		await events.click()
		await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible()
		// The new page starts with the menu folded again.
		await expect(officeNav(page).getByRole('link', { name: 'Dashboard' })).toBeHidden()
		const { scrollWidth, clientWidth } = await page.evaluate(() => ({
			scrollWidth: document.documentElement.scrollWidth,
			clientWidth: document.documentElement.clientWidth,
		}))
		expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
	})

	test('an event’s registrations show status, payment and CPE hours without scrolling sideways', async ({ page, request, officeUser }, testInfo) => {
		const token = await staffToken(request, await officeUser('editor'))
		const title = `Phone desk seminar ${testInfo.project.name} ${unique()}`
		const iEventId = await createEventAsStaff(request, token, { title, start: new Date(Date.now() + 5 * 24 * 3_600_000), nFeePaise: 40_000, nCpeHours: 3 })
		const member = await createAccount(request, 'member')
		const registered = await request.post(`/api/member/events/register/v1/${iEventId}`, {
			headers: { authorization: await accountToken(request, member) },
			data: {},
		})
		expect(registered.status(), await registered.text()).toBe(201)

		await officeSignIn(page, await officeUser('accounts'), `/office/events/${iEventId}/registrations`)
		await page.setViewportSize({ width: 375, height: 800 })
		const table = page.getByRole('table', { name: 'Registrations; tick the people who are present' })
		const row = table.getByRole('row').filter({ hasText: member.name })
		// The office is the payment provider here: both the registration and its payment wait for the fee.
		for (const [column, text] of [
			['Status', 'Waiting for payment'],
			['Payment', 'Waiting for payment'],
			['CPE hours', '—'],
		]) {
			const cell = row.locator(`td[data-label="${column}"]`)
			await expect(cell).toHaveText(text!)
			const box = await cell.boundingBox()
			expect(box && box.x >= 0 && box.x + box.width <= 375, `${column} lies within the screen`).toBe(true)
		}
		const scroll = await page
			.getByRole('region', { name: 'Registrations; tick the people who are present' })
			.evaluate((region) => ({ scrollWidth: region.scrollWidth, clientWidth: region.clientWidth }))
		expect(scroll.scrollWidth, 'the table does not scroll sideways').toBeLessThanOrEqual(scroll.clientWidth)
		await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	})
})
