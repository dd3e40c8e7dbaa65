// Sign-up as a person does it (spec §2, §3, §5): the form, the OTP mailed to a real SMTP server,
// values kept between steps, the state's cities without JavaScript, a member's picture.
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { ACCOUNT_MESSAGES } from '../../app/contract/accounts'
import { DEMO_MEMBER, mailsTo, readOtp, scriptsReady, signInAs, unique, uniqueMembershipNumber } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

/** Picks a state and one of its cities: "Show cities" without JavaScript, the live list with it. */
async function choosePlace(page: Page, javaScriptEnabled: boolean, state: string, city: string) {
	await page.getByRole('main').getByLabel('State or union territory').selectOption({ label: state })
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Show cities' }).click()
	await expect(page.getByRole('main').getByLabel('City or district').locator('option', { hasText: city }).first()).toBeAttached()
	await page.getByRole('main').getByLabel('City or district').selectOption(city)
}

async function fillPasswords(page: Page, password: string) {
	await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('main').getByLabel('Confirm password').fill(password)
}

test('a member signs up with a picture, the OTP from the e-mail, then signs in', async ({ page, javaScriptEnabled }) => {
	const id = unique()
	const email = `New.Member.${id}@E2E.example.org`
	const number = uniqueMembershipNumber()
	const password = `member pass ${id}`
	await page.goto('/register')
	await scriptsReady(page, javaScriptEnabled)
	await expect(page.getByRole('heading', { name: 'Member sign up' })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	await page.getByRole('main').getByLabel('Full name').fill('Nisha Patil')
	await page.getByRole('main').getByLabel('Membership number').fill(number)
	await page.getByRole('main').getByLabel('Firm or company name').fill('Patil & Sons')
	await page.getByRole('main').getByLabel('I have a GST number').check()
	await page.getByRole('main').getByLabel('GST number (if you have one)').fill('27AAPFU0939F1ZV')
	await page.getByRole('main').getByLabel('Confirm GST number').fill('27AAPFU0939F1ZV')
	await page.getByRole('main').getByLabel('On WhatsApp').check()
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email)
	await page.getByRole('main').getByLabel('Mobile number').fill('9811122233')
	await page.getByRole('main').getByLabel('Date of birth').fill('1988-11-30')
	await choosePlace(page, javaScriptEnabled, 'Karnataka', 'Mysuru')
	// The state's cities came without losing what was typed.
	await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue('Nisha Patil')
	const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#3366aa' } })
		.png()
		.toBuffer()
	await page
		.getByRole('main')
		.getByLabel(/Profile picture/)
		.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture })
	await fillPasswords(page, password)

	let since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	// The code alone is asked for; what was typed is kept on the server, passwords never in the page.
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await expect(page.getByText(`We sent a one-time password to ${email}`)).toBeVisible()
	expect(await page.content()).not.toContain(password)
	await expectNoAxeViolations(page, javaScriptEnabled)

	// "Change details" brings the form back as it was typed, passwords to be typed again.
	await page.getByRole('button', { name: 'Change details' }).click()
	await expect(page.getByRole('main').getByLabel('Membership number')).toHaveValue(number)
	await expect(page.getByRole('main').getByLabel('City or district')).toHaveValue('Mysuru')
	await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveValue('')
	await page
		.getByRole('main')
		.getByLabel(/Profile picture/)
		.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture })
	await fillPasswords(page, password)
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(`We sent a one-time password to ${email}`)).toBeVisible()

	// "Resend code" mails a new one; the newest code registers.
	since = Date.now()
	await page.getByRole('button', { name: 'Resend code' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	const otp = await readOtp(email.toLowerCase(), since)
	await page
		.getByRole('main')
		.getByLabel('OTP from the e-mail')
		.fill(otp.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)))
	await page.getByRole('button', { name: 'Register' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.wrongOtp)).toBeVisible()
	await page.getByRole('main').getByLabel('OTP from the e-mail').fill(otp)
	await page.getByRole('button', { name: 'Register' }).click()

	await expect(page).toHaveURL(/\/member\/login$/)
	await expect(page.getByText(ACCOUNT_MESSAGES.registered)).toBeVisible()
	await signInAs(page, { role: 'member', number, dob: '1988-11-30', password }, '/member/login?redirectTo=/member/profile')
	await expect(page).toHaveURL(/\/member\/profile$/)
	await expect(page.getByText(email.toLowerCase())).toBeVisible()
	await expect(page.getByRole('main').getByLabel('City or district')).toHaveValue('Mysuru')
	const image = page.getByRole('img', { name: 'Your profile picture' })
	await expect(image).toBeVisible()
	expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120)
})

