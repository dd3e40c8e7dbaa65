// Events: the list with its GET filters and pages, upcoming events, one event with its
// calendar file, and the home page's sections; with JavaScript on and off.
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { BRANCH_NAME, mainNav, skipWelcomePopup } from './support/site'

const UPCOMING = [
	'Study circle: e-invoicing and the invoice management system',
	'Seminar on the new Income-tax Act',
	'Workshop on bank branch audit',
	'Post-Budget meeting: direct and indirect tax proposals',
]

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const cards = (page: Page) => page.getByRole('main').getByRole('article')
/**
 * The card titles once `count` cards have their titles (without JavaScript the page may still be
 * arriving: a card's element can be there before its heading is).
 */
async function cardTitles(page: Page, count: number) {
	const titles = cards(page).getByRole('heading')
	await expect(titles).toHaveCount(count)
	return titles.allTextContents()
}
const status = (page: Page) => page.getByRole('status')

test('the events page lists every event newest first, nine a page', async ({ page, javaScriptEnabled }) => {
	await page.goto('/events')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events')
	await expect(page).toHaveTitle(`Events | ${BRANCH_NAME}`)
	await expect(status(page)).toHaveText('12 events, page 1 of 2')
	await expect(cards(page)).toHaveCount(9)
	expect((await cardTitles(page, 9))[0]).toBe(UPCOMING[3])
	const first = cards(page).first()
	await expect(first).toContainText('3 CPE hours')
	await expect(first).toContainText('Free')
	// The first picture loads at once, the rest lazily; all have a size and variants.
	const pictures = page.getByRole('main').getByRole('img')
	await expect(pictures.first()).not.toHaveAttribute('loading', 'lazy')
	await expect(pictures.nth(3)).toHaveAttribute('loading', 'lazy')
	await expect(pictures.first()).toHaveAttribute('width', '1200')
	await expect(pictures.first()).toHaveAttribute('height', '800')
	await expect(pictures.first()).toHaveAttribute('srcset', / 480w, .+ 800w, .+ 1200w$/)
	await expectNoAxeViolations(page, javaScriptEnabled)

	await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL(/\/events\?nPage=2$/)
	await expect(status(page)).toHaveText('12 events, page 2 of 2')
	await expect(cards(page)).toHaveCount(3)
	await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
})

test('filters are a plain GET form: upcoming only, then past events in pages that keep the filters', async ({ page }) => {
	await page.goto('/events')
	await page.getByLabel('Show').selectOption('upcoming')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/sWhen=upcoming/)
	await expect(status(page)).toHaveText('4 events')
	expect(await cardTitles(page, 4)).toEqual([...UPCOMING].reverse())
	await expect(page.getByLabel('Show')).toHaveValue('upcoming')

	await page.getByLabel('Show').selectOption('past')
	await page.getByLabel('Order').selectOption('asc')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(status(page)).toHaveText('8 events')
	const past = await cardTitles(page, 8)
	expect(past[0]).toBe('Seminar on the GST annual return (GSTR-9 and GSTR-9C)')

	// Three a page (nLimit in the address): every page link keeps the filters.
	await page.goto('/events?sWhen=past&sSortOrder=asc&nLimit=3')
	await expect(status(page)).toHaveText('8 events, page 1 of 3')
	await page.getByRole('link', { name: 'Page 3' }).click()
	await expect(page).toHaveURL(/nPage=3/)
	const url = new URL(page.url())
	expect(Object.fromEntries(url.searchParams)).toEqual({ sWhen: 'past', sSortOrder: 'asc', nLimit: '3', nPage: '3' })
	await expect(status(page)).toHaveText('8 events, page 3 of 3')
	expect(await cardTitles(page, 2)).toEqual(past.slice(6))
	await page.getByRole('link', { name: 'Previous' }).click()
	await expect(status(page)).toHaveText('8 events, page 2 of 3')
	expect(await cardTitles(page, 3)).toEqual(past.slice(3, 6))
	await page.getByRole('link', { name: 'Clear' }).click()
	await expect(page).toHaveURL(/\/events$/)
	await expect(status(page)).toHaveText('12 events, page 1 of 2')
})

