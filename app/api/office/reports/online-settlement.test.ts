// Online payments by day against what the test gateway reported: each Razorpay payment with its fee
// and net, a refund made through the gateway with its credit note, desk and sandbox payments left
// out, totals a day, and the CSV with each day's total after its rows.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { officeReportEndpoints } from '~/contract/office/reports'
import { startRazorpayGateway } from '../../../../scripts/razorpay-gateway.mjs'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { TEST_RAZORPAY_KEYS } from '#tests/setup/razorpay'
import { payments } from '../../db/schema'
import { razorpayGateway, type Gateway, type GatewayPayment } from '../../payments/razorpay'
import { refundPayment } from '../../payments/refund'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let gatewayServer: Awaited<ReturnType<typeof startRazorpayGateway>>
let gateway: Gateway
let token: string
let staffId: number
beforeAll(async () => {
	office = await createOfficeApi()
	gatewayServer = await startRazorpayGateway(TEST_RAZORPAY_KEYS)
	gateway = razorpayGateway({ ...TEST_RAZORPAY_KEYS, apiUrl: gatewayServer.url, checkoutScriptUrl: `${gatewayServer.url}/v1/checkout.js` })
	const staff = await createTestStaff(office.db, undefined, 'accounts')
	token = staff.token
	staffId = staff.staff.id
})
afterAll(async () => {
	await gatewayServer?.close()
	await office?.close()
})

