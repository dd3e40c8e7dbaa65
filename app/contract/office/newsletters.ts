// The office's newsletter issues: a PDF (checked by its bytes and opened before it is kept), its
// title, month, summary and contents, a cover (uploaded, or drawn when none is given), publishing.
import { z } from 'zod'
import { recordIdSchema } from '../api'
import { isRealMonth } from '../calendar-day'
import { endpoint, endpointTable, FILE_MAX_BYTES, MB } from '../endpoint'
import { responsiveImageSchema } from '../images'
import { conflictMessage, nVersionSchema } from '../versioned'
import { EDITORS } from './staff-roles'

export const OFFICE_NEWSLETTER_MESSAGES = {
	created: 'The issue is added.',
	saved: 'The issue is saved.',
	published: 'The issue is published.',
	unpublished: 'The issue is unpublished: the public no longer sees it.',
	deleted: 'The issue is deleted.',
	notFound: 'No such issue.',
	monthTaken: 'There is already an issue for this month.',
	conflict: conflictMessage('issue'),
} as const

/** What the office types about an issue; `sContents` has one heading a line. */
export const newsletterFieldsSchema = z.object({
	sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
	sMonth: z.string({ error: 'Month is required' }).refine(isRealMonth, 'Month is a year and month, like 2026-11'),
	sSummary: z.string({ error: 'Summary is required' }).trim().min(1, 'Summary is required').max(500, 'Summary must be at most 500 characters'),
	sContents: z.string().max(3000, 'Contents must be at most 3000 characters').optional(),
	bIsPublished: z.boolean().optional(),
})
export const contentsOf = (text: string | undefined) =>
	(text ?? '')
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean)

export const officeNewsletterSchema = z.object({
	iRecordId: z.number().int(),
	sTitle: z.string(),
	sMonth: z.string(),
	sSummary: z.string(),
	aContents: z.array(z.string()),
	oCover: responsiveImageSchema,
	sPdfPath: z.string(),
	nPdfBytes: z.number().int(),
	nPageCount: z.number().int(),
	bIsPublished: z.boolean(),
	nVersion: z.number().int(),
})
export type OfficeNewsletter = z.infer<typeof officeNewsletterSchema>

const byId = { access: EDITORS, params: z.object({ iRecordId: recordIdSchema }), notFound: OFFICE_NEWSLETTER_MESSAGES.notFound } as const

export const officeNewsletterEndpoints = endpointTable('officeNewsletters', {
	list: endpoint({ method: 'GET', path: '/office/newsletters/v1', access: EDITORS, data: z.array(officeNewsletterSchema) }),
	/** Multipart: `file` (the PDF, up to 20 MB), optional `cover` (a picture), and the fields. */
	create: endpoint({
		method: 'POST',
		path: '/office/newsletters/v1',
		access: EDITORS,
		upload: 'pdf-and-cover',
		maxBodyBytes: FILE_MAX_BYTES.pdf + FILE_MAX_BYTES.picture + MB,
		formPages: ['/office/newsletters/new', '/office/newsletters/upload'],
		body: z.instanceof(FormData),
		data: officeNewsletterSchema,
	}),
	update: endpoint({
		method: 'PUT',
		path: '/office/newsletters/:iRecordId/v1',
		...byId,
		body: newsletterFieldsSchema.extend({ nVersion: nVersionSchema }),
		data: officeNewsletterSchema,
	}),
	remove: endpoint({ method: 'DELETE', path: '/office/newsletters/:iRecordId/v1', ...byId, data: z.undefined() }),
})
