// The footer's newsletter form (spec §3, §5, §8): on every page, the spec's messages, a 6-character
// membership number, a Success or Error dialog with the server's message, back on the same page.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { SUBSCRIBE_RATE_LIMITS, SUBSCRIBED_MESSAGE } from '~/contract/newsletters'
import { expectNoAxeViolations } from './support/axe'
import { footer, skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

/** The colour of a dialog's title as [red, green, blue] (the browser converts the stylesheet's colour). */
function titleColour(dialog: Locator) {
	return dialog.getByRole('heading').evaluate((heading) => {
		const context = document.createElement('canvas').getContext('2d')!
		context.fillStyle = getComputedStyle(heading).color
		context.fillRect(0, 0, 1, 1)
		return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)]
	})
}

const newsletterForm = (page: Page) => footer(page).getByRole('region', { name: 'Newsletter' })
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`

async function fill(page: Page, values: { name?: string; number?: string; email?: string }) {
	const form = newsletterForm(page)
	if (values.name !== undefined) await form.getByLabel('Name').fill(values.name)
	if (values.number !== undefined) await form.getByLabel('Membership number').fill(values.number)
	if (values.email !== undefined) await form.getByLabel('Email').fill(values.email)
}

/** Submits the form. Without JavaScript the button is always enabled; with it, only for valid values. */
async function submit(page: Page) {
	await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click()
}

function subscribeThroughApi(request: APIRequestContext, email: string) {
	return request.post('/api/newsletter/subscribe/v1', { data: { sFullName: 'Test Member', sMembershipNumber: '123456', sEmail: email } })
}

test('every page has the form, with its three labelled fields and a 6-character membership number', async ({ page }) => {
	for (const path of ['/', '/gallery', '/newsletters', '/about']) {
		await page.goto(path)
		const form = newsletterForm(page)
		await expect(form.getByLabel('Name')).toBeVisible()
		await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email')
		const number = form.getByLabel('Membership number')
		await expect(number).toHaveAttribute('maxlength', '6')
		await number.fill('12345678')
		await expect(number).toHaveValue('123456')
	}
})

test('empty fields get the spec messages beside them', async ({ page, javaScriptEnabled }) => {
	await page.goto('/gallery')
	const form = newsletterForm(page)
	const button = form.getByRole('button', { name: 'Subscribe' })
	if (javaScriptEnabled) {
		// The button waits for valid values; leaving each field empty shows its message.
		await expect(button).toBeDisabled()
		for (const label of ['Name', 'Membership number', 'Email']) {
			await form.getByLabel(label).focus()
			await form.getByLabel(label).blur()
		}
	} else {
		await expect(button).toBeEnabled()
		await submit(page)
		await expect(page).toHaveURL(/\/gallery#newsletter$/)
	}
	await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required')
	await expect(form.getByLabel('Membership number')).toHaveAccessibleDescription('MembershipNumber is required')
	await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required')
	await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a malformed e-mail is "Invalid email format"; the other values are kept', async ({ page, javaScriptEnabled }) => {
	await page.goto('/newsletters')
	await fill(page, { name: 'Asha Kulkarni', number: '123456', email: 'asha.example.org' })
	const form = newsletterForm(page)
	if (javaScriptEnabled) {
		await form.getByLabel('Email').blur()
		await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
	} else await submit(page)
	await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format')
	await expect(form.getByLabel('Name')).toHaveValue('Asha Kulkarni')
	await expect(form.getByLabel('Membership number')).toHaveValue('123456')
	await expect(form.getByLabel('Email')).toHaveValue('asha.example.org')
	await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')

	// Correcting it clears the message (with JavaScript as it is typed, without it on the next post).
	await fill(page, { email: 'asha@example.org' })
	if (javaScriptEnabled) {
		await expect(form.getByLabel('Email')).not.toHaveAccessibleDescription('Invalid email format')
		await expect(form.getByRole('button', { name: 'Subscribe' })).toBeEnabled()
	}
})

test('success: a green "Success" dialog with the server message, the form cleared, the visitor still on their page', async ({ page, javaScriptEnabled }) => {
	await page.goto('/newsletters?year=2026')
	await fill(page, { name: 'Ravi Deshpande', number: '654321', email: uniqueEmail('success') })
	await submit(page)
	const dialog = page.getByRole('dialog', { name: 'Success' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText(SUBSCRIBED_MESSAGE)
	const [red, green] = await titleColour(dialog)
	expect(green).toBeGreaterThan(red! + 40)
	await expect(page).toHaveURL(/\/newsletters\?year=2026(#newsletter)?$/)
	const form = newsletterForm(page)
	for (const label of ['Name', 'Membership number', 'Email']) await expect(form.getByLabel(label)).toHaveValue('')
	await expectNoAxeViolations(page, javaScriptEnabled)

	await dialog.getByRole('button', { name: 'Close' }).click()
	await expect(dialog).toBeHidden()
	if (javaScriptEnabled) await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
})

test('failure: a red "Error" dialog with the server message (too many tries for one e-mail)', async ({ page, request, javaScriptEnabled }) => {
	const email = uniqueEmail('limited')
	for (let i = 0; i < SUBSCRIBE_RATE_LIMITS.perEmail.limit; i++) expect((await subscribeThroughApi(request, email)).status()).toBe(200)
	await page.goto('/gallery')
	await fill(page, { name: 'Meera Joshi', number: '111222', email })
	await submit(page)
	const dialog = page.getByRole('dialog', { name: 'Error' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText(/^ErrorToo many attempts\. Please try again in \d+ minutes?\.Close$/)
	const [red, green] = await titleColour(dialog)
	expect(red).toBeGreaterThan(green! + 40)
	await expect(page).toHaveURL(/\/gallery(#newsletter)?$/)
	// The values stay, to try again later.
	await expect(newsletterForm(page).getByLabel('Email')).toHaveValue(email)
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a post that fills the hidden honeypot field is answered as a success and never reaches the list', async ({ page, request }) => {
	await page.goto('/gallery')
	const honeypot = newsletterForm(page).getByLabel('Leave this field empty')
	await expect(honeypot).toHaveAttribute('tabindex', '-1')
	await expect(honeypot).toHaveAttribute('autocomplete', 'off')

	const email = uniqueEmail('bot')
	const limit = SUBSCRIBE_RATE_LIMITS.perEmail.limit
	for (let i = 0; i <= limit; i++) {
		const response = await request.post('/newsletter/subscribe', {
			form: { sFullName: 'Bot', sMembershipNumber: '1', sEmail: email, sWebsite: 'https://spam.example', sReturnPath: '/gallery' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
		expect(response.headers()['location']).toBe('/gallery#newsletter')
	}
	// Had any of those reached the API, this e-mail would now be over its limit.
	expect((await subscribeThroughApi(request, email)).status()).toBe(200)
})

test('the return path never leaves the site', async ({ request }) => {
	for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
		const response = await request.post('/newsletter/subscribe', { form: { sFullName: '', sReturnPath: evil }, maxRedirects: 0 })
		expect(response.status()).toBe(302)
		expect(response.headers()['location']).toBe('/#newsletter')
	}
})
