// A signed-in person's payments and their tax invoices and receipts, shared by the portal
// and the branch API. Amounts are integer paise, as the invoice shows them.
import { z } from 'zod'
import { recordIdSchema } from './api'
import type { Role } from './constants'
import type { PaymentProvider, PaymentStatus } from './payments'

export const RECEIPT_PATHS = {
	/** The caller's payments, newest first. */
	payments: (role: Role) => `/${role}/payments/v1`,
	/** One payment's tax invoice and receipt as a PDF: only its owner, only when it has an invoice number. */
	receipt: (role: Role, iPaymentId: number | string) => `/${role}/payments/${iPaymentId}/receipt/v1`,
	/** The credit note of a refunded payment as a PDF: only its owner. */
	creditNote: (role: Role, iPaymentId: number | string) => `/${role}/payments/${iPaymentId}/credit-note/v1`,
} as const

export const RECEIPT_MESSAGES = {
	payments: 'Your payments',
	/** The same answer whether the payment is someone else's, has no invoice yet or does not exist. */
	noReceipt: 'There is no receipt for this payment.',
	noCreditNote: 'There is no credit note for this payment.',
} as const

export type PaymentListItem = {
	iPaymentId: number
	iEventId: number
	sEventTitle: string
	dEventStartDate: string
	/** When the payment was started; the list is newest first by it. */
	dCreatedAt: string
	dPaidAt: string | null
	dRefundedAt: string | null
	sStatus: PaymentStatus
	sProvider: PaymentProvider
	nTaxablePaise: number
	nCgstPaise: number
	nSgstPaise: number
	nIgstPaise: number
	/** CGST + SGST + IGST. */
	nTaxPaise: number
	nTotalPaise: number
	/** Given when the payment is paid; a refunded payment keeps its number. */
	sInvoiceNumber: string | null
	bHasReceipt: boolean
	/** Given when the payment was refunded: the credit note issued against its invoice. */
	sCreditNoteNumber: string | null
}

/** `?iPaymentId=42` of the portal's receipt download: the same digits-only id as every record id. */
export const receiptQuerySchema = z.object({ iPaymentId: recordIdSchema, sDocument: z.enum(['receipt', 'credit-note']).default('receipt') })

/** 'receipt-SRB-26-27-00042.pdf': the invoice number with its slashes made safe for a file name. */
export const receiptFileName = (invoiceNumber: string) => `receipt-${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`
export const creditNoteFileName = (creditNoteNumber: string) => `credit-note-${creditNoteNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`

/** The portal's address of a payment's receipt (spec §2: /events/download/receipt, protected). */
export const receiptDownloadPath = (iPaymentId: number) => `/events/download/receipt?${new URLSearchParams({ iPaymentId: String(iPaymentId) })}`
/** The same page gives the credit note of a refunded payment. */
export const creditNoteDownloadPath = (iPaymentId: number) => `/events/download/receipt?${new URLSearchParams({ iPaymentId: String(iPaymentId), sDocument: 'credit-note' })}`
