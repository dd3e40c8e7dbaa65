// A refund from the office's payment page, with JavaScript on and off: the confirmation page says
// what will happen, refuses a refund without its mode or the CPE choice, and records both; the
// member's CPE page shows the hours kept or withdrawn, and the member is mailed the credit note.
// Each project makes its own event, members and payments.
import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { accountToken, createAccount, mailsTo, signInAs, unique, type TestAccount } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeSignIn, staffToken } from './support/office'
import { ATTENDANCE_PATHS } from '~/contract/cpe'
import { REFUND_MESSAGES } from '~/contract/office/payments'

test.describe.configure({ timeout: 180_000 })

type Attendee = { member: TestAccount; iPaymentId: number }

/** An event that took place two hours ago, with two members who paid at the office and attended it. */
async function attendedEvent(request: APIRequestContext, title: string, editorToken: string, clerkToken: string) {
	const start = new Date(Date.now() + 3 * 24 * 3_600_000)
	const event = {
		sCategory: 'Workshop',
		sSummary: 'For the refund test.',
		sVenueName: 'Hall C',
		sVenueAddress: '3 Road',
		nCpeHours: 4,
		nFeePaise: 50_000,
		nSeatLimit: 10,
	}
	const iEventId = await createEventAsStaff(request, editorToken, { title, start, ...event })
	const attendees: (Attendee & { iRegistrationId: number })[] = []
	for (const index of [1, 2]) {
		const member = await createAccount(request, 'member')
		const registered = await request.post(`/api/member/events/register/v1/${iEventId}`, {
			headers: { authorization: await accountToken(request, member) },
			data: {},
		})
		expect(registered.status(), await registered.text()).toBe(201)
		const { iRegistrationId, oPayment } = (
			(await registered.json()) as { data: { oRegistration: { iRegistrationId: number; oPayment: { iPaymentId: number } } } }
		).data.oRegistration
		const confirmed = await request.post(`/api/office/payments/confirm/v1/${oPayment.iPaymentId}`, {
			headers: { authorization: clerkToken },
			data: { sMode: 'cash', sReference: `SLIP-${index}` },
		})
		expect(confirmed.status(), await confirmed.text()).toBe(200)
		attendees.push({ member, iPaymentId: oPayment.iPaymentId, iRegistrationId })
	}
	// The event has taken place: its start moves into the past, and the office marks both present.
	const details = (
		(await (await request.get(`/api/office/events/${iEventId}/v1`, { headers: { authorization: editorToken } })).json()) as { data: Record<string, unknown> }
	).data
	const past = new Date(Date.now() - 2 * 3_600_000)
	const moved = await request.put(`/api/office/events/${iEventId}/v1`, {
		headers: { authorization: editorToken },
		data: {
			...event,
			sTitle: title,
			aParagraphs: details.aParagraphs,
			sCity: 'Pune',
			bIsPublished: true,
			dStartDate: past.toISOString(),
			dEndDate: new Date(past.getTime() + 3 * 3_600_000).toISOString(),
			nVersion: details.nVersion,
		},
	})
	expect(moved.status(), await moved.text()).toBe(200)
	const marked = await request.post(`/api${ATTENDANCE_PATHS.mark}`, {
		headers: { authorization: clerkToken },
		data: { iEventId, aRegistrationIds: attendees.map((attendee) => attendee.iRegistrationId) },
	})
	expect(marked.status(), await marked.text()).toBe(200)
	return attendees
}

/** The member's own CPE page: the event listed or not, and the block's hours. */
async function expectLedger(browser: Browser, js: boolean, member: TestAccount, title: string, hours: number) {
	const context = await browser.newContext({ javaScriptEnabled: js })
	const page = await context.newPage()
	await signInAs(page, member)
	await page.waitForURL('**/member/cpe')
	const main = page.getByRole('main')
	await expect(main.getByRole('row').filter({ hasText: title })).toHaveCount(hours > 0 ? 1 : 0)
	await expect(main.getByRole('progressbar', { name: /Hours in the block/ })).toHaveAttribute('value', String(hours))
	await context.close()
}

