// What the office sees first: the next events and their seats, payments waiting at the office,
// the week's registrations, subscribers and accounts the office has disabled, and online payments
// marked paid that Razorpay never captured.
import { z } from 'zod'
import { endpoint, endpointTable } from '../endpoint'
import { ANY_STAFF } from './staff-roles'

export const officeDashboardSchema = z.object({
	aUpcomingEvents: z.array(
		z.object({
			iEventId: z.number().int(),
			sTitle: z.string(),
			dStartDate: z.string(),
			nSeatsTaken: z.number().int(),
			/** null when the event has no seat limit. */
			nSeatsLeft: z.number().int().nullable(),
			nSeatLimit: z.number().int().nullable(),
		}),
	),
	nPaymentsWaiting: z.number().int(),
	nRegistrationsThisWeek: z.number().int(),
	nNewSubscribersThisWeek: z.number().int(),
	nDisabledAccounts: z.number().int(),
	/**
	 * Online payments marked paid whose money Razorpay has not captured (decision 0060): an invoice
	 * and a seat with no money behind them, for the accounts office to sort out. Usually empty.
	 */
	aUncapturedPayments: z.array(
		z.object({
			iPaymentId: z.number().int(),
			sReference: z.string(),
			sInvoiceNumber: z.string().nullable(),
			/** Razorpay's status of the payment: authorized (may still be captured), refunded or failed. */
			sGatewayStatus: z.string(),
		}),
	),
	/**
	 * Staff users whose right password met wrong codes (decision 0061): someone else may know the
	 * password. For administrators only; absent for other roles.
	 */
	aWrongCodeAlerts: z
		.array(
			z.object({
				iStaffId: z.number().int(),
				sUsername: z.string(),
				sFullName: z.string(),
				dAlertAt: z.string(),
				nWrongCodes: z.number().int(),
				bCodeLocked: z.boolean(),
			}),
		)
		.optional(),
	/** The backups (decision 0046); absent from an API that does not report them. */
	oBackups: z
		.object({
			/** The newest backup that was read back and found good; null when there is none. */
			dLastGood: z.string().nullable(),
			/** Whether one is taken each night. */
			bNightly: z.boolean(),
			/** Nightly, yet none in the last 36 hours (or none at all). */
			bOverdue: z.boolean(),
		})
		.optional(),
})
export type OfficeDashboard = z.infer<typeof officeDashboardSchema>

export const officeDashboardEndpoints = endpointTable('officeDashboard', {
	summary: endpoint({ method: 'GET', path: '/office/dashboard/v1', access: ANY_STAFF, data: officeDashboardSchema }),
})
