// The office's payment calls (contract: app/contract/office-payments.ts).
import { Hono } from 'hono'
import { DEFAULT_REFUND_REASON, OFFICE_PAYMENT_MESSAGES, officePaymentEndpoints } from '~/contract/office-payments'
import { creditNoteFileName, receiptFileName } from '~/contract/receipts'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { ApiEnv } from '../../app'
import { branchSettings } from '../../branch-settings'
import { handle } from '../../endpoints'
import { recordAudit } from '../audit'
import { ApiError, fileAnswer } from '../../http'
import { razorpayGateway } from '../../payments/razorpay'
import { refundPayment, settlePayment } from '../../payments/settle'
import { creditNotePdf, receiptPdf } from '../../receipts/receipt-pdf'
import { receiptDocument } from '../../receipts/service'
import { findPaymentForDocuments, listOfficePayments } from './service'

export const officePaymentRoutes = new Hono<ApiEnv>()


handle(officePaymentRoutes, officePaymentEndpoints.list, async ({ deps, query }) => ({ message: OFFICE_PAYMENT_MESSAGES.list, data: await listOfficePayments(deps.db, query) }))

handle(officePaymentRoutes, officePaymentEndpoints.details, async ({ deps, params }) => {
	const [payment] = (await listOfficePayments(deps.db, { oFilter: { iPaymentId: params.iPaymentId }, oPaging: { nPage: 1, nPageSize: 1 } })).aPayments
	if (!payment) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.notFound)
	return { message: 'Payment', data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.confirm, async ({ c, deps, caller, params, body }) => {
	const { billing } = branchSettings(c)
	const offline = body.sMode && body.sReference ? { mode: body.sMode, reference: body.sReference } : undefined
	const { payment, changed } = await settlePayment(deps.db, { paymentId: params.iPaymentId, invoicePrefix: billing.invoicePrefix, provider: 'offline', settledBy: caller.staff.id, offline })
	if (changed) {
		const how = offline ? ` by ${offline.mode} (${offline.reference})` : ''
		await recordAudit(deps.db, caller.staff, { action: 'confirm', entity: 'payment', entityId: payment.iPaymentId, summary: `Confirmed payment${how}; invoice ${payment.sInvoiceNumber}` })
	}
	// Pressed twice, or by two people at once: the second is told, and nothing changes.
	return { message: changed ? REGISTRATION_MESSAGES.paid : OFFICE_PAYMENT_MESSAGES.alreadyConfirmed, data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.refund, async ({ c, deps, caller, params, body }) => {
	const { billing, payments } = branchSettings(c)
	const { payment } = await refundPayment(deps.db, {
		paymentId: params.iPaymentId,
		settledBy: caller.staff.id,
		reason: body.sReason ?? DEFAULT_REFUND_REASON,
		invoicePrefix: billing.invoicePrefix,
		gateway: payments.razorpay && razorpayGateway(payments.razorpay),
	})
	const summary = payment.sCreditNoteNumber ? `Refunded; credit note ${payment.sCreditNoteNumber} against invoice ${payment.sInvoiceNumber}` : `Refund asked of Razorpay against invoice ${payment.sInvoiceNumber}`
	await recordAudit(deps.db, caller.staff, { action: 'refund', entity: 'payment', entityId: payment.iPaymentId, summary })
	return { message: payment.sCreditNoteNumber ? REGISTRATION_MESSAGES.refunded : REGISTRATION_MESSAGES.refundRequested, data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.invoice, async ({ c, deps, params }) => {
	const row = await findPaymentForDocuments(deps.db, params.iPaymentId)
	if (!row?.payment.invoiceNumber || !row.payment.paidAt) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.noInvoice)
	const pdf = await receiptPdf(receiptDocument(row, row.account, branchSettings(c)))
	return fileAnswer(pdf, 'application/pdf', receiptFileName(row.payment.invoiceNumber))
})

handle(officePaymentRoutes, officePaymentEndpoints.creditNote, async ({ c, deps, params }) => {
	const row = await findPaymentForDocuments(deps.db, params.iPaymentId)
	if (!row?.creditNote || !row.payment.invoiceNumber) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.noCreditNote)
	const { number, issuedAt, reason } = row.creditNote
	const pdf = await creditNotePdf({ ...receiptDocument(row, row.account, branchSettings(c)), creditNote: { number, issuedAt, reason } })
	return fileAnswer(pdf, 'application/pdf', creditNoteFileName(number))
})