async function openRefund(page: Page, iPaymentId: number) {
	await page.goto(`/office/payments/${iPaymentId}`)
	await page.getByRole('link', { name: 'Refund…' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Refund payment ${iPaymentId}?`)
}

test('a refund is confirmed with its mode, reference and the CPE choice; the member keeps or loses the hours and is mailed the credit note', async ({
	page,
	request,
	browser,
	officeUser,
}, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const clerk = await officeUser('accounts')
	const title = `Refund workshop ${testInfo.project.name} ${unique()}`
	const [kept, withdrawn] = await attendedEvent(request, title, await staffToken(request, await officeUser('editor')), await staffToken(request, clerk))

	await officeSignIn(page, clerk, `/office/payments/${kept!.iPaymentId}`)
	await openRefund(page, kept!.iPaymentId)
	const effects = page.getByRole('region', { name: 'What the refund does' })
	await expect(effects).toContainText('₹590.00 is recorded as returned to')
	await expect(effects).toContainText('A credit note for the whole amount is issued against tax invoice')
	await expect(effects).toContainText(`The registration for ${title} is cancelled and its seat freed`)
	await expect(page.getByRole('group', { name: 'CPE hours' })).toContainText(`${kept!.member.name} was credited 4 CPE hours for this event.`)
	await expectNoAxeViolations(page, js)

	// Sent with nothing chosen: told beside each field, and nothing is refunded.
	const submit = page.getByRole('button', { name: 'Refund ₹590.00 and issue the credit note' })
	if (!js) {
		// Without JavaScript the browser's own check stops the radio buttons first; the server's is the one tested here.
		await page.locator('form#refund-payment').evaluate((form) => form.setAttribute('novalidate', ''))
	}
	await page.getByLabel('How the money went back').selectOption('upi')
	await submit.click()
	await expect(page.getByText(REFUND_MESSAGES.cpeChoiceMissing)).toBeVisible()
	await expect(page.getByText(REFUND_MESSAGES.referenceMissing)).toBeVisible()
	await expect(page.getByLabel('How the money went back')).toHaveValue('upi')

	await page.getByLabel(/^Keep the hours/).check()
	await page.getByLabel('Reference of the refund').fill('UPI-RF-2211')
	await page.getByLabel('Reason (printed on the credit note; optional)').fill('Fee returned as goodwill')
	await submit.click()
	await expect(page.getByText(/Payment refunded; credit note .* issued\. The CPE hours are kept\./)).toBeVisible()
	const facts = page.getByRole('region', { name: 'The payment' })
	await expect(facts).toContainText('UPI, reference UPI-RF-2211')
	await expect(facts).toContainText('4 kept (refunded as goodwill)')
	await expect(page.getByRole('link', { name: /Download credit note/ })).toBeVisible()
	await expectNoAxeViolations(page, js)

	await openRefund(page, withdrawn!.iPaymentId)
	await page.getByLabel(/^Withdraw the hours/).check()
	await page.getByLabel('How the money went back').selectOption('cash')
	await submit.click()
	await expect(page.getByText(/Payment refunded; credit note .* issued\. The CPE hours are withdrawn\./)).toBeVisible()
	await expect(facts).toContainText('4 withdrawn')

	await expectLedger(browser, js, kept!.member, title, 4)
	await expectLedger(browser, js, withdrawn!.member, title, 0)
	const refundMail = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Refund of'))
	await expect.poll(async () => (await refundMail(kept!.member.email)).length, { timeout: 20_000 }).toBe(1)
	const [mail] = await refundMail(kept!.member.email)
	expect(mail!.subject).toContain(title)
	expect(mail!.text).toContain('Refunded by: UPI, reference UPI-RF-2211')
	expect(mail!.text).toContain('You keep the 4 CPE hours')
	expect(mail!.raw).toMatch(/Content-Type: application\/pdf/)
	await expect
		.poll(async () => (await refundMail(withdrawn!.member.email)).map((m) => m.text.includes('have been withdrawn from your CPE record')), { timeout: 20_000 })
		.toEqual([true])
})
