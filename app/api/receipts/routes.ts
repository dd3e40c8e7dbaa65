// The signed-in person's payments and the tax invoice and receipt of each, for members
// and students alike: each sees only their own.
import { Hono } from 'hono'
import type { Role } from '~/contract/constants'
import { creditNoteFileName, RECEIPT_MESSAGES, RECEIPT_PATHS, receiptFileName } from '~/contract/receipts'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { branchSettings } from '../branch-settings'
import { ApiError, fileAnswer, ok, readRecordId } from '../http'
import { creditNotePdf, receiptPdf } from './receipt-pdf'
import { findInvoicedPayment, listPayments, receiptDocument } from './service'

const ROLES: Role[] = ['member', 'student']

export const receiptRoutes = new Hono<ApiEnv>()

for (const role of ROLES) {
	receiptRoutes.get(RECEIPT_PATHS.payments(role), async (c) => {
		const { account } = await requireAccount(c, role)
		c.header('Cache-Control', 'private, no-store')
		return ok(c, RECEIPT_MESSAGES.payments, await listPayments(c.get('deps').db, account.id))
	})
	receiptRoutes.get(RECEIPT_PATHS.receipt(role, ':iPaymentId'), async (c) => {
		const { account } = await requireAccount(c, role)
		const deps = branchSettings(c)
		const paymentId = readRecordId(c, 'iPaymentId', RECEIPT_MESSAGES.noReceipt)
		// Someone else's payment answers exactly as one that does not exist: nothing is revealed.
		const payment = await findInvoicedPayment(c.get('deps').db, account.id, paymentId)
		if (!payment) throw new ApiError(404, RECEIPT_MESSAGES.noReceipt)
		const pdf = await receiptPdf(receiptDocument(payment, account, deps))
		return fileAnswer(pdf, 'application/pdf', receiptFileName(payment.payment.invoiceNumber!))
	})
	receiptRoutes.get(RECEIPT_PATHS.creditNote(role, ':iPaymentId'), async (c) => {
		const { account } = await requireAccount(c, role)
		const paymentId = readRecordId(c, 'iPaymentId', RECEIPT_MESSAGES.noCreditNote)
		const payment = await findInvoicedPayment(c.get('deps').db, account.id, paymentId)
		const note = payment?.creditNote
		if (!payment || !note) throw new ApiError(404, RECEIPT_MESSAGES.noCreditNote)
		const pdf = await creditNotePdf({ ...receiptDocument(payment, account, branchSettings(c)), creditNote: { number: note.number, issuedAt: note.issuedAt, reason: note.reason } })
		return fileAnswer(pdf, 'application/pdf', creditNoteFileName(note.number))
	})
}
