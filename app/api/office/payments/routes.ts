// The office's payment calls (contract: app/contract/office/payments.ts).
import { Hono } from 'hono'
import { DEFAULT_REFUND_REASON, OFFICE_PAYMENT_MESSAGES, officePaymentEndpoints } from '~/contract/office/payments'
import { creditNoteFileName, receiptFileName } from '~/contract/receipts'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { handle } from '../../endpoints'
import { recordAudit } from '../../shared/audit'
import { ApiError, fileAnswer } from '../../http'
import { queuePaymentConfirmed } from '../../registrations/registration-mails'
import { razorpayGateway } from '../../payments/razorpay'
import { refundPayment } from '../../payments/refund'
import { settlePayment } from '../../payments/settle'
import { queueRefundMail } from '../../payments/refund-mail'
import { creditNoteDocument, findPaymentForDocuments, invoiceDocument } from '../../receipts/service'
import { offerFreedSeats } from '../../registrations/waiting-list'
import { listOfficePayments } from './service'
import { OFFLINE_MODE_LABELS } from '~/contract/vocabulary'
import { type ApiEnv, branchSettings } from '../../env'

export const officePaymentRoutes = new Hono<ApiEnv>()

handle(officePaymentRoutes, officePaymentEndpoints.list, async ({ deps, query }) => ({
	message: OFFICE_PAYMENT_MESSAGES.list,
	data: await listOfficePayments(deps.db, query),
}))

handle(officePaymentRoutes, officePaymentEndpoints.details, async ({ deps, params }) => {
	const [payment] = (await listOfficePayments(deps.db, { oFilter: { iPaymentId: params.iPaymentId }, oPaging: { nPage: 1, nPageSize: 1 } })).aPayments
	if (!payment) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.notFound)
	return { message: 'Payment', data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.confirm, async ({ c, deps, caller, params, body }) => {
	const { billing } = branchSettings(c)
	const offline = body.sMode && body.sReference ? { mode: body.sMode, reference: body.sReference } : undefined
	const { payment, changed } = await settlePayment(deps.db, {
		paymentId: params.iPaymentId,
		invoicePrefix: billing.invoicePrefix,
		provider: 'offline',
		settledBy: caller.staff.id,
		offline,
	})
	if (changed) {
		const how = offline ? ` by ${OFFLINE_MODE_LABELS[offline.mode]} (${offline.reference})` : ''
		await recordAudit(deps.db, caller.staff, {
			action: 'confirm',
			entity: 'payment',
			entityId: payment.iPaymentId,
			summary: `Confirmed payment${how}; invoice ${payment.sInvoiceNumber}`,
		})
		await queuePaymentConfirmed(deps.db, deps.mail, payment.iPaymentId)
	}
	// Pressed twice, or by two people at once: the second is told, and nothing changes.
	return { message: changed ? REGISTRATION_MESSAGES.paid : OFFICE_PAYMENT_MESSAGES.alreadyConfirmed, data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.refund, async ({ c, deps, caller, params, body }) => {
	const { billing, payments } = branchSettings(c)
	const { payment, creditNoteId } = await refundPayment(deps.db, {
		paymentId: params.iPaymentId,
		settledBy: caller.staff.id,
		reason: body.sReason || DEFAULT_REFUND_REASON,
		invoicePrefix: billing.invoicePrefix,
		refund: body.sMode && { mode: body.sMode, reference: body.sReference || null },
		cpeHours: body.sCpeHours,
		actor: caller.staff,
		gateway: payments.razorpay && razorpayGateway(payments.razorpay),
	})
	if (creditNoteId === null) return { message: REGISTRATION_MESSAGES.refundRequested, data: payment }
	// After the refund is kept: the payer is mailed the credit note, and the freed seat goes to the first in line.
	await queueRefundMail(deps.db, deps.mail, creditNoteId, caller.staff.id)
	await offerFreedSeats(deps.db, deps.mail, payment.iEventId)
	return { message: REGISTRATION_MESSAGES.refunded, data: payment }
})

handle(officePaymentRoutes, officePaymentEndpoints.invoice, async ({ c, deps, params }) => {
	const row = await findPaymentForDocuments(deps.db, params.iPaymentId)
	if (!row?.payment.invoiceNumber || !row.payment.paidAt) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.noInvoice)
	const pdf = await invoiceDocument(deps.db, row, row.account, branchSettings(c))
	return fileAnswer(pdf, 'application/pdf', receiptFileName(row.payment.invoiceNumber))
})

handle(officePaymentRoutes, officePaymentEndpoints.creditNote, async ({ c, deps, params }) => {
	const row = await findPaymentForDocuments(deps.db, params.iPaymentId)
	if (!row?.creditNote || !row.payment.invoiceNumber) throw new ApiError(404, OFFICE_PAYMENT_MESSAGES.noCreditNote)
	const pdf = await creditNoteDocument(deps.db, { ...row, creditNote: row.creditNote }, row.account, branchSettings(c))
	return fileAnswer(pdf, 'application/pdf', creditNoteFileName(row.creditNote.number))
})
