// The newsletter archive (spec §2): filters by year, month and text in a plain GET form,
// pages, and each issue's cover and PDF to read or download.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { NewsletterIssue, NewsletterListPage } from '~/contract/newsletters'
import { expectNoAxeViolations } from './support/axe'

/** Every seeded issue, newest first, as the branch API lists them. */
async function allIssues(request: APIRequestContext) {
	const response = await request.get('/api/newsletters/list/v1?oPaging[nPageSize]=24')
	return ((await response.json()) as { data: NewsletterListPage }).data.aItems
}

const pdfAddress = (issue: NewsletterIssue) => new RegExp(`/media/${issue.sPdfPath}$`)

const issueCards = (page: Page) => page.getByRole('main').getByRole('article')

test('/newsletters shows the newest issues a page at a time, each with its cover and PDF', async ({ page, request, javaScriptEnabled }) => {
	const issues = await allIssues(request)
	expect(issues).toHaveLength(12)
	await page.goto('/newsletters')
	await expect(page).toHaveTitle(/^Newsletters \| /)
	await expect(page.getByRole('status')).toHaveText('12 issues')
	const cards = issueCards(page)
	await expect(cards).toHaveCount(6)
	await expect(cards.getByRole('heading', { level: 2 })).toHaveText(issues.slice(0, 6).map((i) => i.sTitle))
	const first = cards.first()
	await expect(first.locator('img')).toHaveAttribute('srcset', /170w, .+ 340w$/)
	await expect(first.locator('img')).toHaveAttribute('height', '480')
	await expect(first.getByRole('link', { name: /^Read / })).toHaveAttribute('href', pdfAddress(issues[0]!))
	await expect(first.getByRole('link', { name: /^Download / })).toHaveAttribute('download', `Branch-Bulletin-${issues[0]!.dDate.slice(0, 7)}.pdf`)
	await expectNoAxeViolations(page, javaScriptEnabled)

	const pages = page.getByRole('navigation', { name: 'Pages' })
	await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
	await pages.getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL(/\/newsletters\?nPage=2$/)
	await expect(cards.getByRole('heading', { level: 2 })).toHaveText(issues.slice(6).map((i) => i.sTitle))
	await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0)
	await pages.getByRole('link', { name: 'Previous' }).click()
	await expect(cards).toHaveCount(6)
	await expect(cards.first().getByRole('heading')).toHaveText(issues[0]!.sTitle)
})

test('a PDF opens in the browser (its own content type, cached for good) and downloads under a clear name', async ({ page, request }) => {
	await page.goto('/newsletters')
	const read = issueCards(page)
		.first()
		.getByRole('link', { name: /^Read / })
	const response = await request.get((await read.getAttribute('href'))!)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect(response.headers()['content-disposition']).toBeUndefined()
	expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(response.headers()['x-content-type-options']).toBe('nosniff')
	const body = await response.body()
	expect(body.subarray(0, 5).toString()).toBe('%PDF-')
	expect(body.length).toBeLessThan(20_000)

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		issueCards(page)
			.first()
			.getByRole('link', { name: /^Download / })
			.click(),
	])
	expect(download.suggestedFilename()).toMatch(/^Branch-Bulletin-\d{4}-\d{2}\.pdf$/)
})

test('the filter form narrows by year and month, keeps its values, and Clear shows all again', async ({ page, request, javaScriptEnabled }) => {
	const issues = await allIssues(request)
	const target = issues[3]!
	const [year, month] = target.dDate.split('-').map(Number) as [number, number]
	await page.goto('/newsletters')
	const form = page.getByRole('search', { name: 'Filter newsletters' })
	await form.getByLabel('Year').selectOption(String(year))
	await form.getByLabel('Month').selectOption(String(month))
	await form.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(new RegExp(`\\?nYear=${year}&nMonth=${month}&sSearch=$`))
	await expect(page.getByRole('status')).toHaveText('1 issue match')
	await expect(issueCards(page).getByRole('heading')).toHaveText([target.sTitle])
	await expect(form.getByLabel('Year')).toHaveValue(String(year))
	await expect(form.getByLabel('Month')).toHaveValue(String(month))
	await expectNoAxeViolations(page, javaScriptEnabled)

	await form.getByLabel('Month').selectOption('')
	await form.getByRole('button', { name: 'Filter' }).click()
	const inYear = issues.filter((i) => i.dDate.startsWith(`${year}-`)).length
	await expect(page.getByRole('status')).toHaveText(`${inYear} ${inYear === 1 ? 'issue' : 'issues'} match`)

	await page.getByRole('link', { name: 'Clear' }).click()
	await expect(page).toHaveURL(/\/newsletters$/)
	await expect(page.getByRole('status')).toHaveText('12 issues')
})

test('the text filter searches titles and contents; wildcards and quotes are plain text', async ({ page }) => {
	await page.goto('/newsletters')
	const form = page.getByRole('search', { name: 'Filter newsletters' })
	await form.getByLabel('Search').fill('GST update')
	await form.getByLabel('Search').press('Enter')
	await expect(page.getByRole('status')).toHaveText('2 issues match')
	await expect(form.getByLabel('Search')).toHaveValue('GST update')
	for (const text of ['%', '_', '"quoted"', "it's"]) {
		await form.getByLabel('Search').fill(text)
		await form.getByRole('button', { name: 'Filter' }).click()
		await expect(page.getByRole('status')).toHaveText('No issues match these filters.')
		await expect(issueCards(page)).toHaveCount(0)
	}
})

test('parameters the API would refuse are ignored, not an error page', async ({ page }) => {
	const response = await page.goto('/newsletters?nYear=abc&nMonth=13&nPage=-4&sSearch=' + 'x'.repeat(300))
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('status')).toHaveText('12 issues')
	const beyond = await page.goto('/newsletters?nPage=99')
	expect(beyond?.status()).toBe(200)
	await expect(page.getByRole('status')).toHaveText('12 issues')
	await expect(issueCards(page)).toHaveCount(0)
	await page.getByRole('link', { name: 'Go to the first page' }).click()
	await expect(issueCards(page)).toHaveCount(6)
})
