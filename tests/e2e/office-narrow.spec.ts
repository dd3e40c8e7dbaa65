// The office on a phone: at 375 px no office page is wider than the screen. Wide tables scroll
// inside their own region; the page as a whole never scrolls sideways. Every page in the office
// navigation is checked, with the first record each list links to (an event, its registrations, a
// payment, an account, an issue, an album, a committee, a page, an announcement).
import { expect, test } from './support/fixtures'
import { officeSignIn } from './support/office'

test.use({ viewport: { width: 375, height: 800 } })

/** A list page's links to one of its records: confirmation pages, new-record forms and downloads left out. */
function recordLinks(hrefs: string[], listPath: string) {
	return hrefs.filter((href) => href.startsWith(`${listPath}/`) && !/\/(new|delete|cancel|withdraw)$|[?.]/.test(href))
}

test('no office page is wider than a 375 px phone', async ({ page, officeUser }) => {
	test.slow()
	await officeSignIn(page, await officeUser('admin'))
	// On a phone the office's links fold under Menu.
	await page.getByRole('navigation', { name: 'Office' }).getByText('Menu', { exact: true }).click()
	const navPaths = await page
		.getByRole('navigation', { name: 'Office' })
		.getByRole('link')
		.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
	expect(navPaths).toEqual(expect.arrayContaining(['/office', '/office/events', '/office/payments', '/office/accounts', '/office/staff']))

	const paths = new Set<string>()
	for (const listPath of navPaths) {
		paths.add(listPath)
		if (listPath === '/office') continue
		await page.goto(listPath)
		const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
		// One record of each kind a list links to: /office/events/9 and /office/events/9/registrations.
		const kinds = new Map<string, string>()
		for (const href of recordLinks(hrefs, listPath)) {
			const kind = href.replace(/\d+/g, 'N')
			if (!kinds.has(kind)) kinds.set(kind, href)
		}
		for (const href of kinds.values()) paths.add(href)
	}
	expect([...paths]).toEqual(
		expect.arrayContaining([expect.stringMatching(/^\/office\/events\/\d+\/registrations$/), expect.stringMatching(/^\/office\/payments\/\d+$/)]),
	)

	const tooWide: string[] = []
	for (const path of paths) {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		const { scrollWidth, clientWidth } = await page.evaluate(() => ({
			scrollWidth: document.documentElement.scrollWidth,
			clientWidth: document.documentElement.clientWidth,
		}))
		if (scrollWidth > clientWidth) tooWide.push(`${path}: ${scrollWidth} px in ${clientWidth} px`)
	}
	expect(tooWide, 'office pages that scroll sideways at 375 px').toEqual([])
})
