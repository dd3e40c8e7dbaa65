// Committees and people's messages, with JavaScript on and off.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { BRANCH_NAME, mainNav, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('the committees page lists three committees and ten people with portraits and terms', async ({ page, javaScriptEnabled }) => {
	await page.goto('/managing-committee')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Committees')
	await expect(page).toHaveTitle(`Committees | ${BRANCH_NAME}`)
	const committees = page.getByRole('main').getByRole('heading', { level: 2 })
	await expect(committees).toHaveText([/^Managing Committee/, 'Direct Taxes Committee', 'Indirect Taxes (GST) Committee'])
	const people = page.getByRole('main').getByRole('article')
	await expect(people).toHaveCount(10)
	await expect(people.first()).toContainText('CA Aniruddha Kulkarni')
	await expect(people.first()).toContainText('Chairman')
	await expect(people.first()).toContainText('Term: Feb 2025 – Feb 2027')
	const portrait = page.getByRole('img', { name: 'Portrait of CA Aniruddha Kulkarni' })
	await expect(portrait).toHaveAttribute('width', '320')
	await expect(portrait).toHaveAttribute('height', '320')
	await expect(portrait).toHaveAttribute('srcset', /\/media\/committees\/[\w-]+\.jpg 160w, .+ 320w$/)
	// Portraits of the committees further down load only when scrolled near.
	await expect(page.getByRole('img', { name: 'Portrait of CA Omkar Jadhav' })).toHaveAttribute('loading', 'lazy')
	await expect(page.getByRole('link', { name: /^Read the message/ })).toHaveCount(3)
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a person’s message opens from the committees page', async ({ page, javaScriptEnabled }) => {
	await page.goto('/managing-committee')
	await page.getByRole('link', { name: 'Read the message from CA Aniruddha Kulkarni' }).click()
	await expect(page).toHaveURL(/\/message-content\/\d+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText("Chairman's message")
	await expect(page).toHaveTitle(`Chairman's message | ${BRANCH_NAME}`)
	await expect(page.getByRole('main')).toContainText('Chairman, Managing Committee 2025–27')
	await expect(page.getByRole('main')).toContainText('It is a privilege to serve the branch as its chairman.')
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page.getByRole('main').getByRole('link', { name: 'Committees' }).click()
	await expect(page).toHaveURL(/\/managing-committee$/)
})

for (const path of ['/message-content/999999', '/message-content/abc', '/message-content/0', '/message-content/12x']) {
	test(`${path} is not found, inside the layout`, async ({ page, javaScriptEnabled }) => {
		const response = await page.goto(path)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
		await expect(mainNav(page)).toBeVisible()
		await expect(page.getByRole('contentinfo')).toBeVisible()
		await expectNoAxeViolations(page, javaScriptEnabled)
	})
}

test('a committee member without a message has no message page', async ({ page, request }) => {
	const answer = await request.get('/api/committees/list/v1')
	const { data } = (await answer.json()) as { data: Array<{ aPeople: Array<{ iPersonId: number; sRole: string; bHasMessage: boolean }> }> }
	const treasurer = data.flatMap((committee) => committee.aPeople).find((person) => person.sRole === 'Treasurer')
	expect(treasurer?.bHasMessage).toBe(false)
	const response = await page.goto(`/message-content/${treasurer?.iPersonId}`)
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
})
