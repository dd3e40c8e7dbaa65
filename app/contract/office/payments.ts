// The office's work with payments: the list with filters, confirming an offline payment (which
// issues the tax invoice), refunding a paid one (which issues a credit note), and both documents.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from '../api'
import { isRealDay } from '../calendar-day'
import { endpoint, endpointTable, FILE_ANSWER } from '../endpoint'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../payments'
import { ACCOUNTS } from './staff-roles'

export const OFFLINE_PAYMENT_MODES = ['cash', 'upi', 'cheque', 'bank-transfer'] as const
export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number]

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

export const REFUND_REASON_MAX = 200
export const DEFAULT_REFUND_REASON = 'Registration cancelled; fee refunded'
/** How the money went back: the desk's ways of paying, and a card (an online payment is returned to it). */
export const REFUND_MODES = [...OFFLINE_PAYMENT_MODES, 'card'] as const
export type RefundMode = (typeof REFUND_MODES)[number]
/** How a credit note records the money going back: one of the desk's ways, or through Razorpay (its refund id the reference). */
export const RECORDED_REFUND_MODES = [...REFUND_MODES, 'razorpay'] as const
export type RecordedRefundMode = (typeof RECORDED_REFUND_MODES)[number]
/** What becomes of the CPE hours an attended registration earned: kept (the fee returned as goodwill) or withdrawn. */
export const CPE_CHOICES = ['keep', 'withdraw'] as const
export type CpeChoice = (typeof CPE_CHOICES)[number]
export const REFUND_MESSAGES = {
	modeMissing: 'Choose how the money went back: cash, UPI, bank transfer, cheque or card',
	referenceMissing: 'Give the reference of the refund (UPI, transfer, cheque or card); only cash may go without one',
	cpeChoiceMissing: 'Choose whether the CPE hours are kept or withdrawn',
} as const
const REFERENCE_MAX = 60

const refundFields = z.object({
	sMode: z.enum(REFUND_MODES, { error: REFUND_MESSAGES.modeMissing }),
	sReference: z.string().trim().max(REFERENCE_MAX, `Reference can be at most ${REFERENCE_MAX} characters`).optional(),
	sReason: z.string().trim().max(REFUND_REASON_MAX, `Reason can be at most ${REFUND_REASON_MAX} characters`).optional(),
	sCpeHours: z.enum(CPE_CHOICES, { error: REFUND_MESSAGES.cpeChoiceMissing }).optional(),
})
const modeAndReference = refundFields.pick({ sMode: true, sReference: true })
const referenceUnlessCash = (form: { sMode?: RefundMode; sReference?: string }) => !form.sMode || form.sMode === 'cash' || Boolean(form.sReference)
/** Checked whenever the mode and reference are themselves valid, so its message comes with the other fields' at once. */
const referenceRule = {
	path: ['sReference'],
	message: REFUND_MESSAGES.referenceMissing,
	when: (payload: { value: unknown }) => modeAndReference.safeParse(payload.value).success,
}
/**
 * The API's refund: how the money went back is required for a desk payment (the office's own
 * entry, not the spec's) and not asked for one paid through Razorpay, where it goes back by itself;
 * the choice about CPE hours is required when the registration earned some. Only the API knows
 * either, so it says which is missing.
 */
export const refundPaymentSchema = refundFields.extend({ sMode: refundFields.shape.sMode.optional() }).refine(referenceUnlessCash, referenceRule)
const cpeChoiceRequired = z.enum(CPE_CHOICES, { error: REFUND_MESSAGES.cpeChoiceMissing })
/** The confirmation page's form: it asks about CPE hours only when there are some, and how the money went back only at the desk. */
export const refundFormSchema = ({ askCpeHours, throughGateway }: { askCpeHours: boolean; throughGateway: boolean }) => {
	const fields = refundFields.extend({ sCpeHours: askCpeHours ? cpeChoiceRequired : cpeChoiceRequired.optional() })
	// Through Razorpay the page has no mode or reference to send.
	return throughGateway ? fields.extend({ sMode: refundFields.shape.sMode.optional() }) : fields.refine(referenceUnlessCash, referenceRule)
}

const refundSchema = z.object({
	sMode: z.enum(RECORDED_REFUND_MODES).nullable(),
	sReference: z.string().nullable(),
	sReason: z.string(),
	/** Null when the registration had earned no CPE hours (and for refunds from before the choice was asked). */
	sCpeChoice: z.enum(['kept', 'withdrawn']).nullable(),
	nCpeHours: z.number().nullable(),
})

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
	/** The CPE hours the registration credits now: it was attended, and is confirmed or kept its hours at a refund. */
	nCpeHoursCredited: z.number(),
	/** How a refunded payment's money went back, as its credit note records it. */
	oRefund: refundSchema.nullable(),
	/** Razorpay's order, payment and refund ids, its last status of the payment and its fee (with GST on the fee), for online payments. */
	sGatewayOrderId: z.string().nullable(),
	sGatewayPaymentId: z.string().nullable(),
	sGatewayStatus: z.string().nullable(),
	sGatewayRefundId: z.string().nullable(),
	nGatewayFeePaise: z.number().int().nullable(),
})
export type OfficePayment = z.infer<typeof officePaymentSchema>

export const officePaymentListSchema = z.object({
	aPayments: z.array(officePaymentSchema),
	nTotal: z.number().int(),
	nPage: z.number().int(),
	nPageSize: z.number().int(),
})

/** Optional in the API (older clients confirm with no body); the office's form asks for both. */
export const confirmPaymentSchema = z
	.object({
		sMode: z.enum(OFFLINE_PAYMENT_MODES, { error: 'Choose how the payment was made' }),
		sReference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(60, 'Reference can be at most 60 characters'),
	})
	.partial()
	.refine((form) => (form.sMode === undefined) === (form.sReference === undefined), {
		message: 'Give the mode and the reference together',
		path: ['sReference'],
	})
export const confirmPaymentFormSchema = z.object({
	sMode: z.enum(OFFLINE_PAYMENT_MODES, { error: 'Choose how the payment was made' }),
	sReference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(60, 'Reference can be at most 60 characters'),
})

const settledPaymentSchema = z.object({
	iPaymentId: z.number().int(),
	sStatus: z.enum(PAYMENT_STATUSES),
	iEventId: z.number().int(),
	sInvoiceNumber: z.string().nullable(),
})
const paymentParams = z.object({ iPaymentId: recordIdSchema })

export const officePaymentEndpoints = endpointTable('officePayments', {
	list: endpoint({ method: 'GET', path: '/office/payments/v1', access: ACCOUNTS, query: officePaymentsQuerySchema, data: officePaymentListSchema }),
	details: endpoint({
		method: 'GET',
		path: '/office/payments/:iPaymentId/v1',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.notFound,
		data: officePaymentSchema,
	}),
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
		// No credit note yet while Razorpay is still refunding an online payment: it follows Razorpay's confirmation.
		data: settledPaymentSchema.extend({ sCreditNoteNumber: z.string().nullable(), sCpeChoice: refundSchema.shape.sCpeChoice }),
	}),
	invoice: endpoint({
		method: 'GET',
		path: '/office/payments/:iPaymentId/invoice/v1',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.noInvoice,
		data: FILE_ANSWER,
	}),
	creditNote: endpoint({
		method: 'GET',
		path: '/office/payments/:iPaymentId/credit-note/v1',
		access: ACCOUNTS,
		params: paymentParams,
		notFound: OFFICE_PAYMENT_MESSAGES.noCreditNote,
		data: FILE_ANSWER,
	}),
})
