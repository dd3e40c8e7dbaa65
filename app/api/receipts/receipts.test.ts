// The payments list and the tax invoice PDF: who may see what, and every GST field on the document
// (text extracted from the PDF as a reader sees it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RECEIPT_MESSAGES, RECEIPT_PATHS, type PaymentListItem } from '~/contract/receipts'
import { createAccountsApi, createTestAccount, TEST_SETTINGS } from '#tests/setup/accounts'
import { pdfText } from '#tests/setup/pdf'
import { createTestPayment } from '#tests/setup/payments'
import { insertTestEvent } from '#tests/setup/registrations'

let env: Awaited<ReturnType<typeof createAccountsApi>>
let member: Awaited<ReturnType<typeof createTestAccount>>
let otherMember: Awaited<ReturnType<typeof createTestAccount>>
let student: Awaited<ReturnType<typeof createTestAccount>>
const paid = {} as Record<'memberSeminar' | 'memberRefunded' | 'memberFailed' | 'memberPending' | 'otherMember' | 'student', number>

// 10:00 India time on 15 September 2026 and on 2 February 2027: financial year 2026-27.
const SEPTEMBER = new Date('2026-09-15T04:30:00Z')
const FEBRUARY = new Date('2027-02-02T04:30:00Z')

beforeAll(async () => {
	env = await createAccountsApi()
	member = await createTestAccount(env.db, 'member', {
		fullName: 'Asha Kulkarni',
		stateCode: 'MH',
		firmCompanyName: 'Kulkarni & Associates',
		gstNumber: '27AAPFK0939F1ZV',
	})
	otherMember = await createTestAccount(env.db, 'member', { stateCode: 'MH' })
	student = await createTestAccount(env.db, 'student', { fullName: 'Rohan Hegde', stateCode: 'KA' })
	const seminar = await insertTestEvent(env.db, new Date('2026-10-10T04:30:00Z'), { title: 'Seminar on the GST annual return', feePaise: 118_000 })
	const workshop = await insertTestEvent(env.db, new Date('2026-11-20T04:30:00Z'), { title: 'Workshop on tax audit', feePaise: 250_050 })
	paid.memberSeminar = (await createTestPayment(env.db, member.account, { event: seminar, at: SEPTEMBER })).payment.id
	paid.memberRefunded = (await createTestPayment(env.db, member.account, { status: 'refunded', at: SEPTEMBER, refundedAt: FEBRUARY })).payment.id
	paid.memberFailed = (await createTestPayment(env.db, member.account, { status: 'failed', at: new Date('2026-10-01T04:30:00Z') })).payment.id
	paid.memberPending = (await createTestPayment(env.db, member.account, { status: 'pending', provider: 'offline', at: FEBRUARY })).payment.id
	paid.otherMember = (await createTestPayment(env.db, otherMember.account, { event: seminar, at: SEPTEMBER })).payment.id
	paid.student = (await createTestPayment(env.db, student.account, { event: workshop, at: FEBRUARY })).payment.id
})
afterAll(() => env.close())

