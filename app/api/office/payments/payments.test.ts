// The office's payments: the list and its filters, confirming with the mode and reference,
// refunds issuing credit notes numbered without gaps per financial year, and both documents.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officePaymentEndpoints } from '~/contract/office/payments'
import { RECEIPT_PATHS } from '~/contract/receipts'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { pdfText } from '#tests/setup/pdf'
import { insertTestEvent } from '#tests/setup/registrations'
import { creditNotes, payments } from '../../db/schema'
import { formatCreditNoteNumber } from '../../payments/invoices'
import { refundPayment } from '../../payments/refund'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
let staffId: number
beforeAll(async () => {
	office = await createOfficeApi()
	const staff = await createTestStaff(office.db, undefined, 'accounts')
	token = staff.token
	staffId = staff.staff.id
})
afterAll(() => office.close())

const path = (entry: keyof typeof officePaymentEndpoints, iPaymentId?: number | string) => fillPath(officePaymentEndpoints[entry].path, { iPaymentId })
const SEPTEMBER = new Date(Date.UTC(2026, 8, 15, 6))

describe('the list', () => {
	test('filters by status, event, search and India dates; pages', async () => {
		const event = await insertTestEvent(office.db, new Date(Date.UTC(2026, 10, 1, 4, 30)))
		const { account } = await createTestAccount(office.db, 'member', { fullName: 'Meera Joshi' })
		const pending = await createTestPayment(office.db, account, { event, status: 'pending', provider: 'offline', at: SEPTEMBER })
		const paid = await createTestPayment(office.db, (await createTestAccount(office.db, 'student')).account, {
			event,
			at: new Date(Date.UTC(2026, 8, 20, 20, 0)),
		})
		const list = (oFilter: Record<string, string | number>) => office.call(path('list'), { token, query: { oFilter } })

		const pendingOnes = await list({ sStatus: 'pending', iEventId: event.id })
		expect(pendingOnes.status).toBe(200)
		expect(pendingOnes.body.data.aPayments.map((p: { iPaymentId: number }) => p.iPaymentId)).toEqual([pending.payment.id])
		expect(pendingOnes.body.data.aPayments[0]).toMatchObject({
			iEventId: event.id,
			sPayerName: 'Meera Joshi',
			sUserType: 'M',
			nTotalPaise: 118_000,
			sStatus: 'pending',
			sProvider: 'offline',
		})

		expect((await list({ sSearch: account.number })).body.data.aPayments).toHaveLength(1)
		// The reference a member reads out at the counter: short, unambiguous, found however it is typed.
		const reference = pending.payment.providerReference
		expect(reference).toMatch(/^[A-Z0-9]{1,4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/)
		for (const typed of [reference, reference.toLowerCase().replaceAll('-', ' '), reference.replaceAll('-', '')]) {
			const found = await list({ sSearch: typed })
			expect(
				found.body.data.aPayments.map((p: { iPaymentId: number; sReference: string }) => [p.iPaymentId, p.sReference]),
				typed,
			).toEqual([[pending.payment.id, reference]])
		}
		// 20 September 20:00 UTC is 21 September in India.
		expect(
			(await list({ iEventId: event.id, dFrom: '2026-09-21', dTo: '2026-09-21' })).body.data.aPayments.map((p: { iPaymentId: number }) => p.iPaymentId),
		).toEqual([paid.payment.id])
		expect((await list({ iEventId: event.id, dTo: '2026-09-20' })).body.data.nTotal).toBe(1)
		const paged = await office.call(path('list'), { token, query: { oFilter: { iEventId: event.id }, oPaging: { nPage: 2, nPageSize: 1 } } })
		expect(paged.body.data).toMatchObject({ nTotal: 2, nPage: 2, nPageSize: 1 })
		expect(paged.body.data.aPayments).toHaveLength(1)
	})

	test('bad filters are a 400 naming them; members and strangers are refused', async () => {
		const bad = await office.call(path('list'), { token, query: { oFilter: { sStatus: 'lost', dFrom: '21/09/2026' } } })
		expect(bad.status).toBe(400)
		expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['oFilter.sStatus', 'oFilter.dFrom']))
		const member = await createTestAccount(office.db, 'member')
		expect((await office.call(path('list'), { token: member.token })).status).toBe(401)
		expect((await office.call(path('list'))).status).toBe(401)
	})
})

