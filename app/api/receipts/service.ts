// A person's payments as the list shows them, and the tax invoice of one of them.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { PaymentListItem } from '~/contract/receipts'
import { stateName } from '../india-places'
import type { Account } from '../accounts/service'
import type { BranchSettings } from '../branch-settings'
import type { Database } from '../db/client'
import type { DocumentStamp } from '../stamps/codes'
import { accounts, creditNotes, eventRegistrations, events, payments } from '../db/schema'
import { gstStateCode } from './gst-states'
import { refundMeans } from '~/contract/vocabulary'
import { stampOf } from '../stamps/codes'
import { creditNotePdf, formatIndiaDate, receiptPdf, type PlaceOfState, type ReceiptDocument } from './receipt-pdf'

/** Statuses whose payment has an invoice number, and so a tax invoice: a refunded one keeps its document. */
const INVOICED = ['paid', 'refunded'] as const

const hasReceipt = (payment: Pick<typeof payments.$inferSelect, 'status' | 'invoiceNumber' | 'paidAt'>) =>
	payment.invoiceNumber !== null && payment.paidAt !== null && (INVOICED as readonly string[]).includes(payment.status)

export async function listPayments(db: Database, accountId: number): Promise<PaymentListItem[]> {
	const rows = await db
		.select({ payment: payments, eventId: events.id, eventTitle: events.title, eventStartsAt: events.startsAt, creditNoteNumber: creditNotes.number })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
		.where(eq(payments.accountId, accountId))
		.orderBy(desc(payments.createdAt), desc(payments.id))
	return rows.map(({ payment, eventId, eventTitle, eventStartsAt, creditNoteNumber }) => ({
		iPaymentId: payment.id,
		iEventId: eventId,
		sEventTitle: eventTitle,
		dEventStartDate: eventStartsAt.toISOString(),
		dCreatedAt: payment.createdAt.toISOString(),
		dPaidAt: payment.paidAt?.toISOString() ?? null,
		dRefundedAt: payment.refundedAt?.toISOString() ?? null,
		sStatus: payment.status,
		sProvider: payment.provider,
		nTaxablePaise: payment.taxablePaise,
		nCgstPaise: payment.cgstPaise,
		nSgstPaise: payment.sgstPaise,
		nIgstPaise: payment.igstPaise,
		nTaxPaise: payment.cgstPaise + payment.sgstPaise + payment.igstPaise,
		nTotalPaise: payment.totalPaise,
		sInvoiceNumber: payment.invoiceNumber,
		bHasReceipt: hasReceipt(payment),
		sCreditNoteNumber: creditNoteNumber,
	}))
}

/** The owner's invoiced payment with its event; undefined for anything else (someone else's, pending, failed, unknown). */
export async function findInvoicedPayment(db: Database, accountId: number, paymentId: number) {
	const [row] = await db
		.select({ payment: payments, eventTitle: events.title, eventStartsAt: events.startsAt, creditNote: creditNotes })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
		.where(and(eq(payments.id, paymentId), eq(payments.accountId, accountId), inArray(payments.status, [...INVOICED]), isNotNull(payments.invoiceNumber)))
		.limit(1)
	return row && hasReceipt(row.payment) ? row : undefined
}

const percent = (basisPoints: number) => String(basisPoints / 100)

const place = (stateCode: string): PlaceOfState => ({ name: stateName(stateCode), gstCode: gstStateCode(stateCode) })

type InvoicedPayment = NonNullable<Awaited<ReturnType<typeof findInvoicedPayment>>>

/** What the document shows: the payment as it was recorded, the branch as it is configured. */
export function receiptDocument(
	{ payment, eventTitle, eventStartsAt }: InvoicedPayment,
	account: Account,
	{ billing, branch }: Pick<BranchSettings, 'billing' | 'branch'>,
	stamp: DocumentStamp,
): ReceiptDocument {
	const rate = payment.gstRateBasisPoints
	// The kind of GST follows the amounts recorded; with no tax at all, it follows the states.
	const interState = payment.igstPaise > 0 || (payment.cgstPaise === 0 && payment.buyerStateCode !== billing.stateCode)
	const taxes: ReceiptDocument['taxes'] = interState
		? [{ label: 'IGST', ratePercent: percent(rate), paise: payment.igstPaise }]
		: [
				{ label: 'CGST', ratePercent: percent(rate / 2), paise: payment.cgstPaise },
				{ label: 'SGST', ratePercent: percent(rate / 2), paise: payment.sgstPaise },
			]
	return {
		invoiceNumber: payment.invoiceNumber!,
		paidAt: payment.paidAt!,
		refundedAt: payment.status === 'refunded' ? (payment.refundedAt ?? null) : null,
		status: payment.status as ReceiptDocument['status'],
		provider: payment.provider,
		providerReference: payment.providerReference,
		supplier: { ...branch, gstin: billing.gstin, state: place(billing.stateCode) },
		buyer: {
			name: payment.buyerName,
			numberLabel: account.userType === 'M' ? 'Membership number' : 'Registration number',
			number: payment.buyerNumber ?? account.number,
			firmName: payment.buyerFirmName,
			gstin: payment.buyerGstin,
			state: place(payment.buyerStateCode),
		},
		line: {
			description: `${eventTitle}, ${formatIndiaDate(eventStartsAt)}${payment.feeLabel ? ` (${payment.feeLabel})` : ''}`,
			sacCode: billing.sacCode,
			taxablePaise: payment.taxablePaise,
		},
		taxes,
		totalPaise: payment.totalPaise,
		stamp,
	}
}

/** The credit note of a refunded payment, as a PDF: for the payer, the office and the mail that sends it. */
/** What issued documents need from the branch's settings. */
type DocumentSettingsOf = Pick<BranchSettings, 'billing' | 'branch' | 'documents'>

/** A payment's tax invoice and receipt as a PDF, with its verification code. */
export async function invoiceDocument(db: Database, row: InvoicedPayment, account: Account, settings: DocumentSettingsOf) {
	const { stamp } = await stampOf(db, settings.documents, 'invoice', row.payment.id)
	return receiptPdf(receiptDocument(row, account, settings, stamp))
}

/** A refund's credit note as a PDF, with how the money went back and its verification code. */
export async function creditNoteDocument(
	db: Database,
	row: InvoicedPayment & { creditNote: typeof creditNotes.$inferSelect },
	account: Account,
	settings: DocumentSettingsOf,
) {
	const { number, issuedAt, reason, refundMode, refundReference } = row.creditNote
	const refundedBy = refundMode ? refundMeans(refundMode, refundReference) : null
	const { stamp } = await stampOf(db, settings.documents, 'credit-note', row.creditNote.id)
	return creditNotePdf({ ...receiptDocument(row, account, settings, stamp), creditNote: { number, issuedAt, reason, refundedBy } })
}

/** One payment with its account and credit note, for the office's documents; undefined when unknown. */
export async function findPaymentForDocuments(db: Database, paymentId: number) {
	const [row] = await db
		.select({ payment: payments, eventTitle: events.title, eventStartsAt: events.startsAt, account: accounts, creditNote: creditNotes })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, payments.accountId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
		.where(eq(payments.id, paymentId))
		.limit(1)
	return row
}
