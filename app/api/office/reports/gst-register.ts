// The GST register: every tax invoice and credit note dated in a range, as recorded (never
// recomputed), with totals by month. The CSV has the same rows and then one total row a month.
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm'
import { toCsv, type CsvColumn } from '~/contract/csv'
import { refundMeans } from '~/contract/vocabulary'
import type { GstAmounts, GstRegister, GstRegisterRow } from '~/contract/office/reports'
import { rupeesAsDecimal } from '~/contract/payments'
import { stateName } from '../../india-places'
import type { Database } from '../../db/client'
import { indiaDayEnd, indiaDayStart } from '~/utils/kolkata-date'
import { creditNotes, payments } from '../../db/schema'
import { indiaDay } from '../../cpe/ledger'
import { financialYearOf } from '../../payments/invoices'
import { gstStateCode } from '../../receipts/gst-states'

/**
 * GSTR-1's B2CL limit on an invoice's value (tax included): ₹2.5 lakh, lowered to ₹1 lakh for
 * invoices from 1 August 2024 (Notification No. 12/2024–Central Tax).
 */
const b2clLimitPaise = (invoiceDay: string) => (invoiceDay >= '2024-08-01' ? 1_00_000_00 : 2_50_000_00)

/** The table of GSTR-1 an invoice is reported in; IGST charged means the place of supply is in another state. */
export function invoiceSection(payment: { buyerGstin: string | null; igstPaise: number; totalPaise: number }, invoiceDay: string) {
	if (payment.buyerGstin) return 'B2B' as const
	return payment.igstPaise > 0 && payment.totalPaise > b2clLimitPaise(invoiceDay) ? ('B2CL' as const) : ('B2CS' as const)
}

/** A credit note follows its invoice: CDNR for B2B, CDNUR for B2CL, and a B2CS invoice's note reduces B2CS. */
const CREDIT_NOTE_SECTION = { B2B: 'CDNR', B2CL: 'CDNUR', B2CS: 'B2CS' } as const

const placeOfSupply = (stateCode: string) => `${stateName(stateCode)} (${gstStateCode(stateCode) ?? stateCode})`

const amountsOf = (row: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number }, sign: 1 | -1): GstAmounts => ({
	nTaxablePaise: sign * row.taxablePaise,
	nCgstPaise: sign * row.cgstPaise,
	nSgstPaise: sign * row.sgstPaise,
	nIgstPaise: sign * row.igstPaise,
	nTotalPaise: sign * row.totalPaise,
})

const AMOUNT_KEYS = ['nTaxablePaise', 'nCgstPaise', 'nSgstPaise', 'nIgstPaise', 'nTotalPaise'] as const
const zero = (): GstAmounts => ({ nTaxablePaise: 0, nCgstPaise: 0, nSgstPaise: 0, nIgstPaise: 0, nTotalPaise: 0 })
function add(into: GstAmounts, row: GstAmounts) {
	for (const key of AMOUNT_KEYS) into[key] += row[key]
}

/** Defaults: from the start of the current financial year to today, India time. */
export function registerRange(filter: { dFrom?: string; dTo?: string }, now = new Date()) {
	const today = indiaDay(now)
	return { dFrom: filter.dFrom ?? `${financialYearOf(now).slice(0, 4)}-04-01`, dTo: filter.dTo ?? today }
}

