// The office's work with payments: the list with filters, confirming an offline payment (which
// issues the tax invoice), refunding a paid one (which issues a credit note), and both documents.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from './api'
import { isRealDay } from './calendar-day'
import { endpoint, endpointTable, FILE_ANSWER } from './endpoint'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payments'
import { ACCOUNTS } from './staff-roles'

export const OFFLINE_PAYMENT_MODES = ['cash', 'upi', 'cheque', 'bank-transfer'] as const
export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number]
export const OFFLINE_MODE_LABELS: Record<OfflinePaymentMode, string> = { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', 'bank-transfer': 'Bank transfer' }

export const OFFICE_PAYMENT_MESSAGES = {
	list: 'Payments',
	notFound: 'No such payment.',
	alreadyConfirmed: 'This payment was already confirmed; nothing was changed.',
	noCreditNote: 'This payment has no credit note.',
	noInvoice: 'This payment has no tax invoice yet.',
} as const

const isoDate = z.string().refine(isRealDay, 'Dates are written 2026-04-01.')

export const officePaymentsQuerySchema = z.object({
	oFilter: z
		.object({
			sStatus: blankAsMissing(z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, paid, failed or refunded.' })),
			sProvider: blankAsMissing(z.enum(PAYMENT_PROVIDERS, { error: 'Provider must be sandbox, offline or razorpay.' })),
			iEventId: blankAsMissing(recordIdSchema),
			iAccountId: blankAsMissing(recordIdSchema),
			iPaymentId: blankAsMissing(recordIdSchema),
			/** Created on or after this India date, and on or before dTo. */
			dFrom: blankAsMissing(isoDate),
			dTo: blankAsMissing(isoDate),
			sSearch: blankAsMissing(z.string().trim().max(100, 'Search text can be at most 100 characters.')),
		})
		.optional()
		.default({}),
	oPaging: z
		.object({
			nPage: blankAsMissing(z.coerce.number().int().min(1).max(10_000)).default(1),
			nPageSize: blankAsMissing(z.coerce.number().int().min(1).max(200)).default(50),
		})
		.optional()
		.default({ nPage: 1, nPageSize: 50 }),
})
export type OfficePaymentsQuery = z.input<typeof officePaymentsQuerySchema>

export const officePaymentSchema = z.object({
	iPaymentId: z.number().int(),
	iEventId: z.number().int(),
	sEventTitle: z.string(),
	iAccountId: z.number().int(),
	sPayerName: z.string(),
	/** 'M' or 'S', and the membership or registration number. */
	sUserType: z.enum(['M', 'S']),
	sNumber: z.string(),
	sEmail: z.string(),
	sStatus: z.enum(PAYMENT_STATUSES),
	sProvider: z.enum(PAYMENT_PROVIDERS),
	/** The payment's own reference: at the desk, the one the member quotes (`SRB-7K4Q-2M9X`). */
	sReference: z.string(),
	nTaxablePaise: z.number().int(),
	nTaxPaise: z.number().int(),
	nTotalPaise: z.number().int(),
	dCreatedAt: z.string(),
	dPaidAt: z.string().nullable(),
	dRefundedAt: z.string().nullable(),
	sInvoiceNumber: z.string().nullable(),
	sCreditNoteNumber: z.string().nullable(),
	sOfflineMode: z.enum(OFFLINE_PAYMENT_MODES).nullable(),
	sOfflineReference: z.string().nullable(),
	/** Razorpay's order, payment and refund ids, its last status of the payment and its fee (with GST on the fee), for online payments. */
	sGatewayOrderId: z.string().nullable(),
	sGatewayPaymentId: z.string().nullable(),
	sGatewayStatus: z.string().nullable(),
	sGatewayRefundId: z.string().nullable(),
	nGatewayFeePaise: z.number().int().nullable(),
})
export type OfficePayment = z.infer<typeof officePaymentSchema>

export const officePaymentListSchema = z.object({ aPayments: z.array(officePaymentSchema), nTotal: z.number().int(), nPage: z.number().int(), nPageSize: z.number().int() })

/** Optional in the API (older clients confirm with no body); the office's form asks for both. */
export const confirmPaymentSchema = z
	.object({
		sMode: z.enum(OFFLINE_PAYMENT_MODES, { error: 'Choose how the payment was made' }),
		sReference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(60, 'Reference can be at most 60 characters'),
	})
	.partial()
	.refine((form) => (form.sMode === undefined) === (form.sReference === undefined), { message: 'Give the mode and the reference together', path: ['sReference'] })
export const confirmPaymentFormSchema = z.object({
	sMode: z.enum(OFFLINE_PAYMENT_MODES, { error: 'Choose how the payment was made' }),
	sReference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(60, 'Reference can be at most 60 characters'),
})

export const REFUND_REASON_MAX = 200
export const DEFAULT_REFUND_REASON = 'Registration cancelled; fee refunded'
export const refundPaymentFormSchema = z.object({
	sReason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(REFUND_REASON_MAX, `Reason can be at most ${REFUND_REASON_MAX} characters`),
})
export const refundPaymentSchema = refundPaymentFormSchema.partial()

const settledPaymentSchema = z.object({ iPaymentId: z.number().int(), sStatus: z.enum(PAYMENT_STATUSES), iEventId: z.number().int(), sInvoiceNumber: z.string().nullable() })
const paymentParams = z.object({ iPaymentId: recordIdSchema })

export const officePaymentEndpoints = endpointTable('officePayments', {
	list: endpoint({ method: 'GET', path: '/office/payments/v1', access: ACCOUNTS, query: officePaymentsQuerySchema, data: officePaymentListSchema }),
	details: endpoint({ method: 'GET', path: '/office/payments/:iPaymentId/v1', access: ACCOUNTS, params: paymentParams, notFound: OFFICE_PAYMENT_MESSAGES.notFound, data: officePaymentSchema }),
	confirm: endpoint({
		method: 'POST',
		path: '/office/payments/confirm/v1/:iPaymentId',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.notFound,
		body: confirmPaymentSchema,
		data: settledPaymentSchema,
	}),
	refund: endpoint({
		method: 'POST',
		path: '/office/payments/refund/v1/:iPaymentId',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.notFound,
		body: refundPaymentSchema,
		// Null while Razorpay is still refunding an online payment: the credit note follows its confirmation.
		data: settledPaymentSchema.extend({ sCreditNoteNumber: z.string().nullable() }),
	}),
	invoice: endpoint({ method: 'GET', path: '/office/payments/:iPaymentId/invoice/v1', access: ACCOUNTS, params: paymentParams, notFound: OFFICE_PAYMENT_MESSAGES.noInvoice, data: FILE_ANSWER }),
	creditNote: endpoint({
		method: 'GET',
		path: '/office/payments/:iPaymentId/credit-note/v1',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.noCreditNote,
		data: FILE_ANSWER,
	}),
})