describe('confirming and refunding', () => {
	test('a confirmation records how the office was paid; the invoice can be downloaded', async () => {
		const { account } = await createTestAccount(office.db, 'member')
		const { payment } = await createTestPayment(office.db, account, { status: 'pending', provider: 'offline' })
		const noInvoice = await office.file(path('invoice', payment.id), { token })
		expect(noInvoice.status).toBe(404)
		const answer = await office.call(path('confirm', payment.id), { token, body: { sMode: 'upi', sReference: 'UPI-4471' } })
		expect(answer.status).toBe(200)
		const [row] = await office.db.select().from(payments).where(eq(payments.id, payment.id))
		expect(row).toMatchObject({ status: 'paid', offlineMode: 'upi', offlineReference: 'UPI-4471', settledBy: staffId })
		// Confirmed again (a second press, or another person): told, nothing changed.
		const again = await office.call(path('confirm', payment.id), { token, body: { sMode: 'cash', sReference: 'OTHER' } })
		expect(again.body).toMatchObject({ message: 'This payment was already confirmed; nothing was changed.', data: { sInvoiceNumber: row!.invoiceNumber } })
		const invoice = await office.file(path('invoice', payment.id), { token })
		expect(invoice.headers.get('content-type')).toBe('application/pdf')
		expect((await pdfText(invoice.bytes)).text).toContain(`Invoice number: ${row!.invoiceNumber}`)
	})

	test('a mode without a reference is refused beside the field', async () => {
		const { account } = await createTestAccount(office.db, 'member')
		const { payment } = await createTestPayment(office.db, account, { status: 'pending', provider: 'offline' })
		const answer = await office.call(path('confirm', payment.id), { token, body: { sMode: 'cash' } })
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.sReference).toEqual(['Give the mode and the reference together'])
	})

	test('a refund issues a credit note against the invoice, downloadable as a PDF', async () => {
		const { account } = await createTestAccount(office.db, 'member', { fullName: 'Kiran Patil' })
		const { payment } = await createTestPayment(office.db, account, { at: SEPTEMBER })
		expect((await office.file(path('creditNote', payment.id), { token })).status).toBe(404)
		const answer = await office.call(path('refund', payment.id), {
			token,
			body: { sMode: 'upi', sReference: 'UPI-R-5521', sReason: 'Event postponed; fee returned' },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.data.sCreditNoteNumber).toMatch(/^TST\/C\d{4}\/\d{5}$/)
		const [note] = await office.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))
		expect(note).toMatchObject({
			number: answer.body.data.sCreditNoteNumber,
			reason: 'Event postponed; fee returned',
			totalPaise: payment.totalPaise,
			issuedBy: staffId,
			refundMode: 'upi',
			refundReference: 'UPI-R-5521',
		})
		const document = await office.file(path('creditNote', payment.id), { token })
		expect(document.headers.get('content-disposition')).toContain('credit-note-TST-C')
		const { text } = await pdfText(document.bytes)
		for (const expected of [
			'Credit Note',
			`Credit note number: ${note!.number}`,
			`Against invoice: ${payment.invoiceNumber}`,
			'Invoice date: 15 September 2026',
			'Credited to',
			'Kiran Patil',
			'Total credited 1,180.00',
			'Event postponed; fee returned',
			'Refunded by',
			'UPI, reference UPI-R-5521',
		]) {
			expect(text).toContain(expected)
		}
		// Refunded once only: a second refund is told so, and no second note exists.
		const again = await office.call(path('refund', payment.id), { token, body: { sMode: 'cash', sReason: 'again' } })
		expect(again.status).toBe(409)
		expect(again.body.message).toBe('This payment has already been refunded.')
		expect(await office.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))).toHaveLength(1)
	})
})

test('the payer sees the credit note beside the receipt and downloads it; nobody else can', async () => {
	const payer = await createTestAccount(office.db, 'member')
	const { payment } = await createTestPayment(office.db, payer.account, { at: SEPTEMBER })
	const { payment: refunded } = await refundPayment(office.db, {
		paymentId: payment.id,
		settledBy: staffId,
		reason: 'Refund asked for',
		invoicePrefix: 'TST',
		refund: { mode: 'cash', reference: null },
	})
	const list = await office.call(RECEIPT_PATHS.payments('member'), { token: payer.token })
	expect(list.body.data.find((item: { iPaymentId: number }) => item.iPaymentId === payment.id)).toMatchObject({
		sStatus: 'refunded',
		sCreditNoteNumber: refunded.sCreditNoteNumber,
	})
	const own = await office.file(RECEIPT_PATHS.creditNote('member', payment.id), { token: payer.token })
	expect(own.status).toBe(200)
	expect((await pdfText(own.bytes)).text).toContain(`Credit note number: ${refunded.sCreditNoteNumber}`)
	const stranger = await createTestAccount(office.db, 'member')
	expect((await office.call(RECEIPT_PATHS.creditNote('member', payment.id), { token: stranger.token })).status).toBe(404)
	const paidOnly = (await createTestPayment(office.db, payer.account)).payment
	expect((await office.call(RECEIPT_PATHS.creditNote('member', paidOnly.id), { token: payer.token })).body.message).toBe(
		'There is no credit note for this payment.',
	)
})

describe('credit note numbers', () => {
	test('run without gaps or duplicates when refunds race', async () => {
		const at = new Date(Date.UTC(2030, 5, 1))
		const paid = await Promise.all(
			Array.from(
				{ length: 6 },
				async () =>
					(await createTestPayment(office.db, (await createTestAccount(office.db, 'member')).account, { at: new Date(Date.UTC(2030, 4, 1)) })).payment,
			),
		)
		const results = await Promise.all(
			paid.map((payment) =>
				refundPayment(office.db, {
					paymentId: payment.id,
					settledBy: staffId,
					reason: 'race',
					invoicePrefix: 'TST',
					refund: { mode: 'cash', reference: null },
					at,
				}),
			),
		)
		const numbers = results.map((result) => result.payment.sCreditNoteNumber).sort()
		expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => formatCreditNoteNumber('TST', '2030-31', n)))
	})

	test('start again at 1 in each financial year, which turns on 1 April India time', async () => {
		const refundAt = async (at: Date) => {
			const { payment } = await createTestPayment(office.db, (await createTestAccount(office.db, 'member')).account, { at: new Date(Date.UTC(2031, 0, 1)) })
			return (
				await refundPayment(office.db, {
					paymentId: payment.id,
					settledBy: staffId,
					reason: 'year',
					invoicePrefix: 'TST',
					refund: { mode: 'cash', reference: null },
					at,
				})
			).payment.sCreditNoteNumber
		}
		// 31 March 2032 18:29 UTC is 23:59 India time: still 2031-32. A minute later it is 2032-33.
		expect(await refundAt(new Date(Date.UTC(2032, 2, 31, 18, 29)))).toBe('TST/C3132/00001')
		expect(await refundAt(new Date(Date.UTC(2032, 2, 31, 18, 31)))).toBe('TST/C3233/00001')
		expect(await refundAt(new Date(Date.UTC(2032, 2, 31, 18, 28)))).toBe('TST/C3132/00002')
	})
})
