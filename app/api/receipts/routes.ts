// The signed-in person's payments and the tax invoice and receipt of each (issue 5), for members
// and students alike: each sees only their own.
import { Hono } from 'hono'
import type { Role } from '~/contract/constants'
import { RECEIPT_MESSAGES, RECEIPT_PATHS, receiptFileName } from '~/contract/receipts'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { dashboardDeps } from '../dashboard'
import { ApiError, ok, readRecordId } from '../http'
import { receiptPdf } from './receipt-pdf'
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
		const deps = dashboardDeps(c)
		const paymentId = readRecordId(c, 'iPaymentId', RECEIPT_MESSAGES.noReceipt)
		// Someone else's payment answers exactly as one that does not exist: nothing is revealed.
		const payment = await findInvoicedPayment(c.get('deps').db, account.id, paymentId)
		if (!payment) throw new ApiError(404, RECEIPT_MESSAGES.noReceipt)
		const pdf = await receiptPdf(receiptDocument(payment, account, deps))
		return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${receiptFileName(payment.payment.invoiceNumber!)}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		})
	})
}
