// The office's announcements to members: the list with read counts, post, correct and withdraw.
// Posting, correcting and withdrawing keep their paths (app/contract/office/auth.ts, OFFICE_PATHS).
import { z } from 'zod'
import { recordIdSchema } from '../api'
import { endpoint, endpointTable } from '../endpoint'
import { ANNOUNCEMENT_MESSAGES, newAnnouncementSchema } from '../announcements'
import { EDITORS } from './staff-roles'

export const officeAnnouncementSchema = z.object({
	iAnnouncementId: z.number().int(),
	sTitle: z.string(),
	aBody: z.array(z.string()),
	dPublishedAt: z.string(),
	sPostedBy: z.string().nullable(),
	bIsRead: z.boolean(),
})
export type OfficeAnnouncement = z.infer<typeof officeAnnouncementSchema>

/** The office's form: the body as text, paragraphs separated by blank lines. */
export const announcementFormSchema = z.object({
	sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
	sBody: z.string({ error: 'The body is required' }).trim().min(1, 'The body is required').max(10_000, 'The body can be at most 10000 characters'),
	bEmail: z.boolean().optional(),
})

const byId = { access: EDITORS, params: z.object({ iAnnouncementId: recordIdSchema }), notFound: ANNOUNCEMENT_MESSAGES.notFound } as const

export const officeAnnouncementEndpoints = endpointTable('officeAnnouncements', {
	list: endpoint({
		method: 'GET',
		path: '/office/announcements/v1',
		access: EDITORS,
		data: z.array(officeAnnouncementSchema.extend({ nReads: z.number().int() })),
	}),
	post: endpoint({ method: 'POST', path: '/office/announcements/v1', access: EDITORS, body: newAnnouncementSchema, data: officeAnnouncementSchema }),
	correct: endpoint({ method: 'PUT', path: '/office/announcements/:iAnnouncementId/v1', ...byId, body: newAnnouncementSchema, data: officeAnnouncementSchema }),
	withdraw: endpoint({ method: 'DELETE', path: '/office/announcements/:iAnnouncementId/v1', ...byId, data: z.undefined() }),
})
