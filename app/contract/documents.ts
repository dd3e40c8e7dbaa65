// Tickets of confirmed registrations (the signed-in person's) and the public verification of
// issued documents: tax invoices, credit notes and CPE certificates (decision 0053).
import { z } from 'zod'
import { recordIdSchema } from './api'
import { endpoint, endpointTable, FILE_ANSWER } from './endpoint'

export const DOCUMENT_MESSAGES = {
	tickets: 'Your tickets',
	noTicket: 'There is no ticket for that registration.',
	verified: 'Document found',
	unknownCode: 'No document has this verification code. Check the code on the document, letter by letter; a made-up or mistyped code finds nothing.',
} as const

export const ticketSchema = z.object({
	iRegistrationId: z.number().int(),
	iEventId: z.number().int(),
	sEventTitle: z.string(),
	dStartDate: z.string(),
	dEndDate: z.string(),
	sVenue: z.string(),
	sTicketCode: z.string(),
})
export type Ticket = z.infer<typeof ticketSchema>

/** Ten characters of Crockford's base 32 (50 random bits), written in two fives: `7KQ2M-XW9RT`. */
export const VERIFICATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/
/** The code as typed or scanned: case, spaces and dashes forgiven; Crockford's look-alikes read as digits. */
export const normalizeVerificationCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
export const formatVerificationCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

export const DOCUMENT_KINDS = ['invoice', 'credit-note', 'certificate'] as const
export const DOCUMENT_STATUSES = ['valid', 'refunded', 'corrected', 'revoked'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

export const verifiedDocumentSchema = z.object({
	sCode: z.string(),
	sKind: z.enum(DOCUMENT_KINDS),
	/** 'Tax invoice', 'Credit note', 'CPE attendance certificate'. */
	sKindName: z.string(),
	sNumber: z.string(),
	/** The document's date, `YYYY-MM-DD` in India. */
	dDate: z.string(),
	oIssuer: z.object({ sName: z.string(), sInstitute: z.string(), sGstin: z.string() }),
	/** The holder's name with most letters hidden: `As** Ku******`. */
	sHolder: z.string(),
	sEventTitle: z.string(),
	dEventDate: z.string(),
	/** Certificates: the hours it credits. */
	nCpeHours: z.number().nullable(),
	/** Invoices and credit notes. */
	oAmounts: z.object({ nTaxablePaise: z.number().int(), nTaxPaise: z.number().int(), nTotalPaise: z.number().int() }).nullable(),
	sStatus: z.enum(DOCUMENT_STATUSES),
	/** The status in words: 'Valid', 'Refunded by credit note SRB/C2627/00001'... */
	sStatusText: z.string(),
})
export type VerifiedDocument = z.infer<typeof verifiedDocumentSchema>

export const documentEndpoints = endpointTable('documents', {
	/** The caller's tickets: confirmed registrations of events that have not ended. */
	tickets: endpoint({ method: 'GET', path: '/:role/events/tickets/v1', access: 'account', data: z.array(ticketSchema) }),
	/** One ticket as a one-page PDF with its QR code. */
	ticketPdf: endpoint({
		method: 'GET',
		path: '/:role/events/tickets/v1/:iRegistrationId',
		access: 'account',
		params: z.object({ iRegistrationId: recordIdSchema }),
		notFound: DOCUMENT_MESSAGES.noTicket,
		data: FILE_ANSWER,
	}),
	/** Public: what an issued document says and whether it still stands. Rate-limited per client. */
	verify: endpoint({
		method: 'GET',
		path: '/verify/v1/:sCode',
		access: 'public',
		params: z.object({ sCode: z.string().transform(normalizeVerificationCode).pipe(z.string().regex(VERIFICATION_CODE_PATTERN)) }),
		notFound: DOCUMENT_MESSAGES.unknownCode,
		data: verifiedDocumentSchema,
	}),
})
