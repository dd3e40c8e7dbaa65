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
	aInvoices: z.array(z.object({ sNumber: z.string(), iPaymentId: z.number().int(), dIssuedAt: moment, sBuyerName: z.string(), nTotalPaise: z.number().int(), dKeptUntil: day })),
	aCreditNotes: z.array(
		z.object({ sNumber: z.string(), sInvoiceNumber: z.string(), iPaymentId: z.number().int(), dIssuedAt: moment, sReason: z.string(), nTotalPaise: z.number().int(), dKeptUntil: day }),
	),
	aCpeEntries: z.array(cpeEntryItemSchema),
	aNewsletterSubscriptions: z.array(z.object({ sEmail: z.string(), sFullName: z.string(), sMembershipNumber: z.string(), dSubscribedAt: moment })),
	aWaitingLists: z.array(z.object({ iEventId: z.number().int(), sEventTitle: z.string(), sStatus: z.string(), dJoinedAt: moment })),
	aAnnouncementsRead: z.array(z.object({ iAnnouncementId: z.number().int(), sTitle: z.string(), dReadAt: moment })),
})
export type OwnData = z.infer<typeof ownDataSchema>

/** What closing kept: the tax documents, and the last day GST law makes the branch keep one of them. */
export const closedAccountSchema = z.object({ dClosedAt: moment, nInvoicesKept: z.number().int(), nCreditNotesKept: z.number().int(), dKeptUntil: day.nullable() })
export type ClosedAccount = z.infer<typeof closedAccountSchema>

/** The signed-in person's own calls, under their role's prefix. */
export const ownDataEndpoints = endpointTable('ownData', {
	/** Everything kept about the caller; each call is written to the office's audit log. */
	download: endpoint({ method: 'GET', path: '/:role/my-data/v1', access: 'account', data: ownDataSchema }),
	/** Closes the caller's account with the code mailed for the purpose `close` (send-otp); audited. */
	close: endpoint({ method: 'POST', path: '/:role/close-account/v1', access: 'account', body: closeAccountSchema, data: closedAccountSchema }),
})

const IST_OFFSET_MS = 330 * 60_000

/** The financial year (April to March, India time) a moment falls in, by the calendar year it ends in. */
function financialYearEnd(at: Date) {
	const india = new Date(at.getTime() + IST_OFFSET_MS)
	return india.getUTCMonth() >= 3 ? india.getUTCFullYear() + 1 : india.getUTCFullYear()
}

/**
 * The last day a GST record must be kept: 72 months from the due date of the annual return of its
 * financial year (CGST Act, section 36; CGST Rules, rule 56), the annual return being due on
 * 31 December after the year ends. An invoice of 2026-27: return due 31 December 2027, kept until 31 December 2033.
 */
export function gstRecordKeptUntil(issuedAt: Date | string) {
	return `${financialYearEnd(new Date(issuedAt)) + 6}-12-31`
}

/** What closing an account erases, as the pages and the privacy notice say it. */
export const CLOSURE_ERASES = [
	'Your name, e-mail address, mobile number, date of birth, state and city.',
	'Your membership or registration number (so that it can be registered again), firm or company name, GST number and course.',
	'Your profile picture.',
	'Your password, every sign-in (sessions and tokens) and any one-time password not yet used.',
	'Your choices about updates by e-mail and WhatsApp, and your newsletter subscriptions under that e-mail address.',
	'The descriptions you wrote of CPE hours you recorded, your places on waiting lists, and your address on the records of mail the branch sent you.',
	'The billing details of payments that never went through (those have no tax invoice).',
] as const

/** What closing keeps, and why; `now` picks the financial year of the worked example. */
export function closureKeeps(now = new Date()) {
	const end = financialYearEnd(now)
	return [
		`Tax invoices and credit notes, exactly as they were issued: with the billing name, state, GST number, firm name and membership or registration number printed on them. GST law requires them to be kept for 72 months from the due date of the annual return of their financial year (CGST Act, section 36; CGST Rules, rule 56): an invoice of ${end - 1}-${String(end % 100).padStart(2, '0')} is kept until 31 December ${end + 6}.`,
		'Your event registrations, attendance and CPE hours (the events, dates and hours), and the amounts of payments that never went through, with no name or contact details, for the branch’s statistics.',
		'The branch office’s audit log, which nobody can change: it records that the account was closed, and any change the office made to your account before, which may name you.',
		'Counters that limit how often codes may be sent to your e-mail address, for up to a day.',
	]
}
