// The signed-in person's payments and the tax invoice and receipt of each, for members
// and students alike: each sees only their own.
import { Hono } from 'hono'
import { creditNoteFileName, RECEIPT_MESSAGES, receiptEndpoints, receiptFileName } from '~/contract/receipts'
import { handle } from '../endpoints'
import { ApiError, fileAnswer } from '../http'
import { creditNoteDocument, findInvoicedPayment, invoiceDocument, listPayments } from './service'
import { type ApiEnv, branchSettings } from '../env'

export const receiptRoutes = new Hono<ApiEnv>()

handle(receiptRoutes, receiptEndpoints.payments, async ({ deps: { db }, caller: { account } }) => ({
	message: RECEIPT_MESSAGES.payments,
	data: await listPayments(db, account.id),
}))

handle(receiptRoutes, receiptEndpoints.receipt, async ({ c, deps: { db }, caller: { account }, params: { iPaymentId } }) => {
	// Someone else's payment answers exactly as one that does not exist: nothing is revealed.
	const payment = await findInvoicedPayment(db, account.id, iPaymentId)
	if (!payment) throw new ApiError(404, RECEIPT_MESSAGES.noReceipt)
	const pdf = await invoiceDocument(db, payment, account, branchSettings(c))
	return fileAnswer(pdf, 'application/pdf', receiptFileName(payment.payment.invoiceNumber!))
})

handle(receiptRoutes, receiptEndpoints.creditNote, async ({ c, deps: { db }, caller: { account }, params: { iPaymentId } }) => {
	const payment = await findInvoicedPayment(db, account.id, iPaymentId)
	const note = payment?.creditNote
	if (!payment || !note) throw new ApiError(404, RECEIPT_MESSAGES.noCreditNote)
	const pdf = await creditNoteDocument(db, { ...payment, creditNote: note }, account, branchSettings(c))
	return fileAnswer(pdf, 'application/pdf', creditNoteFileName(note.number))
})
