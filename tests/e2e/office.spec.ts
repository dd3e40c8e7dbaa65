// The branch office as its staff use it, with JavaScript on and off: sign-in with a session of its
// own, an event made, published, seen publicly and withdrawn, the audit log, the operations pages,
// the roles, and axe on every office page.
import { expect, test } from '@playwright/test'
import { DEMO_SESSION_FILES } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { officeSignIn, officeUser } from './support/office'

test('a signed-out visitor is sent to the office sign-in, and back after it', async ({ page }, testInfo) => {
	await page.goto('/office/audit')
	await expect(page).toHaveURL(/\/office\/login\?redirectTo=%2Foffice%2Faudit/)
	await expect(page.getByRole('heading', { name: 'Office sign-in' })).toBeVisible()
	await expectNoAxeViolations(page, testInfo.project.name === 'js')
	await page.getByLabel('Username').fill(officeUser('admin', testInfo))
	await page.getByLabel('Password').fill('not the password at all')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText('The username or password is incorrect.')).toBeVisible()
	await expect(page.getByLabel('Username')).toHaveValue(officeUser('admin', testInfo))
	// The page the server sends back never holds the password (with JavaScript the typed one simply stays).
	if (testInfo.project.name === 'no-js') await expect(page.getByLabel('Password')).toHaveValue('')
})

test('an administrator makes an event, publishes it, sees it publicly, withdraws it, and finds it all in the audit log', async ({ page }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'js'
	const title = `Office seminar ${testInfo.project.name} ${Date.now()}`
	await officeSignIn(page, officeUser('admin', testInfo))
	await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible()
	await expectNoAxeViolations(page, js)

	await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Events' }).click()
	await page.getByRole('link', { name: 'New event' }).click()
	await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
	await expectNoAxeViolations(page, js)
	// Nothing filled in: told beside the fields, nothing made.
	await page.getByRole('button', { name: 'Create the event' }).click()
	await expect(page.getByText('Title is required')).toBeVisible()
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Summary (one or two lines for the list)').fill('Made by the office in a test.')
	await page.getByLabel('Description').fill('First paragraph.\n\nSecond paragraph.')
	await page.getByLabel('Starts (India time)').fill('2031-02-10T10:00')
	await page.getByLabel('Ends (India time)').fill('2031-02-10T13:00')
	await page.getByLabel('Venue', { exact: true }).fill('Accountants’ Bhavan')
	await page.getByLabel('City').fill('Pune')
	await page.getByLabel('Venue address').fill('14 Tilak Road, Pune')
	await page.getByRole('button', { name: 'Add a speaker' }).click()
	await page.getByLabel('Speaker 1: name').fill('CA Test Speaker')
	await page.getByLabel('Fee in rupees, before GST (0 or empty: free)').fill('750')
	await page.getByLabel('Published: the public sees it').check()
	await page.getByRole('button', { name: 'Create the event' }).click()
	await expect(page.getByText('The event is created.')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	const eventPath = new URL(page.url()).pathname
	const iEventId = eventPath.split('/').at(-1)

	const publicPage = await page.context().newPage()
	await publicPage.goto(`/events/event-details/${iEventId}`)
	await expect(publicPage.getByRole('heading', { name: title })).toBeVisible()
	await expect(publicPage.getByText('CA Test Speaker')).toBeVisible()

	await page.getByRole('button', { name: 'Unpublish' }).click()
	await expect(page.getByText('The event is unpublished')).toBeVisible()
	const hidden = await publicPage.goto(`/events/event-details/${iEventId}`)
	expect(hidden?.status()).toBe(404)
	await publicPage.close()

	await page.goto('/office/audit')
	await expect(page.getByRole('cell', { name: `Created “${title}”, published` })).toBeVisible()
	await expect(page.getByRole('cell', { name: `Unpublished “${title}”` })).toBeVisible()
	await expectNoAxeViolations(page, js)
})

test('the operations pages: payments, an event’s registrations with the desk, reports, accounts, subscribers, staff', async ({ page }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'js'
	await officeSignIn(page, officeUser('admin', testInfo), '/office/payments')
	await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible()
	await expectNoAxeViolations(page, js)
	await page.getByRole('link', { name: /^Open payment/ }).first().click()
	await expect(page.getByRole('heading', { name: /^Payment \d+$/ })).toBeVisible()
	await expectNoAxeViolations(page, js)

	await page.goto('/office')
	await page.getByRole('link', { name: /^Registrations for/ }).first().click()
	await expect(page.getByRole('heading', { name: 'At the desk' })).toBeVisible()
	await page.getByLabel('Membership or registration number').fill('ZZ0000')
	await page.getByRole('button', { name: 'Mark present', exact: true }).click()
	await expect(page.getByText('Nobody registered for this event has that number.')).toBeVisible()
	await expect(page.getByLabel('Membership or registration number')).toHaveValue('ZZ0000')
	await expectNoAxeViolations(page, js)
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download CSV' }).click()
	const csv = await (await download).createReadStream()
	const chunks: Buffer[] = []
	for await (const chunk of csv) chunks.push(chunk as Buffer)
	const text = Buffer.concat(chunks).toString('utf8')
	expect(text.startsWith('\uFEFFRegistration id,Name,')).toBe(true)

	for (const [path, heading] of [
		['/office/reports', 'Reports'],
		['/office/accounts', 'Accounts'],
		['/office/subscribers', 'Newsletter subscribers'],
		['/office/staff', 'Office users'],
	] as const) {
		await page.goto(path)
		await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
		await expectNoAxeViolations(page, js)
	}
})

test('an editor has the content pages but not the administrator’s', async ({ page }, testInfo) => {
	await officeSignIn(page, officeUser('editor', testInfo), '/office/events')
	await expect(page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0)
	const response = await page.goto('/office/staff')
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
	await expectNoAxeViolations(page, testInfo.project.name === 'js')
})

test.describe('a member’s session', () => {
	test.use({ storageState: DEMO_SESSION_FILES.member })
	test('does not open the office', async ({ page }) => {
		await page.goto('/office')
		await expect(page).toHaveURL(/\/office\/login/)
	})
})