/** The receipt call, answered as bytes (the test helper's `call` reads JSON). */
async function receipt(role: 'member' | 'student', paymentId: number | string, token?: string) {
	const response = await env.api.fetch(
		new Request(`http://in-process/api${RECEIPT_PATHS.receipt(role, paymentId)}`, { headers: token ? { authorization: token } : {} }),
	)
	return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as { message: string }

describe('the payments list', () => {
	test('shows the owner every payment, newest first, with its event, amounts, tax, status and invoice number', async () => {
		const answer = await env.call(RECEIPT_PATHS.payments('member'), undefined, { token: member.token })
		expect(answer.status).toBe(200)
		expect(answer.headers.get('cache-control')).toBe('private, no-store')
		const items = answer.body.data as PaymentListItem[]
		expect(items.map((item) => item.iPaymentId)).toEqual([paid.memberPending, paid.memberFailed, paid.memberRefunded, paid.memberSeminar])
		expect(items.map((item) => item.sStatus)).toEqual(['pending', 'failed', 'refunded', 'paid'])
		expect(items.map((item) => item.bHasReceipt)).toEqual([false, false, true, true])
		const seminar = items.at(-1)!
		expect(seminar).toMatchObject({
			sEventTitle: 'Seminar on the GST annual return',
			dEventStartDate: '2026-10-10T04:30:00.000Z',
			dPaidAt: SEPTEMBER.toISOString(),
			sProvider: 'sandbox',
			nTaxablePaise: 118_000,
			nCgstPaise: 10_620,
			nSgstPaise: 10_620,
			nIgstPaise: 0,
			nTaxPaise: 21_240,
			nTotalPaise: 139_240,
		})
		expect(seminar.sInvoiceNumber).toMatch(/^TST\/26-27\/\d{5}$/)
		expect(items[0]!.sInvoiceNumber).toBeNull()
	})

	test('shows no one else’s payments, and students their own', async () => {
		const other = await env.call(RECEIPT_PATHS.payments('member'), undefined, { token: otherMember.token })
		expect((other.body.data as PaymentListItem[]).map((item) => item.iPaymentId)).toEqual([paid.otherMember])
		const own = await env.call(RECEIPT_PATHS.payments('student'), undefined, { token: student.token })
		expect(own.status).toBe(200)
		expect(own.body.data).toMatchObject([{ iPaymentId: paid.student, nIgstPaise: 45_009, nCgstPaise: 0, nTotalPaise: 295_059 }])
		const fresh = await createTestAccount(env.db, 'member')
		expect((await env.call(RECEIPT_PATHS.payments('member'), undefined, { token: fresh.token })).body.data).toEqual([])
	})

	test('needs the role’s token', async () => {
		expect((await env.call(RECEIPT_PATHS.payments('member'))).status).toBe(401)
		expect((await env.call(RECEIPT_PATHS.payments('member'), undefined, { token: student.token })).status).toBe(401)
		expect((await env.call(RECEIPT_PATHS.payments('student'), undefined, { token: member.token })).status).toBe(401)
	})
})

describe('the receipt', () => {
	test('is a PDF for its owner, with a clear file name, never cached', async () => {
		const answer = await receipt('member', paid.memberSeminar, member.token)
		expect(answer.status).toBe(200)
		expect(answer.headers.get('content-type')).toBe('application/pdf')
		expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-TST-26-27-\d{5}\.pdf"$/)
		expect(answer.headers.get('cache-control')).toBe('private, no-store')
		expect(new TextDecoder().decode(answer.bytes.slice(0, 5))).toBe('%PDF-')
		// The same document at every download: its dates are the invoice's.
		expect((await receipt('member', paid.memberSeminar, member.token)).bytes).toEqual(answer.bytes)
	})

	test('is refused to anyone else exactly as a payment that does not exist', async () => {
		const missing = await receipt('member', 2_000_000_000, member.token)
		expect(missing.status).toBe(404)
		expect(json(missing.bytes).message).toBe(RECEIPT_MESSAGES.noReceipt)
		for (const refused of [await receipt('member', paid.memberSeminar, otherMember.token), await receipt('student', paid.memberSeminar, student.token)]) {
			expect(refused.status).toBe(404)
			expect(json(refused.bytes)).toEqual(json(missing.bytes))
		}
		expect((await receipt('member', paid.memberSeminar)).status).toBe(401)
		expect((await receipt('member', paid.memberSeminar, student.token)).status).toBe(401)
	})

	test('exists only for an invoiced payment: not for a pending or failed one, nor for a malformed id', async () => {
		for (const id of [paid.memberPending, paid.memberFailed, '0', 'abc', '99999999999']) {
			const answer = await receipt('member', id, member.token)
			expect(answer.status, String(id)).toBe(404)
			expect(json(answer.bytes).message).toBe(RECEIPT_MESSAGES.noReceipt)
		}
	})
})

describe('the document', () => {
	const { branch, billing } = TEST_SETTINGS

	test('within the branch’s state: the branch, the buyer with firm and GSTIN, CGST and SGST, total in words', async () => {
		const { text, totalPages } = await pdfText((await receipt('member', paid.memberSeminar, member.token)).bytes)
		expect(totalPages).toBe(1)
		const list = (await env.call(RECEIPT_PATHS.payments('member'), undefined, { token: member.token })).body.data as PaymentListItem[]
		const invoiceNumber = list.find((item) => item.iPaymentId === paid.memberSeminar)!.sInvoiceNumber!
		for (const expected of [
			'Tax Invoice and Receipt',
			branch.name,
			branch.institute,
			branch.address,
			`Phone: ${branch.phone}`,
			`E-mail: ${branch.email}`,
			`GSTIN: ${billing.gstin}`,
			'State: Maharashtra (State code 27)',
			`Invoice number: ${invoiceNumber}`,
			'Invoice date: 15 September 2026',
			'Place of supply: Maharashtra (State code 27)',
			'Asha Kulkarni',
			`Membership number: ${member.account.number}`,
			'Firm: Kulkarni & Associates',
			'GSTIN: 27AAPFK0939F1ZV',
			'Seminar on the GST annual return, 10 October 2026',
			'999293',
			'1,180.00',
			'CGST @ 9% 106.20',
			'SGST @ 9% 106.20',
			'Total 1,392.40',
			'Amount in words: Rupees One Thousand Three Hundred Ninety Two and Forty Paise Only',
			'Status: Paid',
			'Paid on: 15 September 2026',
			'Online payment (sandbox)',
			'computer-generated',
			'no signature is required',
		]) {
			expect(text).toContain(expected)
		}
		expect(text).not.toContain('IGST')
		expect(text).not.toContain('REFUNDED')
	})

	test('across states: IGST at the whole rate, the buyer’s state as place of supply, no firm or GSTIN when there is none', async () => {
		const { text } = await pdfText((await receipt('student', paid.student, student.token)).bytes)
		for (const expected of [
			'Place of supply: Karnataka (State code 29)',
			'Rohan Hegde',
			`Registration number: ${student.account.number}`,
			'Workshop on tax audit, 20 November 2026',
			'2,500.50',
			'IGST @ 18% 450.09',
			'Total 2,950.59',
			'Rupees Two Thousand Nine Hundred Fifty and Fifty Nine Paise Only',
			'Invoice date: 2 February 2027',
		]) {
			expect(text).toContain(expected)
		}
		expect(text).not.toMatch(/CGST|SGST|Firm:/)
		// Only the branch's GSTIN: the student gave none.
		expect(text.match(/GSTIN:/g)).toHaveLength(1)
	})

	test('of a refunded payment says so, and keeps its invoice', async () => {
		const { text } = await pdfText((await receipt('member', paid.memberRefunded, member.token)).bytes)
		expect(text).toContain('REFUNDED on 2 February 2027')
		expect(text).toContain('Status: Refunded')
		expect(text).toContain('Refunded on: 2 February 2027')
		expect(text).toContain('Invoice date: 15 September 2026')
	})

	test('draws a name in another script without failing', async () => {
		const person = await createTestAccount(env.db, 'member', { fullName: 'आशा Kulkarni', firmCompanyName: 'Café Müller ₹ & Co' })
		const { payment } = await createTestPayment(env.db, person.account, { at: SEPTEMBER })
		const answer = await receipt('member', payment.id, person.token)
		expect(answer.status).toBe(200)
		const { text } = await pdfText(answer.bytes)
		expect(text).toContain('??? Kulkarni')
		expect(text).toContain('Firm: Café Müller Rs. & Co')
	})
})

test('a document shows the rate its payment was taxed at, whatever the configuration says now', async () => {
	const person = await createTestAccount(env.db, 'member')
	const { payment } = await createTestPayment(env.db, person.account, { at: SEPTEMBER, rateBasisPoints: 1200 })
	const { text } = await pdfText((await receipt('member', payment.id, person.token)).bytes)
	expect(text).toContain('CGST @ 6%')
	expect(text).toContain('SGST @ 6%')
})
