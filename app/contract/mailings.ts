// Mail the office sends, and joining and leaving the newsletter. Extensions of the spec's API: a
// newsletter issue is mailed to the confirmed subscribers (a test to the staff member first), its
// progress is counted, the signed link in the welcome mail confirms the address (double opt-in),
// and the one in every subscriber mail ends the subscription (RFC 8058 one-click).
import { z } from 'zod'
import { emailSchema } from './accounts'
import { recordIdSchema } from './api'
import { endpoint, endpointTable } from './endpoint'
import { EDITORS } from './office/staff-roles'
import { CONFIRM_WITHIN_DAYS } from './constants'

export const MAILING_MESSAGES = {
	testSent: 'The test mail is on its way.',
	sending: 'The issue is being sent.',
	alreadySent: 'This issue has already been sent to everyone on the list.',
	notPublished: 'Publish the issue before sending it.',
	noSubscribers: 'There is nobody on the list yet.',
	failedAgain: 'The failed mails are being sent again.',
	nothingFailed: 'No mail of this issue has failed.',
	notFound: 'No such issue.',
} as const

export const UNSUBSCRIBE_MESSAGES = {
	/** The same whether or not the address was on the list: nobody learns who is. */
	done: 'You are unsubscribed: no more newsletters will come to this address.',
	badLink:
		'This unsubscribe link is not valid or has expired. Nothing was changed. If you still get the newsletter, use the link in the latest mail, or write to the branch office.',
} as const

export const CONFIRM_MESSAGES = {
	/** The same for a repeat: the link is safe to use twice. */
	done: 'Your subscription is confirmed: the next issue of the newsletter will come to this address.',
	badLink: `This confirmation link is not valid or has expired (a link works for ${CONFIRM_WITHIN_DAYS} days). Nothing was changed. To subscribe, use the form at the foot of any page.`,
} as const

export const mailingProgressSchema = z.object({
	nSent: z.number().int(),
	nFailed: z.number().int(),
	nLeft: z.number().int(),
	/** Not sent because no longer wanted: the reader unsubscribed, the registration was cancelled. */
	nSkipped: z.number().int(),
	/** Why sending stopped, while it waits to be retried (or after it gave up). */
	sLastError: z.string().nullable(),
	dCreatedAt: z.string().nullable(),
})
export type MailingProgress = z.infer<typeof mailingProgressSchema>

export const newsletterMailingSchema = z.object({
	nSubscribers: z.number().int(),
	/** Null until the issue is sent. */
	oProgress: mailingProgressSchema.nullable(),
	/** Where the last test mail went: the staff member's own address. */
	sTestEmail: z.string().nullable(),
})
export type NewsletterMailing = z.infer<typeof newsletterMailingSchema>

/** One mailing in the office's overview of all mail: what it was, and how its sending went. */
export const mailingSummarySchema = mailingProgressSchema.extend({
	iMailingId: z.number().int(),
	sKind: z.enum([
		'newsletter',
		'newsletter-test',
		'welcome',
		'announcement',
		'reminder',
		'waiting-list-offer',
		'registration-received',
		'payment-confirmed',
		'event-changed',
		'event-message',
		'refund',
		'certificates',
		'certificate-correction',
	]),
	/** What it was about, as the office knows it: the issue's, announcement's or event's title. */
	sSubject: z.string(),
})
export type MailingSummary = z.infer<typeof mailingSummarySchema>
/** The overview shows this many, newest first. */
export const MAILINGS_LISTED = 100

export const testMailSchema = z.object({ sEmail: emailSchema })
/** The token of a signed link in a mail (unsubscribe, confirm). */
export const mailLinkSchema = z.object({ sToken: z.string({ error: 'The link is incomplete' }).max(100) })

const byIssue = { access: EDITORS, params: z.object({ iRecordId: recordIdSchema }), notFound: MAILING_MESSAGES.notFound } as const

export const officeMailingEndpoints = endpointTable('officeMailings', {
	/** Every mailing, newest first, with its counts and last error: failures are seen, whatever sent them. */
	list: endpoint({ method: 'GET', path: '/office/mailings/v1', access: EDITORS, data: z.array(mailingSummarySchema) }),
	status: endpoint({ method: 'GET', path: '/office/newsletters/:iRecordId/mailing/v1', ...byIssue, data: newsletterMailingSchema }),
	test: endpoint({ method: 'POST', path: '/office/newsletters/:iRecordId/mailing/test/v1', ...byIssue, body: testMailSchema, data: z.undefined() }),
	send: endpoint({ method: 'POST', path: '/office/newsletters/:iRecordId/mailing/v1', ...byIssue, data: newsletterMailingSchema }),
	retryFailed: endpoint({ method: 'POST', path: '/office/newsletters/:iRecordId/mailing/failed/v1', ...byIssue, data: newsletterMailingSchema }),
})

export const unsubscribeEndpoints = endpointTable('unsubscribe', {
	/** Whether a link is genuine, for the page that asks to confirm. */
	check: endpoint({ method: 'POST', path: '/newsletters/unsubscribe/check/v1', access: 'public', body: mailLinkSchema, data: z.undefined() }),
	unsubscribe: endpoint({ method: 'POST', path: '/newsletters/unsubscribe/v1', access: 'public', body: mailLinkSchema, data: z.undefined() }),
})

export const confirmSubscriptionEndpoints = endpointTable('confirmSubscription', {
	/** Whether a link is genuine and its address already confirmed, for the page that asks to confirm. */
	check: endpoint({
		method: 'POST',
		path: '/newsletters/confirm/check/v1',
		access: 'public',
		body: mailLinkSchema,
		data: z.object({ bConfirmed: z.boolean() }),
	}),
	/** Records the consent: when, and from which client address. Repeating it changes nothing. */
	confirm: endpoint({ method: 'POST', path: '/newsletters/confirm/v1', access: 'public', body: mailLinkSchema, data: z.undefined() }),
})
