// Profiles as a person uses them (spec §2, §3, §7): shown, updated in the same form, a member's
// new picture through the pre-signed upload; the state's cities without JavaScript.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { ACCOUNT_MESSAGES } from '../../app/contract/accounts'
import { createAccount, scriptsReady, signInAs } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('a member updates the profile and the picture', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account, '/member/login?redirectTo=/member/profile')
	await expect(page).toHaveURL(/\/member\/profile$/)
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByText(account.number)).toBeVisible()
	await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue(account.name)
	await expect(page.getByRole('main').getByLabel('City or district')).toHaveValue('Pune')
	await expectNoAxeViolations(page, javaScriptEnabled)

	await page.getByRole('main').getByLabel('Full name').fill('Renamed Member')
	await page.getByRole('main').getByLabel('Mobile number').fill('9123400000')
	await page.getByRole('main').getByLabel('State or union territory').selectOption({ label: 'Goa' })
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Show cities' }).click()
	await expect(page.getByRole('main').getByLabel('City or district').locator('option', { hasText: 'Panaji' })).toBeAttached()
	await page.getByRole('main').getByLabel('City or district').selectOption('Panaji')
	const picture = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#aa3366' } })
		.jpeg()
		.toBuffer()
	await page
		.getByRole('main')
		.getByLabel(/Profile picture/)
		.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: picture })
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.profileUpdated)).toBeVisible()
	await page.reload()
	await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue('Renamed Member')
	await expect(page.getByRole('main').getByLabel('City or district')).toHaveValue('Panaji')
	const image = page.getByRole('img', { name: 'Your profile picture' })
	await expect(image).toBeVisible()
	// Stored re-encoded and capped, served with nosniff.
	expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)
	const served = await request.get((await image.getAttribute('src'))!)
	expect(served.headers()['x-content-type-options']).toBe('nosniff')
})

test('a file that is not a picture is refused beside the field', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'member')
	await signInAs(page, account, '/member/login?redirectTo=/member/profile')
	await scriptsReady(page, javaScriptEnabled)
	await page
		.getByRole('main')
		.getByLabel(/Profile picture/)
		.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') })
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('The picture must be a JPEG, PNG or WebP image.')).toBeVisible()
})

test('a student updates the profile', async ({ page, request, javaScriptEnabled }) => {
	const account = await createAccount(request, 'student')
	await signInAs(page, account)
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	await scriptsReady(page, javaScriptEnabled)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('Course').selectOption('Final')
	await page.getByRole('main').getByLabel('Mobile number').fill('12')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Mobile number is 10 digits (optionally after +91)')).toBeVisible()
	await page.getByRole('main').getByLabel('Mobile number').fill('9000000002')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.profileUpdated)).toBeVisible()
	await page.reload()
	await expect(page.getByRole('main').getByLabel('Course')).toHaveValue('Final')
	await expect(page.getByRole('main').getByLabel('Mobile number')).toHaveValue('9000000002')
})
