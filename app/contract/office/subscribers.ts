// The newsletter's subscribers as the office sees them, with each one's consent: the list, search,
// removal and a CSV.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from '../api'
import { endpoint, endpointTable, FILE_ANSWER } from '../endpoint'
import { ACCOUNTS } from './staff-roles'

export const OFFICE_SUBSCRIBER_MESSAGES = { list: 'Subscribers', removed: 'The subscriber is removed.', notFound: 'No such subscriber.' } as const

export const subscribersQuerySchema = z.object({
	oFilter: z
		.object({ sSearch: blankAsMissing(z.string().trim().max(100, 'Search text can be at most 100 characters.')) })
		.optional()
		.default({}),
	oPaging: z
		.object({
			nPage: blankAsMissing(z.coerce.number().int().min(1).max(10_000)).default(1),
			nPageSize: blankAsMissing(z.coerce.number().int().min(1).max(200)).default(50),
		})
		.optional()
		.default({ nPage: 1, nPageSize: 50 }),
	sFormat: blankAsMissing(z.enum(['json', 'csv'], { error: 'Format must be json or csv.' })).default('json'),
})

export const subscriberSchema = z.object({
	iSubscriberId: z.number().int(),
	sFullName: z.string(),
	sMembershipNumber: z.string(),
	sEmail: z.string(),
	/** When the subscription was asked for (while unconfirmed, the latest request). */
	dSubscribedAt: z.string(),
	/** The consent (double opt-in): when the link in the welcome mail was used, and from which client address; null while waiting. */
	dConfirmedAt: z.string().nullable().optional(),
	sConfirmedFrom: z.string().nullable().optional(),
	/** The client address the subscription was asked from; null for those made before double opt-in. */
	sRequestedFrom: z.string().nullable().optional(),
})
export type Subscriber = z.infer<typeof subscriberSchema>

const subscriberParams = z.object({ iSubscriberId: recordIdSchema })

export const officeSubscriberEndpoints = endpointTable('officeSubscribers', {
	/** Newest first; with `sFormat=csv`, every match (no paging) as a file. */
	list: endpoint({
		method: 'GET',
		path: '/office/subscribers/v1',
		access: ACCOUNTS,
		query: subscribersQuerySchema,
		data: z.object({ aSubscribers: z.array(subscriberSchema), nTotal: z.number().int(), nPage: z.number().int(), nPageSize: z.number().int() }),
	}),
	listCsv: endpoint({ method: 'GET', path: '/office/subscribers/v1', access: ACCOUNTS, query: subscribersQuerySchema, data: FILE_ANSWER }),
	remove: endpoint({
		method: 'DELETE',
		path: '/office/subscribers/:iSubscriberId/v1',
		access: ACCOUNTS,
		params: subscriberParams,
		notFound: OFFICE_SUBSCRIBER_MESSAGES.notFound,
		data: z.object({ sEmail: z.string() }),
	}),
})