test('a student signs up (a plain link switches the form)', async ({ page, javaScriptEnabled }) => {
	const id = unique()
	const email = `student.${id}@e2e.example.org`
	const number = `STU${Date.now() % 1e8}`
	await page.goto('/register')
	await page.getByRole('link', { name: 'Student sign up' }).click()
	await expect(page).toHaveURL(/\/register\?type=student$/)
	await scriptsReady(page, javaScriptEnabled)
	await expectNoAxeViolations(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('Full name').fill('Arjun Nair')
	await page.getByRole('main').getByLabel('Registration number').fill(number)
	await page.getByRole('main').getByLabel('Course').selectOption('Intermediate')
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email)
	await page.getByRole('main').getByLabel('Mobile number').fill('9000011111')
	await page.getByRole('main').getByLabel('Date of birth').fill('2005-01-20')
	await choosePlace(page, javaScriptEnabled, 'Kerala', 'Kozhikode')
	await fillPasswords(page, `student pass ${id}`)
	const since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await page
		.getByRole('main')
		.getByLabel('OTP from the e-mail')
		.fill(await readOtp(email, since))
	await page.getByRole('button', { name: 'Register' }).click()
	await expect(page).toHaveURL(/\/student\/login$/)
	await signInAs(page, { role: 'student', number, dob: '2005-01-20', password: `student pass ${id}` })
	await expect(page).toHaveURL(/\/student\/update-profile$/)
	await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue('Arjun Nair')
})

test('Send OTP on a bad form shows every error beside its field and sends nothing', async ({ page, javaScriptEnabled }) => {
	const email = `bad.${unique()}@e2e.example.org`
	await page.goto('/register')
	await scriptsReady(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email)
	await page.getByRole('main').getByLabel('Membership number').fill('12')
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.incomplete)).toBeVisible()
	await expect(page.getByText('Membership number is 6 digits')).toBeVisible()
	await expect(page.getByText('Full name is required')).toBeVisible()
	await expect(page.getByRole('main').getByLabel('E-mail', { exact: true })).toHaveValue(email)
	expect(await mailsTo(email)).toEqual([])
	await expectNoAxeViolations(page, javaScriptEnabled)
})

test('a common password is refused by the server, beside the field', async ({ page, javaScriptEnabled }) => {
	await page.goto('/register?type=student')
	await scriptsReady(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('Full name').fill('Common Password')
	await page
		.getByRole('main')
		.getByLabel('Registration number')
		.fill(`CP${Date.now() % 1e8}`)
	await page.getByRole('main').getByLabel('Course').selectOption('Final')
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(`common.${unique()}@e2e.example.org`)
	await page.getByRole('main').getByLabel('Mobile number').fill('9000011111')
	await page.getByRole('main').getByLabel('Date of birth').fill('2001-01-20')
	await choosePlace(page, javaScriptEnabled, 'Goa', 'Panaji')
	await fillPasswords(page, 'password123')
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.commonPassword)).toBeVisible()
})

test('an e-mail already registered gets the same answer, and the mail says so', async ({ page, javaScriptEnabled }) => {
	await page.goto('/register')
	await scriptsReady(page, javaScriptEnabled)
	await page.getByRole('main').getByLabel('Full name').fill('Someone Else')
	await page.getByRole('main').getByLabel('Membership number').fill(uniqueMembershipNumber())
	await page.getByRole('main').getByLabel('Firm or company name').fill('Else & Co')
	await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(DEMO_MEMBER.email.toUpperCase())
	await page.getByRole('main').getByLabel('Mobile number').fill('9811122233')
	await page.getByRole('main').getByLabel('Date of birth').fill('1980-01-01')
	await choosePlace(page, javaScriptEnabled, 'Maharashtra', 'Pune')
	await fillPasswords(page, 'some long passphrase')
	const since = Date.now()
	await page.getByRole('button', { name: 'Send OTP' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.otpSent)).toBeVisible()
	await expect.poll(async () => (await mailsTo(DEMO_MEMBER.email)).filter((m) => m.at >= since).length).toBeGreaterThan(0)
	const mail = (await mailsTo(DEMO_MEMBER.email)).filter((m) => m.at >= since).at(-1)
	expect(mail?.text).toContain('you already have an account')
})