test('filter by month (India time) and by text, including %', async ({ page, request }) => {
	const answer = await request.get('/api/events/upcoming/v1?nLimit=2')
	const event = ((await answer.json()) as { data: { aItems: Array<{ sTitle: string; dStartDate: string }> } }).data.aItems[1]!
	const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date(event.dStartDate))
	const label = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`))

	await page.goto('/events')
	await page.getByLabel('Month').selectOption({ label })
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(new RegExp(`sMonth=${month}`))
	const inMonth = await request.get(`/api/events/list/v1?sMonth=${month}`)
	const total = ((await inMonth.json()) as { data: { nTotal: number } }).data.nTotal
	expect(await cardTitles(page, total)).toContain(event.sTitle)

	await page.getByRole('link', { name: 'Clear' }).click()
	// The form follows the address: typing before Clear has landed would be reset by it.
	await expect(page).toHaveURL(/\/events$/)
	await page.getByLabel('Search').fill('100%')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/sSearch=100%25/)
	await expect(status(page)).toHaveText('1 event')
	expect(await cardTitles(page, 1)).toEqual(['Workshop on tax audit: Form 3CD clause by clause'])
	await expect(page.getByLabel('Search')).toHaveValue('100%')

	await page.getByLabel('Search').fill('no such "topic"')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(status(page)).toHaveText('No events match these filters.')
	await expect(cards(page)).toHaveCount(0)
})

test('a hand-edited address gets a message beside the filter, not a failure', async ({ page, javaScriptEnabled }) => {
	const response = await page.goto('/events?sMonth=2026-13&nPage=abc')
	expect(response?.status()).toBe(400)
	await expect(page.getByText('Month must be a year and month like 2026-04.')).toBeVisible()
	await expect(page.getByText('Page must be a whole number.')).toBeVisible()
	await expect(page.getByLabel('Month')).toHaveAttribute('aria-invalid', 'true')
	await expectNoAxeViolations(page, javaScriptEnabled)
	const beyond = await page.goto('/events?nPage=7')
	expect(beyond?.status()).toBe(200)
	await expect(page.getByText('There is no page 7.')).toBeVisible()
})

test('upcoming events, soonest first, lead to an event’s details', async ({ page, javaScriptEnabled }) => {
	await page.goto('/events')
	await page.getByRole('link', { name: 'Upcoming events only' }).click()
	await expect(page).toHaveURL(/\/events\/upcoming-events$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming events')
	expect(await cardTitles(page, 4)).toEqual(UPCOMING)
	await expectNoAxeViolations(page, javaScriptEnabled)

	await page.getByRole('link', { name: UPCOMING[1] }).click()
	await expect(page).toHaveURL(/\/events\/event-details\/\d+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(UPCOMING[1]!)
	await expect(page).toHaveTitle(`${UPCOMING[1]} | ${BRANCH_NAME}`)
	const facts = page.getByRole('main').getByRole('definition')
	await expect(facts.nth(0)).toHaveText(/^\w{3}, \d{1,2} \w{3,4} \d{4}, 10:00 am – 5:00 pm IST$/)
	await expect(facts.nth(1)).toContainText('Jangli Maharaj Road, Shivajinagar, Pune 411005')
	await expect(page.getByRole('link', { name: 'Open the venue in a map' })).toHaveAttribute(
		'href',
		/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Hotel%20Sahyadri%20Residency/,
	)
	await expect(facts.nth(2)).toHaveText('6 CPE hours')
	await expect(facts.nth(3)).toHaveText('₹1,000 + GST')
	await expect(page.getByRole('heading', { name: 'Speakers' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText('Adv. Ketaki Rane')
	const cover = page.getByRole('main').getByRole('img').first()
	await expect(cover).toHaveAttribute('alt', /^Drawing of Hotel Sahyadri Residency/)
	await expect(cover).toHaveAttribute('width', '1200')
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('"Add to calendar" downloads an iCalendar file', async ({ page }) => {
	await page.goto('/events/upcoming-events')
	await page.getByRole('link', { name: UPCOMING[0] }).click()
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('study-circle-e-invoicing-and-the-invoice-management-system.ics')
	// Long lines are folded (RFC 5545 §3.1): unfold before reading.
	const ics = readFileSync((await download.path())!, 'utf8').replace(/\r\n /g, '')
	expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
	expect(ics).toContain('SUMMARY:Study circle: e-invoicing and the invoice management system\r\n')
	expect(ics).toMatch(/DTSTART:\d{8}T123000Z\r\n/)
	expect(ics).toContain('LOCATION:Accountants’ Bhavan\\, Hall 2\\, 14 Tilak Road\\, Sadashiv Peth\\, Pune 411030')

	const response = await page.request.get(`${new URL(page.url()).pathname}/calendar`)
	expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
	expect(response.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/)
})

for (const path of ['/events/event-details/999999', '/events/event-details/abc', '/events/event-details/-1', '/events/event-details/999999/calendar']) {
	test(`${path} is not found, inside the layout`, async ({ page, javaScriptEnabled }) => {
		const response = await page.goto(path)
		expect(response?.status()).toBe(404)
		if (path.endsWith('/calendar')) return
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
		await expect(mainNav(page)).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
	})
}

test('home shows the next three events and the chairman’s message', async ({ page, javaScriptEnabled }) => {
	await page.goto('/')
	const upcoming = page.getByRole('region', { name: 'Upcoming events' })
	await expect(upcoming.getByRole('article').getByRole('heading')).toHaveText(UPCOMING.slice(0, 3))
	await expect(upcoming.getByRole('link', { name: 'All 4 upcoming events' })).toHaveAttribute('href', '/events/upcoming-events')
	const message = page.getByRole('region', { name: "Chairman's message" })
	await expect(message).toContainText('CA Aniruddha Kulkarni')
	await expect(message.getByRole('img', { name: 'Portrait of CA Aniruddha Kulkarni' })).toHaveAttribute('loading', 'lazy')
	await expectNoAxeViolations(page, javaScriptEnabled)
	await message.getByRole('link', { name: 'Read the full message from CA Aniruddha Kulkarni' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText("Chairman's message")
})