export async function gstRegister(db: Database, filter: { dFrom?: string; dTo?: string }, now = new Date()): Promise<GstRegister> {
	const { dFrom, dTo } = registerRange(filter, now)
	const from = indiaDayStart(dFrom)
	const to = indiaDayEnd(dTo)
	const [invoiced, credited] = await Promise.all([
		db
			.select()
			.from(payments)
			.where(and(isNotNull(payments.invoiceNumber), isNotNull(payments.paidAt), gte(payments.paidAt, from), lt(payments.paidAt, to)))
			.orderBy(asc(payments.invoiceFinancialYear), asc(payments.invoiceSequence)),
		db
			.select({ note: creditNotes, payment: payments })
			.from(creditNotes)
			.innerJoin(payments, eq(payments.id, creditNotes.paymentId))
			.where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
			.orderBy(asc(creditNotes.financialYear), asc(creditNotes.sequence)),
	])
	const party = (payment: typeof payments.$inferSelect) => ({
		sBuyerName: payment.buyerName,
		sBuyerGstin: payment.buyerGstin,
		sPlaceOfSupply: placeOfSupply(payment.buyerStateCode),
		nRatePercent: payment.gstRateBasisPoints / 100,
	})
	const rows: GstRegisterRow[] = [
		...invoiced.map((payment) => ({
			sDocumentType: 'Invoice' as const,
			sNumber: payment.invoiceNumber!,
			dDate: indiaDay(payment.paidAt!),
			sAgainstInvoice: null,
			sSection: invoiceSection(payment, indiaDay(payment.paidAt!)),
			...party(payment),
			sRefundedBy: null,
			...amountsOf(payment, 1),
		})),
		...credited.map(({ note, payment }) => ({
			sDocumentType: 'Credit note' as const,
			sNumber: note.number,
			dDate: indiaDay(note.issuedAt),
			sAgainstInvoice: payment.invoiceNumber,
			sSection: CREDIT_NOTE_SECTION[invoiceSection(payment, indiaDay(payment.paidAt!))],
			...party(payment),
			sRefundedBy: note.refundMode ? refundMeans(note.refundMode, note.refundReference) : null,
			...amountsOf(note, -1),
		})),
	].sort((a, b) => a.dDate.localeCompare(b.dDate) || a.sDocumentType.localeCompare(b.sDocumentType) || a.sNumber.localeCompare(b.sNumber))
	const months = new Map<string, GstRegister['aMonths'][number]>()
	const total = zero()
	for (const row of rows) {
		const sMonth = row.dDate.slice(0, 7)
		const month = months.get(sMonth) ?? { sMonth, nInvoices: 0, nCreditNotes: 0, ...zero() }
		add(month, row)
		if (row.sDocumentType === 'Invoice') month.nInvoices += 1
		else month.nCreditNotes += 1
		months.set(sMonth, month)
		add(total, row)
	}
	return { dFrom, dTo, aRows: rows, aMonths: [...months.values()], oTotal: total }
}

type CsvRow = GstRegisterRow | (GstRegister['aMonths'][number] & { sDocumentType: 'Month total' })

const REGISTER_COLUMNS: CsvColumn<CsvRow>[] = [
	{ header: 'Document type', value: (row) => row.sDocumentType },
	{ header: 'Number', value: (row) => ('sNumber' in row ? row.sNumber : '') },
	{ header: 'Date', value: (row) => ('dDate' in row ? row.dDate : row.sMonth) },
	{ header: 'Against invoice', value: (row) => ('sAgainstInvoice' in row ? row.sAgainstInvoice : '') },
	{ header: 'GSTR-1 section', value: (row) => ('sSection' in row ? row.sSection : '') },
	{ header: 'Buyer', value: (row) => ('sBuyerName' in row ? row.sBuyerName : `Invoices: ${row.nInvoices}; credit notes: ${row.nCreditNotes}`) },
	{ header: 'Buyer GSTIN', value: (row) => ('sBuyerGstin' in row ? row.sBuyerGstin : '') },
	{ header: 'Place of supply', value: (row) => ('sPlaceOfSupply' in row ? row.sPlaceOfSupply : '') },
	{ header: 'GST rate %', value: (row) => ('nRatePercent' in row ? row.nRatePercent : '') },
	{ header: 'Taxable value', value: (row) => rupeesAsDecimal(row.nTaxablePaise) },
	{ header: 'CGST', value: (row) => rupeesAsDecimal(row.nCgstPaise) },
	{ header: 'SGST', value: (row) => rupeesAsDecimal(row.nSgstPaise) },
	{ header: 'IGST', value: (row) => rupeesAsDecimal(row.nIgstPaise) },
	{ header: 'Total', value: (row) => rupeesAsDecimal(row.nTotalPaise) },
	{ header: 'Refunded by', value: (row) => ('sRefundedBy' in row ? row.sRefundedBy : '') },
]

export const gstRegisterCsv = (register: GstRegister) =>
	toCsv(REGISTER_COLUMNS, [...register.aRows, ...register.aMonths.map((month) => ({ ...month, sDocumentType: 'Month total' as const }))])
