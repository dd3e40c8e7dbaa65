// A member's or student's own data (India's Digital Personal Data Protection Act 2023, sections 11
// and 12): everything the branch keeps about them as one download, and closing the account, with
// what closing erases and what the law makes the branch keep. Shared by the API and the portal.
import { z } from 'zod'
import { closeAccountSchema, profileSchema } from './accounts'
import { cpeEntryItemSchema } from './cpe'
import { endpoint, endpointTable } from './endpoint'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payments'

export const OWN_DATA_MESSAGES = {
	download: 'Your data',
	closed: 'Your account is closed and your personal data has been erased.',
	alreadyClosed: 'This account is already closed.',
	openRegistration: (titles: string[]) =>
		`You are still registered for ${titles.map((title) => `“${title}”`).join(', ')}. Cancel ${titles.length === 1 ? 'that registration' : 'those registrations'} first (a paid one through the branch office, with a refund), or close your account after ${titles.length === 1 ? 'the event' : 'the events'}.`,
	pendingPayment: 'A payment of yours is still under way. Close your account once it has gone through or failed, or ask the branch office.',
} as const

const day = z.string()
const moment = z.string()

export const ownDataSchema = z.object({
	dGeneratedAt: moment,
	oProfile: profileSchema,
	dAccountCreatedAt: moment,
	dProfileUpdatedAt: moment,
	/** What the person chose to receive, and since when where the branch knows it. */
	aConsents: z.array(z.object({ sWhat: z.string(), bGiven: z.boolean(), dSince: moment.nullable() })),
	aRegistrations: z.array(
		z.object({
			iRegistrationId: z.number().int(),
			iEventId: z.number().int(),
			sEventTitle: z.string(),
			dEventStartsAt: moment,
			sStatus: z.enum(['pending', 'confirmed', 'cancelled']),
			dRegisteredAt: moment,
			dCancelledAt: moment.nullable(),
			dAttendedAt: moment.nullable(),
		}),
	),
	aPayments: z.array(
		z.object({
			iPaymentId: z.number().int(),
			iRegistrationId: z.number().int(),
			sEventTitle: z.string(),
			sStatus: z.enum(PAYMENT_STATUSES),
			sProvider: z.enum(PAYMENT_PROVIDERS),
			sReference: z.string(),
			nTaxablePaise: z.number().int(),
			nCgstPaise: z.number().int(),
			nSgstPaise: z.number().int(),
			nIgstPaise: z.number().int(),
			nTotalPaise: z.number().int(),
			dCreatedAt: moment,
			dPaidAt: moment.nullable(),
			dRefundedAt: moment.nullable(),
			sBuyerName: z.string(),
			sBuyerStateCode: z.string(),
			sBuyerGstin: z.string().nullable(),
			sBuyerFirmName: z.string().nullable(),
		}),
	),
	/** Tax invoices and credit notes, each with the day until which GST law makes the branch keep it. */
	aInvoices: z.array(
		z.object({ sNumber: z.string(), iPaymentId: z.number().int(), dIssuedAt: moment, sBuyerName: z.string(), nTotalPaise: z.number().int(), dKeptUntil: day }),
	),
	aCreditNotes: z.array(
		z.object({
			sNumber: z.string(),
			sInvoiceNumber: z.string(),
			iPaymentId: z.number().int(),
			dIssuedAt: moment,
			sReason: z.string(),
			nTotalPaise: z.number().int(),
			dKeptUntil: day,
		}),
	),
	aCpeEntries: z.array(cpeEntryItemSchema),
	aNewsletterSubscriptions: z.array(z.object({ sEmail: z.string(), sFullName: z.string(), sMembershipNumber: z.string(), dSubscribedAt: moment })),
	aWaitingLists: z.array(z.object({ iEventId: z.number().int(), sEventTitle: z.string(), sStatus: z.string(), dJoinedAt: moment })),
	aAnnouncementsRead: z.array(z.object({ iAnnouncementId: z.number().int(), sTitle: z.string(), dReadAt: moment })),
})
export type OwnData = z.infer<typeof ownDataSchema>

/** What closing kept: the tax documents, and the last day GST law makes the branch keep one of them. */
export const closedAccountSchema = z.object({
	dClosedAt: moment,
	nInvoicesKept: z.number().int(),
	nCreditNotesKept: z.number().int(),
	dKeptUntil: day.nullable(),
})
export type ClosedAccount = z.infer<typeof closedAccountSchema>

/** The signed-in person's own calls, under their role's prefix. */
export const ownDataEndpoints = endpointTable('ownData', {
	/** Everything kept about the caller; each call is written to the office's audit log. */
	download: endpoint({ method: 'GET', path: '/:role/my-data/v1', access: 'account', data: ownDataSchema }),
	/** Closes the caller's account with the code mailed for the purpose `close` (send-otp); audited. */
	close: endpoint({ method: 'POST', path: '/:role/close-account/v1', access: 'account', body: closeAccountSchema, data: closedAccountSchema }),
})
