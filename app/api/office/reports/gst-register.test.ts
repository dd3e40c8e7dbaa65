// The GST register against the invoices and credit notes it lists: every row adds up, the month
// totals are the sums of their rows, credit notes subtract, and the CSV carries the same figures.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { officeReportEndpoints } from '~/contract/office/reports'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { refundPayment } from '../../payments/refund'
import { insertTestEvent } from '#tests/setup/registrations'
import { invoiceSection } from './gst-register'

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

const path = officeReportEndpoints.gstRegister.path
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`)

test('invoices and credit notes of the range, each adding up, totals by month and in all', async () => {
	const inState = await createTestAccount(office.db, 'member', { fullName: 'Firm Buyer', gstNumber: '27ABCDE1234F1Z5', firmCompanyName: 'Buyer & Co' })
	const outOfState = await createTestAccount(office.db, 'student', { fullName: 'Karnataka Student', stateCode: 'KA' })
	const a = await createTestPayment(office.db, inState.account, { at: at('2028-05-03') })
	const b = await createTestPayment(office.db, outOfState.account, { at: at('2028-05-31', '23:50') })
	const c = await createTestPayment(office.db, outOfState.account, { at: at('2028-06-02') })
	await refundPayment(office.db, {
		paymentId: a.payment.id,
		settledBy: staffId,
		reason: 'Cancelled',
		invoicePrefix: 'TST',
		refund: { mode: 'bank-transfer', reference: 'NEFT 88301' },
		at: at('2028-06-10'),
	})
	// Outside the range: not listed.
	await createTestPayment(office.db, inState.account, { at: at('2028-07-01', '00:10') })

	const answer = await office.call(path, { token, query: { oFilter: { dFrom: '2028-05-01', dTo: '2028-06-30' } } })
	expect(answer.status).toBe(200)
	const register = answer.body.data
	expect(register.aRows.map((row: { sDocumentType: string; dDate: string; sSection: string }) => [row.sDocumentType, row.dDate, row.sSection])).toEqual([
		['Invoice', '2028-05-03', 'B2B'],
		['Invoice', '2028-05-31', 'B2CS'],
		['Invoice', '2028-06-02', 'B2CS'],
		['Credit note', '2028-06-10', 'CDNR'],
	])
	for (const row of register.aRows) expect(row.nTaxablePaise + row.nCgstPaise + row.nSgstPaise + row.nIgstPaise).toBe(row.nTotalPaise)
	const note = register.aRows[3]
	expect(note).toMatchObject({
		sRefundedBy: 'Bank transfer, reference NEFT 88301',
		sAgainstInvoice: a.payment.invoiceNumber,
		sBuyerGstin: '27ABCDE1234F1Z5',
		sPlaceOfSupply: 'Maharashtra (27)',
		nTotalPaise: -a.payment.totalPaise,
	})
	expect(register.aRows[1]).toMatchObject({ sPlaceOfSupply: 'Karnataka (29)', nCgstPaise: 0, nIgstPaise: b.payment.igstPaise })

	// The sums, worked out from the payments themselves.
	const [may, june] = register.aMonths
	expect(may).toMatchObject({
		sMonth: '2028-05',
		nInvoices: 2,
		nCreditNotes: 0,
		nTotalPaise: a.payment.totalPaise + b.payment.totalPaise,
		nTaxablePaise: a.payment.taxablePaise + b.payment.taxablePaise,
	})
	expect(june).toMatchObject({
		sMonth: '2028-06',
		nInvoices: 1,
		nCreditNotes: 1,
		nTotalPaise: c.payment.totalPaise - a.payment.totalPaise,
		nCgstPaise: -a.payment.cgstPaise,
	})
	expect(register.oTotal.nTotalPaise).toBe(b.payment.totalPaise + c.payment.totalPaise)
	expect(register.oTotal.nIgstPaise).toBe(b.payment.igstPaise + c.payment.igstPaise)

	const csv = await office.file(path, { token, query: { oFilter: { dFrom: '2028-05-01', dTo: '2028-06-30' }, sFormat: 'csv' } })
	const lines = new TextDecoder('utf-8', { ignoreBOM: true })
		.decode(csv.bytes)
		.replace(/^\uFEFF/, '')
		.trimEnd()
		.split('\r\n')
	expect(lines[0]).toBe(
		'Document type,Number,Date,Against invoice,GSTR-1 section,Buyer,Buyer GSTIN,Place of supply,GST rate %,Taxable value,CGST,SGST,IGST,Total,Refunded by',
	)
	expect(lines).toHaveLength(1 + 4 + 2)
	expect(lines[4]).toContain(
		`Credit note,${note.sNumber},2028-06-10,${a.payment.invoiceNumber},CDNR,Firm Buyer,27ABCDE1234F1Z5,Maharashtra (27),18,-1000.00,-90.00,-90.00,0.00,-1180.00,"Bank transfer, reference NEFT 88301"`,
	)
	expect(lines[6]).toBe('Month total,,2028-06,,,Invoices: 1; credit notes: 1,,,,0.00,-90.00,-90.00,180.00,0.00,')
})

test('GSTR-1 sections: a credit note against a small B2C invoice reduces B2CS; CDNUR only against B2CL', async () => {
	const inState = await createTestAccount(office.db, 'member', { fullName: 'Local Member' })
	const away = await createTestAccount(office.db, 'member', { fullName: 'Goa Member', stateCode: 'GA' })
	const course = await insertTestEvent(office.db, at('2029-01-20'), { feePaise: 1_50_000_00 })
	const small = await createTestPayment(office.db, inState.account, { at: at('2029-01-05') })
	const large = await createTestPayment(office.db, away.account, { event: course, at: at('2029-01-06') })
	const largeLocal = await createTestPayment(office.db, inState.account, { event: course, at: at('2029-01-07') })
	for (const payment of [small, large, largeLocal])
		await refundPayment(office.db, {
			paymentId: payment.payment.id,
			settledBy: staffId,
			reason: 'Cancelled',
			invoicePrefix: 'TST',
			refund: { mode: 'cash', reference: null },
			at: at('2029-01-15'),
		})
	const answer = await office.call(path, { token, query: { oFilter: { dFrom: '2029-01-01', dTo: '2029-01-31' } } })
	const section = (type: string, invoice: string | null) =>
		answer.body.data.aRows.find(
			(row: { sDocumentType: string; sNumber: string; sAgainstInvoice: string | null }) =>
				row.sDocumentType === type && (type === 'Invoice' ? row.sNumber : row.sAgainstInvoice) === invoice,
		)?.sSection
	expect([small, large, largeLocal].map(({ payment }) => [section('Invoice', payment.invoiceNumber), section('Credit note', payment.invoiceNumber)])).toEqual([
		['B2CS', 'B2CS'],
		['B2CL', 'CDNUR'],
		// Within the state, however large, an unregistered buyer's invoice is B2CS.
		['B2CS', 'B2CS'],
	])
	expect(invoiceSection({ buyerGstin: null, igstPaise: 1, totalPaise: 2_00_000_00 }, '2024-07-31')).toBe('B2CS')
	expect(invoiceSection({ buyerGstin: null, igstPaise: 1, totalPaise: 2_00_000_00 }, '2024-08-01')).toBe('B2CL')
})

test('an empty range is a valid register and a CSV with its header; a reversed range is a 400', async () => {
	const empty = await office.call(path, { token, query: { oFilter: { dFrom: '2040-01-01', dTo: '2040-01-31' } } })
	expect(empty.body.data).toMatchObject({ aRows: [], aMonths: [], oTotal: { nTotalPaise: 0 } })
	const csv = await office.file(path, { token, query: { oFilter: { dFrom: '2040-01-01', dTo: '2040-01-31' }, sFormat: 'csv' } })
	expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.bytes).trimEnd().split('\r\n')).toHaveLength(1)
	const reversed = await office.call(path, { token, query: { oFilter: { dFrom: '2028-02-01', dTo: '2028-01-01' } } })
	expect(reversed.status).toBe(400)
	expect(reversed.body.errors?.['oFilter.dTo']).toEqual(['The end date must be on or after the start date.'])
	expect((await office.call(path, { token, query: { oFilter: { dFrom: '2028-13-01' } } })).status).toBe(400)
})
