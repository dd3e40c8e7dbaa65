// Reports the branch's accountant works from: the GST register of invoices and credit notes (the
// rows GSTR-1 is prepared from), CPE hours per member, and online payments by day as the gateway
// settles them. Amounts are integer paise throughout.
import { z } from 'zod'
import { blankAsMissing } from '../api'
import { isRealDay } from '../calendar-day'
import { endpoint, endpointTable, FILE_ANSWER } from '../endpoint'
import { ACCOUNTS } from './staff-roles'

export const OFFICE_REPORT_MESSAGES = {
	gstRegister: 'GST register',
	cpeHours: 'CPE hours',
	onlineSettlement: 'Online payments by day',
	rangeOrder: 'The end date must be on or after the start date.',
} as const

const isoDate = z.string({ error: 'Dates are written 2026-04-01.' }).refine(isRealDay, 'Dates are written 2026-04-01.')
export const REPORT_FORMATS = ['json', 'csv'] as const

/** Without dates, the current financial year so far (India time). */
export const gstRegisterQuerySchema = z
	.object({
		oFilter: z
			.object({ dFrom: blankAsMissing(isoDate), dTo: blankAsMissing(isoDate) })
			.optional()
			.default({}),
		sFormat: blankAsMissing(z.enum(REPORT_FORMATS, { error: 'Format must be json or csv.' })).default('json'),
	})
	.refine(({ oFilter }) => !oFilter.dFrom || !oFilter.dTo || oFilter.dFrom <= oFilter.dTo, {
		message: OFFICE_REPORT_MESSAGES.rangeOrder,
		path: ['oFilter', 'dTo'],
	})

/**
 * GSTR-1's tables (decision 0047): B2B, the buyer gave a GSTIN; B2CL, an unregistered buyer in
 * another state with an invoice above the B2CL limit; B2CS, every other unregistered buyer. A credit
 * note goes to CDNR against a B2B invoice, CDNUR against a B2CL one, and otherwise reduces B2CS.
 */
export const GST_SECTIONS = ['B2B', 'B2CL', 'B2CS', 'CDNR', 'CDNUR'] as const
export const GST_DOCUMENT_TYPES = ['Invoice', 'Credit note'] as const

export const gstAmountsSchema = z.object({
	nTaxablePaise: z.number().int(),
	nCgstPaise: z.number().int(),
	nSgstPaise: z.number().int(),
	nIgstPaise: z.number().int(),
	nTotalPaise: z.number().int(),
})
export type GstAmounts = z.infer<typeof gstAmountsSchema>

/** Credit notes carry negative amounts, so a column's sum is the net taxable value and tax. */
export const gstRegisterRowSchema = gstAmountsSchema.extend({
	sDocumentType: z.enum(GST_DOCUMENT_TYPES),
	sNumber: z.string(),
	/** The document's date in India, 2026-09-15. */
	dDate: z.string(),
	/** For a credit note, the invoice it refers to. */
	sAgainstInvoice: z.string().nullable(),
	sSection: z.enum(GST_SECTIONS),
	sBuyerName: z.string(),
	sBuyerGstin: z.string().nullable(),
	/** 'Maharashtra (27)'. */
	sPlaceOfSupply: z.string(),
	nRatePercent: z.number(),
	/** For a credit note, how the money went back ('UPI, reference 4471'); null for an invoice or an older note. */
	sRefundedBy: z.string().nullable(),
})
export type GstRegisterRow = z.infer<typeof gstRegisterRowSchema>

export const gstRegisterSchema = z.object({
	dFrom: z.string(),
	dTo: z.string(),
	aRows: z.array(gstRegisterRowSchema),
	/** Per calendar month of the range ('2026-09'), and for the whole range. */
	aMonths: z.array(gstAmountsSchema.extend({ sMonth: z.string(), nInvoices: z.number().int(), nCreditNotes: z.number().int() })),
	oTotal: gstAmountsSchema,
})
export type GstRegister = z.infer<typeof gstRegisterSchema>

