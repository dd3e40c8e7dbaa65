// A signed-in person's payments and their tax invoices and receipts, shared by the portal
// and the branch API. Amounts are integer paise, as the invoice shows them.
import { z } from 'zod'
import { recordIdSchema } from './api'
import type { Role } from './constants'
import { endpoint, endpointTable, FILE_ANSWER, fillPath } from './endpoint'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payments'

export const RECEIPT_MESSAGES = {
	payments: 'Your payments',
	/** The same answer whether the payment is someone else's, has no invoice yet or does not exist. */
	noReceipt: 'There is no receipt for this payment.',
	noCreditNote: 'There is no credit note for this payment.',
} as const

export const paymentListItemSchema = z.object({
	iPaymentId: z.number().int(),
	iEventId: z.number().int(),
	sEventTitle: z.string(),
	dEventStartDate: z.string(),
	/** When the payment was started; the list is newest first by it. */
	dCreatedAt: z.string(),
	dPaidAt: z.string().nullable(),
	dRefundedAt: z.string().nullable(),
	sStatus: z.enum(PAYMENT_STATUSES),
	sProvider: z.enum(PAYMENT_PROVIDERS),
	nTaxablePaise: z.number().int(),
	nCgstPaise: z.number().int(),
	nSgstPaise: z.number().int(),
	nIgstPaise: z.number().int(),
	/** CGST + SGST + IGST. */
	nTaxPaise: z.number().int(),
	nTotalPaise: z.number().int(),
	/** Given when the payment is paid; a refunded payment keeps its number. */
	sInvoiceNumber: z.string().nullable(),
	bHasReceipt: z.boolean(),
	/** Given when the payment was refunded: the credit note issued against its invoice. */
	sCreditNoteNumber: z.string().nullable(),
})
export type PaymentListItem = z.infer<typeof paymentListItemSchema>

const paymentParams = z.object({ iPaymentId: recordIdSchema })

/** The signed-in person's payments and documents, under their role's prefix: each sees only their own. */
export const receiptEndpoints = endpointTable('receipts', {
	/** The caller's payments, newest first. */
	payments: endpoint({ method: 'GET', path: '/:role/payments/v1', access: 'account', data: z.array(paymentListItemSchema) }),
	/** One payment's tax invoice and receipt as a PDF: only its owner, only when it has an invoice number. */
	receipt: endpoint({
		method: 'GET',
		path: '/:role/payments/:iPaymentId/receipt/v1',
		access: 'account',
		params: paymentParams,
		notFound: RECEIPT_MESSAGES.noReceipt,
		data: FILE_ANSWER,
	}),
	/** The credit note of a refunded payment as a PDF: only its owner. */
	creditNote: endpoint({
		method: 'GET',
		path: '/:role/payments/:iPaymentId/credit-note/v1',
		access: 'account',
		params: paymentParams,
		notFound: RECEIPT_MESSAGES.noCreditNote,
		data: FILE_ANSWER,
	}),
})

export const RECEIPT_PATHS = {
	payments: (role: Role) => fillPath(receiptEndpoints.payments.path, { role }),
	receipt: (role: Role, iPaymentId: number | string) => fillPath(receiptEndpoints.receipt.path, { role, iPaymentId }),
	creditNote: (role: Role, iPaymentId: number | string) => fillPath(receiptEndpoints.creditNote.path, { role, iPaymentId }),
} as const

/** `?iPaymentId=42` of the portal's receipt download: the same digits-only id as every record id. */
export const receiptQuerySchema = z.object({ iPaymentId: recordIdSchema, sDocument: z.enum(['receipt', 'credit-note']).default('receipt') })

/** 'receipt-SRB-26-27-00042.pdf': the invoice number with its slashes made safe for a file name. */
export const receiptFileName = (invoiceNumber: string) => `receipt-${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`
export const creditNoteFileName = (creditNoteNumber: string) => `credit-note-${creditNoteNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`
