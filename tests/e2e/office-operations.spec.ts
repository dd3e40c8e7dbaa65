// The office runs an event from registration to attendance and CPE credit, settles and refunds its
// payments with their GST documents, fixes a locked-out member, frees a squatted number and exports
// its CSVs, with JavaScript on and off. Each project works on an event and accounts of its own.
import { type Page } from '@playwright/test'
import { accountToken, createAccount, signInAs, unique, uniqueMembershipNumber } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeSignIn } from './support/office'

test.describe.configure({ timeout: 180_000 })

/** A file the page links to, fetched with the page's cookies. */
async function linkedFile(page: Page, name: string | RegExp) {
	const href = await page.getByRole('link', { name, exact: typeof name === 'string' }).getAttribute('href')
	const response = await page.request.get(href!)
	expect(response.status()).toBe(200)
	return { type: response.headers()['content-type'], body: await response.body() }
}

const csvLines = (body: Buffer) => {
	const text = body.toString('utf8')
	expect(text.startsWith('\uFEFF')).toBe(true)
	return text.slice(1).trimEnd().split('\r\n')
}

test('an event from registration to attendance and CPE credit, its payments settled and refunded', async ({
	page,
	request,
	browser,
	officeUser,
	adminToken: token,
}, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const admin = await officeUser('admin')
	const start = new Date(Date.now() + 3 * 24 * 3_600_000)
	const title = `Operations workshop ${testInfo.project.name} ${unique()}`
	const iEventId = await createEventAsStaff(request, token, {
		title,
		start,
		sCategory: 'Workshop',
		sSummary: 'For the operations test.',
		dEndDate: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
		sVenueName: 'Hall B',
		sVenueAddress: '2 Road',
		nCpeHours: 4,
		nFeePaise: 50_000,
		nSeatLimit: 10,
	})

	// Three members register; the office is the payment provider, so each payment waits at the office.
	const members = [await createAccount(request, 'member'), await createAccount(request, 'member'), await createAccount(request, 'member')]
	const paymentIds: number[] = []
	for (const member of members) {
		const registered = await request.post(`/api/member/events/register/v1/${iEventId}`, {
			headers: { authorization: await accountToken(request, member) },
			data: {},
		})
		expect(registered.status(), await registered.text()).toBe(201)
		paymentIds.push(((await registered.json()) as { data: { oRegistration: { oPayment: { iPaymentId: number } } } }).data.oRegistration.oPayment.iPaymentId)
	}

	await officeSignIn(page, admin, `/office/payments/${paymentIds[0]}`)
	for (const [index, paymentId] of paymentIds.entries()) {
		await page.goto(`/office/payments/${paymentId}`)
		await page.getByLabel('How it was paid').selectOption(index === 1 ? 'upi' : 'cash')
		await page.getByLabel('Reference (receipt slip, UPI or cheque number)').fill(`SLIP-${index + 1}`)
		await page.getByRole('button', { name: 'Confirm and issue the invoice' }).click()
		await expect(page.getByText(/Payment confirmed; tax invoice .* issued\./)).toBeVisible()
	}
	const invoice = await linkedFile(page, /Download tax invoice/)
	expect(invoice.type).toBe('application/pdf')
	expect(invoice.body.subarray(0, 5).toString()).toBe('%PDF-')
	await expectNoAxeViolations(page, js)
	// The third is refunded, in cash, on the page that says what a refund does: a credit note against its invoice.
	await page.getByRole('link', { name: 'Refund…' }).click()
	await page.getByLabel('How the money went back').selectOption('cash')
	await page.getByLabel('Reason (printed on the credit note; optional)').fill('Cannot attend; refunded on request')
	await page.getByRole('button', { name: 'Refund ₹590.00 and issue the credit note' }).click()
	await expect(page.getByText(/Payment refunded; credit note .* issued\./)).toBeVisible()
	const creditNote = await linkedFile(page, /Download credit note/)
	expect(creditNote.type).toBe('application/pdf')
	// With registrations the event cannot be deleted: its delete page says why and offers cancelling instead.
	await page.goto(`/office/events/${iEventId}/delete`)
	await expect(page.getByText('This event has registrations and cannot be deleted; cancel it instead.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Delete the event' })).toHaveCount(0)
	await expect(page.getByRole('main').getByRole('link', { name: 'Cancel the event' })).toHaveAttribute('href', `/office/events/${iEventId}/cancel`)

	// The event has taken place: the office moves its start, then marks the two present.
	const details = (
		(await (await request.get(`/api/office/events/${iEventId}/v1`, { headers: { authorization: token } })).json()) as { data: Record<string, unknown> }
	).data
	const past = new Date(Date.now() - 2 * 3_600_000)
	const moved = await request.put(`/api/office/events/${iEventId}/v1`, {
		headers: { authorization: token },
		data: {
			sTitle: title,
			sCategory: 'Workshop',
			sSummary: details.sSummary,
			aParagraphs: details.aParagraphs,
			dStartDate: past.toISOString(),
			dEndDate: new Date(past.getTime() + 3 * 3_600_000).toISOString(),
			sVenueName: 'Hall B',
			sVenueAddress: '2 Road',
			sCity: 'Pune',
			nCpeHours: 4,
			nFeePaise: 50_000,
			nSeatLimit: 10,
			bIsPublished: true,
			nVersion: details.nVersion,
		},
	})
	expect(moved.status(), await moved.text()).toBe(200)
	await page.goto(`/office/events/${iEventId}/registrations`)
	await page.getByLabel(`${members[0]!.name} is present`).check()
	await page.getByLabel(`${members[1]!.name} is present`).check()
	await page.getByRole('button', { name: 'Mark ticked people present' }).click()
	await expect(page.getByText('Attendance marked for 2 registrations.')).toBeVisible()
	await expectNoAxeViolations(page, js)
	const sheet = csvLines((await linkedFile(page, 'Download CSV')).body)
	expect(sheet[0]).toContain('CPE hours credited')
	expect(sheet.filter((line) => line.endsWith(',4'))).toHaveLength(2)

	// A member whose date of birth was mistyped is corrected, signs in with the right one and sees the hours.
	const first = members[0]!
	await page.goto(`/office/accounts?sSearch=${first.number}`)
	await page.getByRole('link', { name: `Open ${first.name}` }).click()
	await page.getByLabel('Date of birth').fill('1990-02-03')
	await page.getByRole('button', { name: 'Save the correction' }).click()
	await expect(page.getByText('The account is corrected.')).toBeVisible()
	await expectNoAxeViolations(page, js)
	const memberContext = await browser.newContext({ javaScriptEnabled: js })
	const memberPage = await memberContext.newPage()
	await signInAs(memberPage, { ...first, dob: '1990-02-03' })
	await memberPage.waitForURL('**/member/cpe')
	await expect(memberPage.getByRole('main').getByText(title).first()).toBeVisible()
	await memberContext.close()
})

