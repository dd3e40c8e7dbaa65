// Public verification: a member pays for an event at the office, the tax invoice's verification
// address (printed beside its QR code) opens a page that shows the invoice; refunded, it verifies as refunded; a
// made-up code says so with a 404. The page is light: plain HTML, read the same without JavaScript.
import { pdfText } from '../setup/pdf'
import { createAccount, accountToken, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff } from './support/office'
import { expectHydratedWithinBudget } from './support/script-budget'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

test('an invoice verifies as valid, then as refunded; a made-up code is refused', async ({ browser, request, javaScriptEnabled, adminToken }) => {
	const admin = adminToken
	const title = `Verify test ${unique()}`
	const eventId = await createEventAsStaff(request, admin, { title, start: new Date(Date.now() + 5 * 86_400_000), nFeePaise: 100_000 })
	const member = await createAccount(request, 'member')
	// The live portal takes fees at the branch office: the member registers, the office confirms it, the invoice is issued.
	const headers = { authorization: await accountToken(request, member), UserType: 'M' }
	expect((await request.post(`/api/member/events/register/v1/${eventId}`, { headers })).ok()).toBe(true)
	const payments = (await (await request.get('/api/member/payments/v1', { headers })).json()) as { data: { iPaymentId: number; iEventId: number }[] }
	const iPaymentId = payments.data.find((payment) => payment.iEventId === eventId)!.iPaymentId
	const confirmed = await request.post(`/api/office/payments/confirm/v1/${iPaymentId}`, {
		headers: { authorization: admin },
		data: { sMode: 'cash', sReference: `Desk ${unique()}` },
	})
	expect(confirmed.status(), await confirmed.text()).toBe(200)
	const invoice = await request.get(`/api/member/payments/${iPaymentId}/receipt/v1`, { headers })
	const { text } = await pdfText(await invoice.body())
	const address = /(http:\/\/\S+\/verify\/[0-9A-Z]{10})/.exec(text)![1]!
	const invoiceNumber = /Invoice number: (\S+)/.exec(text)![1]!

	// A stranger, signed in nowhere, checks the paper.
	const stranger = await browser.newContext({ javaScriptEnabled })
	const reader = await stranger.newPage()
	const answer = await reader.goto(address)
	expect(answer?.status()).toBe(200)
	await expect(reader.getByRole('heading', { level: 1, name: `Tax invoice ${invoiceNumber}` })).toBeVisible()
	await expect(reader.getByText('Valid: paid')).toBeVisible()
	await expect(reader.getByRole('main')).toContainText(title)
	await expect(reader.getByRole('main')).not.toContainText(member.name)
	await expectNoAxeViolations(reader, javaScriptEnabled)
	if (javaScriptEnabled) await expectHydratedWithinBudget(reader.request, await answer!.text(), address)

	const refund = await request.post(`/api/office/payments/refund/v1/${iPaymentId}`, { headers: { authorization: admin }, data: { sMode: 'cash' } })
	expect(refund.status(), await refund.text()).toBe(200)
	const { data } = (await refund.json()) as { data: { sCreditNoteNumber: string } }
	await reader.reload()
	await expect(reader.getByText(`Refunded by credit note ${data.sCreditNoteNumber}`)).toBeVisible()

	const madeUp = await reader.goto('/verify/7KQ2MXW9RT')
	expect(madeUp?.status()).toBe(404)
	await expect(reader.getByRole('alert')).toContainText('No document has this verification code')
	// The form on the page: a typed code, with its dash and in small letters, finds the document.
	await reader.getByLabel('Verification code printed on the document').fill(`${address.slice(-10, -5).toLowerCase()}-${address.slice(-5)}`)
	await reader.getByRole('button', { name: 'Verify' }).click()
	await expect(reader.getByRole('heading', { level: 1, name: `Tax invoice ${invoiceNumber}` })).toBeVisible()
	await stranger.close()
})
