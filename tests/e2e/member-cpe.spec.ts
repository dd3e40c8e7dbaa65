// The CPE ledger as a member uses it, with JavaScript on and off: hours credited for an event the
// member attended (the test makes it, the office marks attendance) beside hours they recorded, with
// the certificate; recording and deleting hours. Each test is a fresh member of its own.
import { type Page } from '@playwright/test'
import { CPE_MESSAGES } from '../../app/contract/cpe'
import { accountToken, registerForEvent, scriptsReady, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, markAttended, moveEventToPast } from './support/office'
import { skipWelcomePopup } from './support/site'

test.use({ signedIn: 'member' })

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
const main = (page: Page) => page.getByRole('main')
const row = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text })

async function recordHours(page: Page, fields: { date?: string; hours?: string; description?: string }) {
	if (fields.date !== undefined) await main(page).getByLabel('Date', { exact: true }).fill(fields.date)
	if (fields.hours !== undefined) await main(page).getByLabel('Hours', { exact: true }).fill(fields.hours)
	if (fields.description !== undefined) await main(page).getByLabel('What did you learn?').fill(fields.description)
	await page.getByRole('button', { name: 'Record hours' }).click()
}

test('the ledger: progress, both kinds of hours by year; a certificate download', async ({ page, request, account, adminToken, javaScriptEnabled }) => {
	// The member attended a study circle yesterday, and recorded self-study in March last year.
	const event = { title: `Study circle: leases ${unique()}`, start: new Date(Date.now() + 10 * 86_400_000), nCpeHours: 2 }
	const iEventId = await createEventAsStaff(request, adminToken, event)
	const token = await accountToken(request, account)
	const { iRegistrationId } = await registerForEvent(request, account, iEventId, token)
	await moveEventToPast(request, adminToken, iEventId, event)
	await markAttended(request, adminToken, iEventId, [iRegistrationId])
	const lastYear = Number(indiaToday().slice(0, 4)) - 1
	const entry = { dActivityDate: `${lastYear}-03-14`, nHours: 3, sDescription: 'Self-study: Standards on Auditing 700 series' }
	const recorded = await request.post('/api/member/cpe/entries/v1', { headers: { authorization: token }, data: entry })
	expect(recorded.status(), await recorded.text()).toBe(201)

	await page.goto('/member/cpe')
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { level: 1, name: 'CPE hours' })).toBeVisible()
	await expect(main(page).getByText(`Welcome, ${account.name}.`)).toBeVisible()
	await expect(main(page).getByText(/of 120 hours in the block \d{4}–\d{4}/)).toBeVisible()
	await expect(main(page).getByRole('progressbar', { name: /Hours in the block/ })).toBeVisible()
	await expect(main(page).getByRole('progressbar', { name: /Hours in \d{4}$/ })).toBeVisible()

	const attended = row(page, event.title)
	await expect(attended.getByRole('cell', { name: 'Structured', exact: true })).toBeVisible()
	await expect(attended.getByRole('link', { name: /Certificate/ })).toBeVisible()
	await expect(main(page).getByRole('heading', { level: 4, name: String(lastYear) })).toBeVisible()
	const selfStudy = row(page, entry.sDescription)
	await expect(selfStudy).toContainText(`14 March ${lastYear}`)
	await expect(selfStudy.getByRole('cell', { name: 'Unstructured', exact: true })).toBeVisible()
	await expect(selfStudy.getByRole('link', { name: /Delete/ })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	const link = attended.getByRole('link', { name: /Certificate/ })
	const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
	expect(download.suggestedFilename()).toBe(`cpe-certificate-${iRegistrationId}.pdf`)
	const answer = await page.request.get((await link.getAttribute('href'))!)
	expect(answer.status()).toBe(200)
	expect(answer.headers()['content-type']).toBe('application/pdf')
	expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-')

	const missing = await page.goto('/member/cpe/certificate/999999')
	expect(missing?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a member records hours: errors beside the fields, values kept, then the entry in the ledger', async ({ page, javaScriptEnabled }) => {
	await page.goto('/member/cpe')
	await scriptsReady(page, javaScriptEnabled)
	const year = indiaToday().slice(0, 4)
	await expect(main(page).getByText(`No hours recorded in ${year}.`)).toBeVisible()
	const description = main(page).getByLabel('What did you learn?')

	if (javaScriptEnabled) {
		// The same schema checks the form in the browser before anything is sent.
		await page.getByRole('button', { name: 'Record hours' }).click()
		await expect(main(page).getByLabel('Date', { exact: true })).toHaveAccessibleDescription(/Date is required/)
		await expect(main(page).getByLabel('Hours', { exact: true })).toHaveAccessibleDescription(/Hours are required/)
	}
	// Spaces pass the browser's own checks; the schema trims them (in the browser, or on the server without JavaScript).
	await recordHours(page, { date: indiaToday(), hours: '8', description: '   ' })
	await expect(description).toHaveAccessibleDescription(/Description is required/)
	await expect(main(page).getByLabel('Hours', { exact: true })).toHaveValue('8')
	await expect(main(page).getByLabel('Date', { exact: true })).toHaveValue(indiaToday())

	await recordHours(page, { description: 'E-learning: Standards on Auditing, module 3' })
	await expect(page.getByText(CPE_MESSAGES.entryAdded)).toBeVisible()
	const added = row(page, 'E-learning: Standards on Auditing, module 3')
	await expect(added).toContainText('8')
	await expect(added.getByRole('cell', { name: 'Unstructured', exact: true })).toBeVisible()
	await expect(main(page).getByText(new RegExp(`^8 of 20 hours in ${year}`))).toBeVisible()
	await expect(description).toHaveValue('')

	// Only the server knows what the day already holds: its answer lands beside the field too.
	await recordHours(page, { date: indiaToday(), hours: '4.5', description: 'Evening reading' })
	await expect(main(page).getByLabel('Hours', { exact: true })).toHaveAccessibleDescription(/already recorded 8 hours for that day/)
	await expect(description).toHaveValue('Evening reading')
	await expect(main(page).getByLabel('Hours', { exact: true })).toHaveValue('4.5')
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a member deletes an entry after confirming it', async ({ page, javaScriptEnabled }) => {
	await page.goto('/member/cpe')
	await scriptsReady(page, javaScriptEnabled)
	await recordHours(page, { date: indiaToday(), hours: '1.5', description: 'Podcast on GST appeals' })
	await expect(page.getByText(CPE_MESSAGES.entryAdded)).toBeVisible()
	const entry = row(page, 'Podcast on GST appeals')

	await entry.getByRole('link', { name: /Delete/ }).click()
	const dialog = page.getByRole('dialog', { name: 'Delete this entry?' })
	await expect(dialog).toContainText('1.5 hours: Podcast on GST appeals')
	await expectNoAxeViolations(page, javaScriptEnabled)
	await dialog.getByRole('link', { name: 'Keep it' }).click()
	await expect(dialog).toBeHidden()
	await expect(entry).toBeVisible()
	// With scripts the page stays: what is half typed for new hours outlives the delete's reload of the ledger.
	const description = main(page).getByLabel('What did you learn?')
	if (javaScriptEnabled) await description.fill('Half-typed note')

	await entry.getByRole('link', { name: /Delete/ }).click()
	await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click()
	await expect(page.getByText(CPE_MESSAGES.entryDeleted)).toBeVisible()
	await expect(entry).toHaveCount(0)
	await expect(page).toHaveURL(/\/member\/cpe$/)
	if (javaScriptEnabled) await expect(description).toHaveValue('Half-typed note')
})
