// Online payments by day, as Razorpay settles them into the branch's bank account: every payment it
// captured (the amount, its fee with the GST on the fee, and what reaches the bank) and every
// refund it processed (taken back from a settlement), by India date, with a total a day. The CSV
// lists each day's rows followed by that day's total, the line an accountant ticks on the statement.
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm'
import { toCsv, type CsvColumn } from '~/contract/csv'
import type { OnlineSettlement, SettlementRow } from '~/contract/office/reports'
import { rupeesAsDecimal } from '~/contract/payments'
import { indiaDay } from '../../cpe/ledger'
import type { Database } from '../../db/client'
import { indiaDayEnd, indiaDayStart } from '~/utils/kolkata-date'
import { creditNotes, payments } from '../../db/schema'
import { registerRange } from './gst-register'

type Amounts = Pick<SettlementRow, 'nAmountPaise' | 'nFeePaise' | 'nFeeTaxPaise' | 'nNetPaise'>
const AMOUNT_KEYS = ['nAmountPaise', 'nFeePaise', 'nFeeTaxPaise', 'nNetPaise'] as const
const zero = (): Amounts => ({ nAmountPaise: 0, nFeePaise: 0, nFeeTaxPaise: 0, nNetPaise: 0 })

export async function onlineSettlement(db: Database, filter: { dFrom?: string; dTo?: string }, now = new Date()): Promise<OnlineSettlement> {
	const { dFrom, dTo } = registerRange(filter, now)
	const from = indiaDayStart(dFrom)
	const to = indiaDayEnd(dTo)
	const online = and(eq(payments.provider, 'razorpay'), isNotNull(payments.gatewayPaymentId))
	const [captured, refunded] = await Promise.all([
		db
			.select()
			.from(payments)
			.where(and(online, isNotNull(payments.paidAt), gte(payments.paidAt, from), lt(payments.paidAt, to)))
			.orderBy(asc(payments.paidAt)),
		db
			.select({ payment: payments, note: creditNotes.number })
			.from(payments)
			.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
			.where(and(online, isNotNull(payments.gatewayRefundId), isNotNull(payments.refundedAt), gte(payments.refundedAt, from), lt(payments.refundedAt, to)))
			.orderBy(asc(payments.refundedAt)),
	])
	const rows: SettlementRow[] = [
		...captured.map((payment) => {
			const fee = payment.gatewayFeePaise ?? 0
			return {
				dDate: indiaDay(payment.paidAt!),
				sKind: 'Payment' as const,
				sReference: payment.providerReference,
				sDocumentNumber: payment.invoiceNumber,
				sGatewayPaymentId: payment.gatewayPaymentId!,
				sGatewayRefundId: null,
				sPayerName: payment.buyerName,
				nAmountPaise: payment.totalPaise,
				nFeePaise: fee,
				nFeeTaxPaise: payment.gatewayTaxPaise ?? 0,
				nNetPaise: payment.totalPaise - fee,
			}
		}),
		// Razorpay charges no fee on a normal refund, nor returns the payment's.
		...refunded.map(({ payment, note }) => ({
			dDate: indiaDay(payment.refundedAt!),
			sKind: 'Refund' as const,
			sReference: payment.providerReference,
			sDocumentNumber: note,
			sGatewayPaymentId: payment.gatewayPaymentId!,
			sGatewayRefundId: payment.gatewayRefundId,
			sPayerName: payment.buyerName,
			nAmountPaise: -payment.totalPaise,
			nFeePaise: 0,
			nFeeTaxPaise: 0,
			nNetPaise: -payment.totalPaise,
		})),
		// Each list is in time order and the sort is stable: a day's payments, then its refunds, each as they came.
	].sort((a, b) => a.dDate.localeCompare(b.dDate) || a.sKind.localeCompare(b.sKind))
	const days = new Map<string, OnlineSettlement['aDays'][number]>()
	const total = zero()
	for (const row of rows) {
		const day = days.get(row.dDate) ?? { dDate: row.dDate, nPayments: 0, nRefunds: 0, ...zero() }
		for (const key of AMOUNT_KEYS) {
			day[key] += row[key]
			total[key] += row[key]
		}
		if (row.sKind === 'Payment') day.nPayments += 1
		else day.nRefunds += 1
		days.set(row.dDate, day)
	}
	return { dFrom, dTo, aRows: rows, aDays: [...days.values()], oTotal: total }
}

type CsvRow = SettlementRow | (OnlineSettlement['aDays'][number] & { sKind: 'Day total' })

const SETTLEMENT_COLUMNS: CsvColumn<CsvRow>[] = [
	{ header: 'Date', value: (row) => row.dDate },
	{ header: 'Kind', value: (row) => row.sKind },
	{ header: 'Reference', value: (row) => ('sReference' in row ? row.sReference : `Payments: ${row.nPayments}; refunds: ${row.nRefunds}`) },
	{ header: 'Invoice or credit note', value: (row) => ('sDocumentNumber' in row ? row.sDocumentNumber : '') },
	{ header: 'Razorpay payment', value: (row) => ('sGatewayPaymentId' in row ? row.sGatewayPaymentId : '') },
	{ header: 'Razorpay refund', value: (row) => ('sGatewayRefundId' in row ? row.sGatewayRefundId : '') },
	{ header: 'Payer', value: (row) => ('sPayerName' in row ? row.sPayerName : '') },
	{ header: 'Amount', value: (row) => rupeesAsDecimal(row.nAmountPaise) },
	{ header: 'Razorpay fee (with GST)', value: (row) => rupeesAsDecimal(row.nFeePaise) },
	{ header: 'GST on the fee', value: (row) => rupeesAsDecimal(row.nFeeTaxPaise) },
	{ header: 'Net to the bank', value: (row) => rupeesAsDecimal(row.nNetPaise) },
]

/** Each day's rows, then its total. */
export function onlineSettlementCsv(settlement: OnlineSettlement) {
	const lines: CsvRow[] = []
	for (const day of settlement.aDays) lines.push(...settlement.aRows.filter((row) => row.dDate === day.dDate), { ...day, sKind: 'Day total' })
	return toCsv(SETTLEMENT_COLUMNS, lines)
}
