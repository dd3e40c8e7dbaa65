// The office's committees: each committee's title, description and place in the list, its people
// (name, role, term, portrait, order) and their messages (the chairman's, the secretary's...),
// which the public sees once published.
import { z } from 'zod'
import { recordIdSchema } from '../api'
import { isRealDay } from '../calendar-day'
import { endpoint, endpointTable, FILE_MAX_BYTES, KB } from '../endpoint'
import { responsiveImageSchema } from '../images'
import { conflictMessage, nVersionSchema } from '../versioned'
import { EDITORS } from './staff-roles'

export const OFFICE_COMMITTEE_MESSAGES = {
	list: 'Committees',
	created: 'The committee is added. Now add its people.',
	saved: 'The committee is saved.',
	deleted: 'The committee is deleted.',
	notFound: 'No such committee.',
	personAdded: 'The person is added.',
	personSaved: 'The person is saved.',
	personDeleted: 'The person is deleted.',
	personNotFound: 'No such person.',
	portraitAdded: 'The portrait is saved.',
	portraitRemoved: 'The portrait is removed.',
	committeeConflict: conflictMessage('committee'),
	personConflict: conflictMessage('person'),
} as const

const sortOrder = z.coerce
	.number<number | string>({ error: 'Order is a whole number' })
	.int('Order is a whole number')
	.min(0, 'Order is 0 or more')
	.max(999, 'Order is at most 999')
	.optional()

export const committeeFieldsSchema = z.object({
	sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
	sDescription: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
	nSortOrder: sortOrder,
})

/** A message is typed as paragraphs separated by blank lines; it is stored as plain paragraphs. */
export const messageParagraphs = (text: string | undefined) =>
	(text ?? '')
		.split(/\r?\n\s*\r?\n/)
		.map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
		.filter(Boolean)

export const personFieldsSchema = z
	.object({
		sFullName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(150, 'Name must be at most 150 characters'),
		sRole: z.string({ error: 'Role is required' }).trim().min(1, 'Role is required').max(100, 'Role must be at most 100 characters'),
		dTermStart: z.string({ error: 'Start of the term is required' }).refine(isRealDay, 'A day, like 2026-02-15'),
		dTermEnd: z.string({ error: 'End of the term is required' }).refine(isRealDay, 'A day, like 2028-02-14'),
		nSortOrder: sortOrder,
		sMessageTitle: z.string().trim().max(150, 'The message’s title must be at most 150 characters').optional(),
		sMessage: z.string().max(20_000, 'The message must be at most 20000 characters').optional(),
		bMessagePublished: z.boolean().optional(),
	})
	.refine((person) => person.dTermEnd >= person.dTermStart, { path: ['dTermEnd'], message: 'The term ends on or after it starts' })
	.refine((person) => !person.sMessage?.trim() || person.sMessageTitle, {
		path: ['sMessageTitle'],
		message: 'Give the message a title, like “Chairman’s message”',
	})
export type PersonFields = z.infer<typeof personFieldsSchema>

export const officePersonSchema = z.object({
	iPersonId: z.number().int(),
	iCommitteeId: z.number().int(),
	sFullName: z.string(),
	sRole: z.string(),
	dTermStart: z.string(),
	dTermEnd: z.string(),
	nSortOrder: z.number().int(),
	oPhoto: responsiveImageSchema.nullable(),
	sMessageTitle: z.string(),
	aMessage: z.array(z.string()),
	bMessagePublished: z.boolean(),
	nVersion: z.number().int(),
})
export type OfficePerson = z.infer<typeof officePersonSchema>

export const officeCommitteeSchema = z.object({
	iCommitteeId: z.number().int(),
	sTitle: z.string(),
	sDescription: z.string(),
	nSortOrder: z.number().int(),
	nVersion: z.number().int(),
	aPeople: z.array(officePersonSchema),
})
export type OfficeCommittee = z.infer<typeof officeCommitteeSchema>

const byCommittee = { access: EDITORS, params: z.object({ iCommitteeId: recordIdSchema }), notFound: OFFICE_COMMITTEE_MESSAGES.notFound } as const
const byPerson = { access: EDITORS, params: z.object({ iPersonId: recordIdSchema }), notFound: OFFICE_COMMITTEE_MESSAGES.personNotFound } as const

export const officeCommitteeEndpoints = endpointTable('officeCommittees', {
	list: endpoint({ method: 'GET', path: '/office/committees/v1', access: EDITORS, data: z.array(officeCommitteeSchema) }),
	create: endpoint({ method: 'POST', path: '/office/committees/v1', access: EDITORS, body: committeeFieldsSchema, data: officeCommitteeSchema }),
	update: endpoint({
		method: 'PUT',
		path: '/office/committees/:iCommitteeId/v1',
		...byCommittee,
		body: committeeFieldsSchema.extend({ nVersion: nVersionSchema }),
		data: officeCommitteeSchema,
	}),
	remove: endpoint({ method: 'DELETE', path: '/office/committees/:iCommitteeId/v1', ...byCommittee, data: z.undefined() }),
	addPerson: endpoint({
		method: 'POST',
		path: '/office/committees/:iCommitteeId/people/v1',
		...byCommittee,
		body: personFieldsSchema,
		data: officePersonSchema,
	}),
	updatePerson: endpoint({
		method: 'PUT',
		path: '/office/committee-people/:iPersonId/v1',
		...byPerson,
		body: personFieldsSchema.and(z.object({ nVersion: nVersionSchema })),
		data: officePersonSchema,
	}),
	removePerson: endpoint({ method: 'DELETE', path: '/office/committee-people/:iPersonId/v1', ...byPerson, data: z.undefined() }),
	/** Multipart: `file`, a picture (JPEG, PNG or WebP up to 5 MB); described as the person's portrait. */
	setPortrait: endpoint({
		method: 'POST',
		path: '/office/committee-people/:iPersonId/portrait/v1',
		...byPerson,
		upload: 'picture',
		maxBodyBytes: FILE_MAX_BYTES.picture + 64 * KB,
		formPages: ['/office/committees/:iCommitteeId/people/:iPersonId'],
		body: z.instanceof(FormData),
		data: officePersonSchema,
	}),
	removePortrait: endpoint({ method: 'DELETE', path: '/office/committee-people/:iPersonId/portrait/v1', ...byPerson, data: officePersonSchema }),
})
