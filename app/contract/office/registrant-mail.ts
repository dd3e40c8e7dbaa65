// The office writes to an event's people: a subject and a text, to everyone registered, the
// confirmed, those marked present, or the waiting list. Sent as a mailing, with its progress like
// a newsletter issue's. Editors write to people as their work; the accounts office deals with the
// registrants; the desk at the door does not mail them (decision 0050).
import { z } from 'zod'
import { recordIdSchema } from '../api'
import { endpoint, endpointTable } from '../endpoint'
import { mailingProgressSchema } from '../mailings'
import { officeRoles } from './staff-roles'

export const REGISTRANT_AUDIENCES = ['registered', 'confirmed', 'attended', 'waiting'] as const
export type RegistrantAudience = (typeof REGISTRANT_AUDIENCES)[number]

export const REGISTRANT_AUDIENCE_LABELS: Record<RegistrantAudience, string> = {
	registered: 'Everyone registered (paid or not)',
	confirmed: 'Confirmed registrations only',
	attended: 'Those marked present',
	waiting: 'The waiting list',
}

export const REGISTRANT_MAIL_MESSAGES = {
	sending: 'The message is being sent.',
	nobody: 'Nobody is in that group: choose another.',
	repeated: 'The same message went to the same people a moment ago; it was not sent again.',
	failedAgain: 'The failed mails are being sent again.',
	nothingFailed: 'No mail of this message has failed.',
	eventNotFound: 'No such event.',
	messageNotFound: 'No such message.',
} as const

export const SUBJECT_MAX = 150
export const BODY_MAX = 5000

export const registrantMessageSchema = z.object({
	sAudience: z.enum(REGISTRANT_AUDIENCES, { error: 'Choose who gets the message' }),
	sSubject: z
		.string({ error: 'Subject is required' })
		.trim()
		.min(1, 'Subject is required')
		.max(SUBJECT_MAX, `Subject can be at most ${SUBJECT_MAX} characters`)
		.refine((text) => !/[\r\n]/.test(text), 'Subject must be one line'),
	sBody: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(BODY_MAX, `Message can be at most ${BODY_MAX} characters`),
})
export type RegistrantMessage = z.infer<typeof registrantMessageSchema>

export const sentRegistrantMessageSchema = z.object({
	iRecordId: z.number().int(),
	sAudience: z.enum(REGISTRANT_AUDIENCES),
	sSubject: z.string(),
	sSentBy: z.string().nullable(),
	dCreatedAt: z.string(),
	oProgress: mailingProgressSchema,
})
export type SentRegistrantMessage = z.infer<typeof sentRegistrantMessageSchema>

export const registrantMailSchema = z.object({
	oEvent: z.object({ iEventId: z.number().int(), sTitle: z.string(), dStartDate: z.string(), bCancelled: z.boolean() }),
	/** How many people each choice reaches now (closed accounts left out). */
	oAudiences: z.object({ registered: z.number().int(), confirmed: z.number().int(), attended: z.number().int(), waiting: z.number().int() }),
	/** The messages sent so far, newest first. */
	aMessages: z.array(sentRegistrantMessageSchema),
})
export type RegistrantMail = z.infer<typeof registrantMailSchema>

/** Editors and the accounts office (and administrators). */
export const REGISTRANT_WRITERS = officeRoles('editor', 'accounts')

const eventParams = z.object({ iEventId: recordIdSchema })
const byEvent = { access: REGISTRANT_WRITERS, params: eventParams, notFound: REGISTRANT_MAIL_MESSAGES.eventNotFound } as const

export const officeRegistrantMailEndpoints = endpointTable('officeRegistrantMail', {
	/** The counts per choice and the messages sent, with their progress. */
	overview: endpoint({ method: 'GET', path: '/office/events/:iEventId/registrant-mail/v1', ...byEvent, data: registrantMailSchema }),
	send: endpoint({
		method: 'POST',
		path: '/office/events/:iEventId/registrant-mail/v1',
		...byEvent,
		body: registrantMessageSchema,
		data: registrantMailSchema,
	}),
	retryFailed: endpoint({
		method: 'POST',
		path: '/office/events/:iEventId/registrant-mail/:iRecordId/failed/v1',
		access: REGISTRANT_WRITERS,
		params: eventParams.extend({ iRecordId: recordIdSchema }),
		notFound: REGISTRANT_MAIL_MESSAGES.messageNotFound,
		data: registrantMailSchema,
	}),
})