/** A calendar year, or the three-year block starting in nBlockStart; without either, this year. */
export const cpeHoursQuerySchema = z
	.object({
		oFilter: z
			.object({
				nYear: blankAsMissing(
					z.coerce
						.number({ error: 'Year must be a year like 2026.' })
						.int('Year must be a year like 2026.')
						.min(2000, 'Year must be a year like 2026.')
						.max(2100, 'Year must be a year like 2026.'),
				),
				nBlockStart: blankAsMissing(
					z.coerce
						.number({ error: 'Block must start in a year like 2026.' })
						.int('Block must start in a year like 2026.')
						.min(2000, 'Block must start in a year like 2026.')
						.max(2100, 'Block must start in a year like 2026.'),
				),
			})
			.optional()
			.default({}),
		sFormat: blankAsMissing(z.enum(REPORT_FORMATS, { error: 'Format must be json or csv.' })).default('json'),
	})
	.refine(({ oFilter }) => oFilter.nYear === undefined || oFilter.nBlockStart === undefined, {
		message: 'Choose a year or a block, not both.',
		path: ['oFilter', 'nBlockStart'],
	})

export const cpeHoursRowSchema = z.object({
	iAccountId: z.number().int(),
	sFullName: z.string(),
	sMembershipNumber: z.string(),
	sEmail: z.string(),
	nStructuredHours: z.number(),
	nUnstructuredHours: z.number(),
	nTotalHours: z.number(),
	nHoursNeeded: z.number(),
	nStructuredHoursNeeded: z.number(),
})
export type CpeHoursRow = z.infer<typeof cpeHoursRowSchema>

export const cpeHoursReportSchema = z.object({
	nFromYear: z.number().int(),
	nToYear: z.number().int(),
	nRequiredHours: z.number(),
	nRequiredStructuredHours: z.number(),
	aMembers: z.array(cpeHoursRowSchema),
})
export type CpeHoursReport = z.infer<typeof cpeHoursReportSchema>

/**
 * Online payments (Razorpay) as the gateway settles them, to tick against the bank statement: each
 * payment captured (its amount, Razorpay's fee with the GST on it, what is left) and each refund
 * processed (a negative amount), by India date, with a total a day. Amounts in paise.
 */
export const SETTLEMENT_KINDS = ['Payment', 'Refund'] as const
export const settlementAmountsSchema = z.object({
	nAmountPaise: z.number().int(),
	nFeePaise: z.number().int(),
	nFeeTaxPaise: z.number().int(),
	nNetPaise: z.number().int(),
})
export const settlementRowSchema = settlementAmountsSchema.extend({
	dDate: z.string(),
	sKind: z.enum(SETTLEMENT_KINDS),
	sReference: z.string(),
	/** The tax invoice of a payment, the credit note of a refund. */
	sDocumentNumber: z.string().nullable(),
	sGatewayPaymentId: z.string(),
	sGatewayRefundId: z.string().nullable(),
	sPayerName: z.string(),
})
export type SettlementRow = z.infer<typeof settlementRowSchema>
export const onlineSettlementSchema = z.object({
	dFrom: z.string(),
	dTo: z.string(),
	aRows: z.array(settlementRowSchema),
	aDays: z.array(settlementAmountsSchema.extend({ dDate: z.string(), nPayments: z.number().int(), nRefunds: z.number().int() })),
	oTotal: settlementAmountsSchema,
})
export type OnlineSettlement = z.infer<typeof onlineSettlementSchema>

export const officeReportEndpoints = endpointTable('officeReports', {
	gstRegister: endpoint({ method: 'GET', path: '/office/reports/gst-register/v1', access: ACCOUNTS, query: gstRegisterQuerySchema, data: gstRegisterSchema }),
	/** The same call with `sFormat=csv`. */
	gstRegisterCsv: endpoint({ method: 'GET', path: '/office/reports/gst-register/v1', access: ACCOUNTS, query: gstRegisterQuerySchema, data: FILE_ANSWER }),
	/** Every member's CPE hours in a year or block against the requirements, fewest hours first. */
	cpeHours: endpoint({ method: 'GET', path: '/office/reports/cpe-hours/v1', access: ACCOUNTS, query: cpeHoursQuerySchema, data: cpeHoursReportSchema }),
	cpeHoursCsv: endpoint({ method: 'GET', path: '/office/reports/cpe-hours/v1', access: ACCOUNTS, query: cpeHoursQuerySchema, data: FILE_ANSWER }),
	/** Online payments, Razorpay's fees and refunds by day, over the GST register's kind of date range. */
	onlineSettlement: endpoint({
		method: 'GET',
		path: '/office/reports/online-settlement/v1',
		access: ACCOUNTS,
		query: gstRegisterQuerySchema,
		data: onlineSettlementSchema,
	}),
	onlineSettlementCsv: endpoint({
		method: 'GET',
		path: '/office/reports/online-settlement/v1',
		access: ACCOUNTS,
		query: gstRegisterQuerySchema,
		data: FILE_ANSWER,
	}),
})
