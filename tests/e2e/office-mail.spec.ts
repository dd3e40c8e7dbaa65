// Mail from the office and its answers, with JavaScript on and off: joining the list by the link in
// the welcome mail, an issue mailed to the subscribers (a test first, then everyone, with its
// progress), the consent as the office sees it, leaving the list by the link in a
// mail (the browser's form and a mail provider's one-click POST), and a full event's waiting list
// from joining to the offered seat taken, as the office sees it.
import { randomInt } from 'node:crypto'
import { type APIRequestContext, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { accountToken, createAccount, mailsTo, signInAs, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeSignIn } from './support/office'
import { CONFIRM_MESSAGES } from '~/contract/mailings'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'

test.describe.configure({ timeout: 120_000 })

const unsubscribeLinkIn = (raw: string) => /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)?.[1] ?? ''

async function welcomeMailTo(email: string) {
	await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(1)
	return (await mailsTo(email))[0]!
}

/** A published issue of its own (an issue goes to the list once), in a month no other test takes. */
async function newIssue(request: APIRequestContext, token: string) {
	const sTitle = `Mailed bulletin ${unique()}`
	const pdf = await PDFDocument.create()
	pdf.addPage().drawText(sTitle)
	const month = `${randomInt(3000, 10_000)}-${String(randomInt(1, 13)).padStart(2, '0')}`
	const multipart = {
		sTitle,
		sMonth: month,
		sSummary: 'An issue for the mailing test.',
		bIsPublished: 'true',
		file: { name: 'issue.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) },
	}
	const created = await request.post('/api/office/newsletters/v1', { headers: { authorization: token }, multipart })
	expect(created.status(), await created.text()).toBe(201)
	return ((await created.json()) as { data: { iRecordId: number; sTitle: string } }).data
}

test('the office mails an issue: a test to the staff member, then every subscriber, with the progress', async ({
	page,
	request,
	officeUser,
	adminToken,
}, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const editor = await officeUser('editor')
	const issue = await newIssue(request, adminToken)
	const reader = `reader-${unique()}@e2e.example.org`
	expect(
		(await request.post(`/api${NEWSLETTER_API_PATHS.subscribe}`, { data: { sFullName: 'E2E Reader', sMembershipNumber: '123456', sEmail: reader } })).status(),
	).toBe(200)
	// The reader confirms the address: the link opens a page that asks, and its button confirms.
	const confirmLink = /(https?:\/\/\S+\/newsletter\/confirm\/[\w.-]+)/.exec((await welcomeMailTo(reader)).text)![1]!
	await page.goto(confirmLink)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your newsletter subscription')
	await expectNoAxeViolations(page, js)
	await page.getByRole('button', { name: 'Confirm subscription' }).click()
	await expect(page.getByRole('status')).toHaveText(CONFIRM_MESSAGES.done)
	// Opened again, the link says so without asking.
	await page.goto(confirmLink)
	await expect(page.getByRole('status')).toHaveText(CONFIRM_MESSAGES.done)

	await officeSignIn(page, editor, `/office/newsletters/${issue.iRecordId}`)
	await page.getByRole('link', { name: 'Mail to subscribers' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mail “${issue.sTitle}”`)
	const address = page.getByLabel('Your e-mail address')
	await address.fill('not an address')
	await page.getByRole('button', { name: 'Send a test' }).click()
	await expect(page.getByText('Invalid email format')).toBeVisible()
	await expect(address).toHaveValue('not an address')
	const own = `office-${unique()}@e2e.example.org`
	await address.fill(own)
	await page.getByRole('button', { name: 'Send a test' }).click()
	await expect(page.getByText(`The test mail is on its way. (to ${own})`)).toBeVisible()
	await expect
		.poll(async () => (await mailsTo(own)).map((mail) => mail.subject), { timeout: 20_000 })
		.toEqual([expect.stringMatching(/^\[Test\] .* newsletter: /)])
	await expectNoAxeViolations(page, js)

	const send = page.getByRole('button', { name: /^Send to \d+ subscribers?$/ })
	const total = Number(/\d+/.exec((await send.textContent()) ?? '')![0])
	await send.click()
	await expect(page.getByText('The issue is being sent.')).toBeVisible()
	const left = page.getByRole('status').filter({ hasText: 'Sent' }).locator('dd').nth(2)
	// With JavaScript the page follows by itself; without, the reader reloads it.
	await expect
		.poll(
			async () => {
				if (!js) await page.reload()
				return left.textContent()
			},
			{ timeout: 60_000 },
		)
		.toBe('0')
	// Everyone on the list when it was sent got it, but those who left meanwhile (other specs unsubscribe as this one runs).
	const counts = page.getByRole('status').filter({ hasText: 'Sent' }).locator('dd')
	await expect(counts.nth(1)).toHaveText('0')
	const sent = Number(await counts.first().textContent())
	expect(sent).toBeGreaterThan(0)
	expect(sent).toBeLessThanOrEqual(total)
	await expect.poll(async () => (await mailsTo(reader)).filter((mail) => mail.subject.includes(issue.sTitle)).length, { timeout: 20_000 }).toBe(1)
	const mail = (await mailsTo(reader)).find((item) => item.subject.includes(issue.sTitle))!
	expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
	expect(mail.text).toMatch(/Read it here: http:\/\/localhost:\d+\/media\/newsletters\//)
	await expectNoAxeViolations(page, js)

	// Every mailing, this one included, is listed with its counts.
	await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Mail' }).click()
	await expect(page.getByRole('row', { name: new RegExp(`^Newsletter: ${issue.sTitle}`) })).toContainText(String(sent))
	await expectNoAxeViolations(page, js)
})

test('leaving the list by the link in a mail: the page asks first; a provider’s one-click POST needs no page', async ({
	page,
	request,
	playwright,
	adminToken,
}, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const [byPage, byProvider] = [`leave-${unique()}@e2e.example.org`, `leave-${unique()}@e2e.example.org`]
	for (const sEmail of [byPage, byProvider]) {
		expect(
			(await request.post(`/api${NEWSLETTER_API_PATHS.subscribe}`, { data: { sFullName: 'Leaving Reader', sMembershipNumber: '123456', sEmail } })).status(),
		).toBe(200)
	}
	const link = unsubscribeLinkIn((await welcomeMailTo(byPage)).raw)
	expect(link).toMatch(/\/newsletter\/unsubscribe\/[\w.-]+$/)
	expect(link).not.toContain('@')

	await page.goto(link)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the newsletter')
	await expectNoAxeViolations(page, js)
	await page.getByRole('button', { name: 'Unsubscribe' }).click()
	await expect(page.getByRole('status')).toHaveText('You are unsubscribed: no more newsletters will come to this address.')

	// A provider posts from its own servers: no cookies, no Origin, a form body.
	const provider = await playwright.request.newContext()
	const oneClick = await provider.post(unsubscribeLinkIn((await welcomeMailTo(byProvider)).raw), {
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		data: 'List-Unsubscribe=One-Click',
	})
	expect(oneClick.status()).toBe(200)
	expect(await oneClick.text()).toContain('You are unsubscribed: no more newsletters will come to this address.')
	await provider.dispose()

	for (const sEmail of [byPage, byProvider]) {
		const found = await request.get(`/api/office/subscribers/v1?oFilter[sSearch]=${encodeURIComponent(sEmail)}`, { headers: { authorization: adminToken } })
		expect(((await found.json()) as { data: { nTotal: number } }).data.nTotal).toBe(0)
	}

	const tampered = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`
	const refused = await page.goto(tampered)
	expect(refused?.status()).toBe(400)
	await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid or has expired. Nothing was changed.' })).toBeVisible()
})

async function registrationPanel(page: Page) {
	return page.getByRole('region', { name: 'Registration' })
}

test('a full event’s waiting list: join, get the freed seat by mail, take it; the office sees the line', async ({
	page,
	request,
	officeUser,
	adminToken: token,
}, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const admin = await officeUser('admin')
	const start = new Date(Date.now() + 5 * 24 * 3_600_000)
	const title = `Waiting-list seminar ${testInfo.project.name} ${unique()}`
	const iEventId = await createEventAsStaff(request, token, { title, start, sSummary: 'One seat only.', sVenueName: 'Hall C', nSeatLimit: 1 })
	const [holder, waiter] = [await createAccount(request, 'member'), await createAccount(request, 'member')]
	const holderToken = await accountToken(request, holder)
	expect((await request.post(`/api/member/events/register/v1/${iEventId}`, { headers: { authorization: holderToken }, data: {} })).status()).toBe(201)

	await signInAs(page, waiter, `/member/login?redirectTo=/events/event-details/${iEventId}`)
	await expect(page).toHaveURL(`/events/event-details/${iEventId}`)
	const panel = await registrationPanel(page)
	await expect(panel.getByText('Sorry, this event is full.')).toBeVisible()
	await panel.getByRole('button', { name: 'Join the waiting list' }).click()
	await expect(page.getByText('You are on the waiting list. If a seat frees, we will e-mail you.')).toBeVisible()
	await expect(panel.getByText(/You are number 1 on the waiting list/)).toBeVisible()
	await expectNoAxeViolations(page, js)

	expect((await request.post(`/api/member/events/cancel/v1/${iEventId}`, { headers: { authorization: holderToken }, data: {} })).status()).toBe(200)
	await expect
		.poll(async () => (await mailsTo(waiter.email)).filter((mail) => mail.subject === `A seat is free for you: ${title}`).length, { timeout: 20_000 })
		.toBe(1)
	await page.reload()
	await expect(panel.getByText(/A seat is held for you until .+\. Register before then to take it\./)).toBeVisible()
	await panel.getByRole('button', { name: 'Register', exact: true }).click()
	await expect(panel.getByText('You are registered.')).toBeVisible()

	await page.context().clearCookies()
	await officeSignIn(page, admin, `/office/events/${iEventId}/registrations`)
	const line = page.getByRole('table', { name: 'Waiting list, in the order people joined' })
	await expect(line.getByRole('row', { name: new RegExp(waiter.name) })).toContainText('Took the seat')
	await expectNoAxeViolations(page, js)
})
