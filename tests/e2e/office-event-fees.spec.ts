// Event fees per audience with early-bird fees (decision 0051), with JavaScript on and off: the
// office sets them in the event form, the public page lists them, a student is charged the
// students' early-bird fee, and "Copy event" opens a new draft with everything but the dates.
import { createAccount, scriptsReady, signInAs, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { officeSignIn } from './support/office'
import { skipWelcomePopup } from './support/site'

test('an event with members’, students’ and early-bird fees: set, shown, charged by audience and day, and copied', async ({
	page,
	browser,
	request,
	baseURL,
	officeUser,
}, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	await officeSignIn(page, await officeUser('editor'), '/office/events/new')
	const title = `Workshop on fees ${unique()}`
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Summary (one or two lines for the list)').fill('Made by the fees test.')
	await page.getByLabel('Description').fill('About the workshop.')
	await page.getByLabel('Starts (India time)').fill('2031-03-10T10:00')
	await page.getByLabel('Ends (India time)').fill('2031-03-10T13:00')
	await page.getByLabel('Venue', { exact: true }).fill('Hall C')
	await page.getByLabel('City').fill('Pune')
	await page.getByLabel('Venue address').fill('14 Tilak Road, Pune')
	await page.getByLabel('Fee in rupees, before GST (0 or empty: free)').fill('1000')
	await page.getByLabel('Students’ fee in rupees (empty: as the fee)').fill('500')
	await page.getByLabel('Early-bird fee in rupees (empty: none)', { exact: true }).fill('1200')
	await page.getByLabel('Students’ early-bird fee in rupees (empty: none)').fill('400')
	await page.getByLabel('Early-bird fee until (last day, India time)').fill('2031-03-01')
	await page.getByLabel('Published: the public sees it').check()
	await page.getByRole('button', { name: 'Create the event' }).click()
	// The same rule in the browser and in the action: an early-bird fee above the fee.
	await expect(page.getByText('The early-bird fee cannot be more than the fee')).toBeVisible()
	await page.getByLabel('Early-bird fee in rupees (empty: none)', { exact: true }).fill('800')
	await page.getByRole('button', { name: 'Create the event' }).click()
	await expect(page.getByText('The event is created.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	const iEventId = new URL(page.url()).pathname.split('/').at(-1)

	// The public page lists every fee; a signed-in student sees their own and is charged it.
	const student = await createAccount(request, 'student')
	const context = await browser.newContext({ javaScriptEnabled: js })
	await skipWelcomePopup(context, baseURL)
	const visitor = await context.newPage()
	await visitor.goto(`/events/event-details/${iEventId}`)
	const fee = visitor.getByRole('definition').filter({ hasText: 'Members: ₹1,000 + GST' })
	await expect(fee).toContainText('Students: ₹500 + GST')
	await expect(fee).toContainText(/Early bird, registering by .*1 Mar.* 2031 \(India time\): members ₹800 \+ GST, students ₹400 \+ GST/)
	await expectNoAxeViolations(visitor, js)
	await signInAs(visitor, student, `/student/login?redirectTo=${encodeURIComponent(`/events/event-details/${iEventId}`)}`)
	await visitor.waitForURL(`**/events/event-details/${iEventId}`)
	await scriptsReady(visitor, js)
	const panel = visitor.locator('#registration')
	await expect(panel.getByRole('row', { name: /Your fee/ })).toContainText('₹400.00')
	await panel.getByRole('button', { name: 'Register, pay ₹472.00 at the branch office' }).click()
	await expect(panel.getByText('₹472.00').first()).toBeVisible()
	await context.close()

	// Copy event: a new draft in the editor, everything but the dates filled in.
	await page.getByRole('link', { name: 'Copy event' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Copy of “${title}”` })).toBeVisible()
	await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
	await expect(page.getByLabel('Venue', { exact: true })).toHaveValue('Hall C')
	await expect(page.getByLabel('Students’ fee in rupees (empty: as the fee)')).toHaveValue('500')
	await expect(page.getByLabel('Starts (India time)')).toHaveValue('')
	await expect(page.getByLabel('Early-bird fee until (last day, India time)')).toHaveValue('')
	await expect(page.getByLabel('Published: the public sees it')).not.toBeChecked()
	await expectNoAxeViolations(page, js)
	const copyTitle = `${title} (autumn)`
	await page.getByLabel('Title', { exact: true }).fill(copyTitle)
	await page.getByLabel('Starts (India time)').fill('2031-09-10T10:00')
	await page.getByLabel('Ends (India time)').fill('2031-09-10T13:00')
	await page.getByLabel('Early-bird fee until (last day, India time)').fill('2031-09-01')
	await page.getByRole('button', { name: 'Save the copy as a draft' }).click()
	await expect(page.getByText('The copy is saved as a draft')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: copyTitle })).toBeVisible()
	await expect(page.getByText('Draft: the public does not see it')).toBeVisible()
	await expect(page.getByText('0 registered')).toBeVisible()
	expect(new URL(page.url()).pathname).not.toBe(`/office/events/${iEventId}`)
})
