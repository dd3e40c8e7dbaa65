// The accessibility statement and the privacy notice: reached from every page's footer, listed in
// the sitemap, with the branch's own particulars from the configuration, and no axe violations.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { BRANCH_ADDRESS, BRANCH_EMAIL, BRANCH_NAME, footer, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

const STATEMENTS = [
	{
		path: '/privacy',
		link: 'Privacy notice',
		title: 'Privacy notice',
		facts: ['Grievance officer', BRANCH_ADDRESS, 'Data Protection Board of India', '72 months', 'Close my account'],
	},
	{
		path: '/accessibility',
		link: 'Accessibility',
		title: 'Accessibility statement',
		facts: ['WCAG) 2.2 at level AA', 'axe-core', 'w3m', 'What is not right yet', BRANCH_EMAIL],
	},
]

for (const { path, link, title, facts } of STATEMENTS) {
	test(`${path} is in the footer and says what it must, with no accessibility violations`, async ({ page, javaScriptEnabled }) => {
		await page.goto('/events')
		await footer(page).getByRole('region', { name: 'About us' }).getByRole('link', { name: link, exact: true }).click()
		await expect(page).toHaveURL(new RegExp(`${path}$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
		await expect(page).toHaveTitle(`${title} | ${BRANCH_NAME}`)
		const main = page.getByRole('main')
		for (const fact of facts) await expect(main.getByText(fact, { exact: false }).first(), fact).toBeVisible()
		await expect(main).not.toContainText('has not published this page yet')
		await expectNoAxeViolations(page, javaScriptEnabled)
	})
}

test('the sitemap lists both statements', async ({ request }) => {
	const sitemap = await (await request.get('/sitemap.xml')).text()
	const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
	expect(paths).toEqual(expect.arrayContaining(['/privacy', '/accessibility']))
})
