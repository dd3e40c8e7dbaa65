// Committees and their people's messages: API paths and answer shapes.
import { z } from 'zod'
import { recordIdSchema } from './api'
import { endpoint, endpointTable } from './endpoint'
import { responsiveImageSchema } from './images'

export const COMMITTEE_PATHS = {
	/** All committees, in display order, each with its people. */
	list: '/committees/list/v1',
	/** Everyone who has a message, managing committee first (the home page shows the first: the chairman). */
	messages: '/committees/messages/v1',
	/** One person's message; 404 when the person is unknown or has none. */
	message: (iPersonId: number | string) => `/committees/message/v1/${iPersonId}`,
} as const

/** Public answers may be reused this long by the portal's client and any cache. */
export const COMMITTEES_MAX_AGE_SECONDS = 300

export const committeePersonSchema = z.object({
	iPersonId: z.number().int(),
	sFullName: z.string(),
	sRole: z.string(),
	/** Term of office, calendar dates (YYYY-MM-DD). */
	dTermStart: z.string(),
	dTermEnd: z.string(),
	oPhoto: responsiveImageSchema.nullable(),
	bHasMessage: z.boolean(),
})
export type CommitteePerson = z.infer<typeof committeePersonSchema>

export const committeeSchema = z.object({
	iCommitteeId: z.number().int(),
	sTitle: z.string(),
	sDescription: z.string(),
	aPeople: z.array(committeePersonSchema),
})
export type Committee = z.infer<typeof committeeSchema>

export const personMessageSchema = committeePersonSchema.omit({ bHasMessage: true }).extend({
	sCommitteeTitle: z.string(),
	sMessageTitle: z.string(),
	/** The message as plain paragraphs: nothing from the database is rendered as HTML. */
	aParagraphs: z.array(z.string()),
})
export type PersonMessage = z.infer<typeof personMessageSchema>

export const MESSAGE_NOT_FOUND = 'No such message.'

export const committeeEndpoints = endpointTable('committees', {
	list: endpoint({ method: 'GET', path: COMMITTEE_PATHS.list, access: 'public', data: z.array(committeeSchema), publicMaxAge: COMMITTEES_MAX_AGE_SECONDS }),
	messages: endpoint({
		method: 'GET',
		path: COMMITTEE_PATHS.messages,
		access: 'public',
		data: z.array(personMessageSchema),
		publicMaxAge: COMMITTEES_MAX_AGE_SECONDS,
	}),
	message: endpoint({
		method: 'GET',
		path: '/committees/message/v1/:iPersonId',
		access: 'public',
		params: z.object({ iPersonId: recordIdSchema }),
		notFound: MESSAGE_NOT_FOUND,
		data: personMessageSchema,
		publicMaxAge: COMMITTEES_MAX_AGE_SECONDS,
	}),
})