test('a squatted number is released for its owner; CSVs open right in a spreadsheet', async ({ page, request, officeUser }, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const number = uniqueMembershipNumber()
	const squatter = await createAccount(request, 'member', { number })
	await officeSignIn(page, await officeUser('admin'), `/office/accounts?sSearch=${number}`)
	await page.getByRole('link', { name: `Open ${squatter.name}` }).click()
	await page.getByRole('button', { name: 'Release the number' }).click()
	await expect(page.getByText('The number is released: its owner can now register it.')).toBeVisible()
	const owner = await createAccount(request, 'member', { number })
	expect(owner.number).toBe(number)

	// A subscriber whose name a spreadsheet would run as a formula.
	const email = `csv-${unique()}@e2e.example.org`
	const subscribed = await request.post('/api/newsletter/subscribe/v1', {
		data: { sFullName: '=HYPERLINK("http://evil.test","Click")', sMembershipNumber: uniqueMembershipNumber(), sEmail: email },
	})
	expect(subscribed.status()).toBe(200)
	await page.goto(`/office/subscribers?sSearch=${encodeURIComponent(email)}`)
	await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Waiting for confirmation')
	await expectNoAxeViolations(page, js)
	const subscribers = csvLines((await linkedFile(page, 'Download CSV')).body)
	expect(subscribers[0]).toBe('Name,Membership number,E-mail,Subscribed on,Asked from,Confirmed at,Confirmed from')
	expect(subscribers[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`)

	await page.goto('/office/reports')
	const register = csvLines((await linkedFile(page, 'Download CSV')).body)
	expect(register[0]).toBe(
		'Document type,Number,Date,Against invoice,GSTR-1 section,Buyer,Buyer GSTIN,Place of supply,GST rate %,Taxable value,CGST,SGST,IGST,Total,Refunded by',
	)
	const cpe = csvLines((await linkedFile(page, /Download CSV for \d{4}$/)).body)
	expect(cpe[0]).toBe('Name,Membership number,E-mail,Structured hours,Unstructured hours,Total hours,Hours still needed,Structured hours still needed')
})