const path = officeReportEndpoints.onlineSettlement.path
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`)

/** A payment paid through the test gateway on `day`: the order made and paid there, its id and fee recorded as the portal records them. */
async function paidOnline(account: Awaited<ReturnType<typeof createTestAccount>>['account'], when: Date) {
	const { payment } = await createTestPayment(office.db, account, { provider: 'razorpay', at: when })
	const order = await gateway.createOrder({ amountPaise: payment.totalPaise, receipt: payment.providerReference, notes: {} })
	const paid = await fetch(`${gatewayServer.url}/__gateway/orders/${order.id}/pay`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
	})
	const captured = ((await paid.json()) as { payment: GatewayPayment }).payment
	const [row] = await office.db
		.update(payments)
		.set({
			gatewayOrderId: order.id,
			gatewayPaymentId: captured.id,
			gatewayStatus: captured.status,
			gatewayFeePaise: captured.fee,
			gatewayTaxPaise: captured.tax,
		})
		.where(eq(payments.id, payment.id))
		.returning()
	return { payment: row!, captured }
}

test('each online payment with Razorpay’s fee and the net, refunds taken off, a total a day; desk and sandbox payments left out', async () => {
	const member = await createTestAccount(office.db, 'member', { fullName: 'Online Payer' })
	const student = await createTestAccount(office.db, 'student', { fullName: 'Karnataka Student', stateCode: 'KA' })
	const first = await paidOnline(member.account, at('2030-08-01', '09:00'))
	const second = await paidOnline(student.account, at('2030-08-01', '23:55'))
	const third = await paidOnline(member.account, at('2030-08-02'))
	const refund = await refundPayment(office.db, {
		paymentId: first.payment.id,
		settledBy: staffId,
		reason: 'Cannot attend',
		invoicePrefix: 'TST',
		gateway,
		at: at('2030-08-02', '15:00'),
	})
	// Not online, or not in the range: not listed.
	await createTestPayment(office.db, member.account, { provider: 'offline', at: at('2030-08-01') })
	await createTestPayment(office.db, member.account, { provider: 'sandbox', at: at('2030-08-01') })
	await paidOnline(member.account, at('2030-08-03', '00:05'))

	const answer = await office.call(path, { token, query: { oFilter: { dFrom: '2030-08-01', dTo: '2030-08-02' } } })
	expect(answer.status).toBe(200)
	const report = answer.body.data
	const net = (p: { payment: { totalPaise: number }; captured: GatewayPayment }) => p.payment.totalPaise - p.captured.fee!
	expect(first.captured.fee).toBeGreaterThan(0)
	expect(report.aRows).toEqual([
		expect.objectContaining({
			dDate: '2030-08-01',
			sKind: 'Payment',
			sReference: first.payment.providerReference,
			sDocumentNumber: first.payment.invoiceNumber,
			sGatewayPaymentId: first.captured.id,
			nAmountPaise: first.payment.totalPaise,
			nFeePaise: first.captured.fee,
			nFeeTaxPaise: first.captured.tax,
			nNetPaise: net(first),
		}),
		expect.objectContaining({ dDate: '2030-08-01', sKind: 'Payment', sPayerName: 'Karnataka Student', nNetPaise: net(second) }),
		expect.objectContaining({ dDate: '2030-08-02', sKind: 'Payment', sGatewayPaymentId: third.captured.id, nNetPaise: net(third) }),
		expect.objectContaining({
			dDate: '2030-08-02',
			sKind: 'Refund',
			sReference: first.payment.providerReference,
			sDocumentNumber: refund.payment.sCreditNoteNumber,
			sGatewayRefundId: expect.stringMatching(/^rfnd_/),
			nAmountPaise: -first.payment.totalPaise,
			nFeePaise: 0,
			nNetPaise: -first.payment.totalPaise,
		}),
	])
	expect(refund.payment.sCreditNoteNumber).toMatch(/^TST\//)
	expect(report.aDays).toEqual([
		{
			dDate: '2030-08-01',
			nPayments: 2,
			nRefunds: 0,
			nAmountPaise: first.payment.totalPaise + second.payment.totalPaise,
			nFeePaise: first.captured.fee! + second.captured.fee!,
			nFeeTaxPaise: first.captured.tax! + second.captured.tax!,
			nNetPaise: net(first) + net(second),
		},
		{
			dDate: '2030-08-02',
			nPayments: 1,
			nRefunds: 1,
			nAmountPaise: third.payment.totalPaise - first.payment.totalPaise,
			nFeePaise: third.captured.fee!,
			nFeeTaxPaise: third.captured.tax!,
			nNetPaise: net(third) - first.payment.totalPaise,
		},
	])
	expect(report.oTotal.nNetPaise).toBe(net(first) + net(second) + net(third) - first.payment.totalPaise)

	const csv = await office.file(path, { token, query: { oFilter: { dFrom: '2030-08-01', dTo: '2030-08-02' }, sFormat: 'csv' } })
	expect(csv.headers.get('content-disposition')).toContain('online-payments-2030-08-01-to-2030-08-02.csv')
	const lines = new TextDecoder('utf-8', { ignoreBOM: true })
		.decode(csv.bytes)
		.replace(/^\uFEFF/, '')
		.trimEnd()
		.split('\r\n')
	expect(lines[0]).toBe(
		'Date,Kind,Reference,Invoice or credit note,Razorpay payment,Razorpay refund,Payer,Amount,Razorpay fee (with GST),GST on the fee,Net to the bank',
	)
	expect(lines.map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
		'Date,Kind',
		'2030-08-01,Payment',
		'2030-08-01,Payment',
		'2030-08-01,Day total',
		'2030-08-02,Payment',
		'2030-08-02,Refund',
		'2030-08-02,Day total',
	])
	const rupees = (paise: number) => (paise / 100).toFixed(2)
	expect(lines[3]).toBe(
		`2030-08-01,Day total,Payments: 2; refunds: 0,,,,,${rupees(first.payment.totalPaise + second.payment.totalPaise)},${rupees(first.captured.fee! + second.captured.fee!)},${rupees(first.captured.tax! + second.captured.tax!)},${rupees(net(first) + net(second))}`,
	)
	expect(lines[5]).toContain(`,-${rupees(first.payment.totalPaise)},0.00,0.00,-${rupees(first.payment.totalPaise)}`)
})

test('a date range the wrong way round is refused with a clear message', async () => {
	const answer = await office.call(path, { token, query: { oFilter: { dFrom: '2030-08-02', dTo: '2030-08-01' } } })
	expect(answer.status).toBe(400)
	expect(JSON.stringify(answer.body)).toContain('The end date must be on or after the start date.')
})
