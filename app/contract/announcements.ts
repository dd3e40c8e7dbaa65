// Announcements: the office posts, corrects and withdraws them; members read them on
// /member/announcements, each marked read when opened. Both the API and the portal import this.
import { z } from 'zod'
import { recordIdSchema } from './api'
import { endpoint, endpointTable } from './endpoint'

export const ANNOUNCEMENT_PATHS = {
	/** Staff: post an announcement (POST). */
	post: '/office/announcements/v1',
	/** Staff: correct (PUT, the same fields as a new one) or withdraw (DELETE) an announcement. */
	officeOne: (iAnnouncementId: number | string) => `/office/announcements/${iAnnouncementId}/v1`,
	/** Member: every announcement, newest first, each with bIsRead; and nUnread. */
	list: '/member/announcements/v1',
	/** Member: how many are unread, for the dashboard's navigation. */
	unreadCount: '/member/announcements/unread-count/v1',
	/** Member: one announcement; reading it marks it read for that member. */
	one: (iAnnouncementId: number | string) => `/member/announcements/${iAnnouncementId}/v1`,
} as const

export const ANNOUNCEMENT_MESSAGES = {
	posted: 'Announcement posted',
	updated: 'Announcement updated',
	deleted: 'Announcement deleted',
	notFound: 'No such announcement.',
} as const

export const ANNOUNCEMENT_TITLE_MAX = 150
export const ANNOUNCEMENT_PARAGRAPH_MAX = 2000
export const ANNOUNCEMENT_PARAGRAPHS_MAX = 20

const paragraph = z
	.string()
	.trim()
	.min(1, 'A paragraph cannot be empty')
	.max(ANNOUNCEMENT_PARAGRAPH_MAX, `A paragraph can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX} characters`)

/** Splits text into paragraphs at blank lines. */
export const paragraphsOf = (text: string) =>
	text
		.split(/\r?\n\s*\r?\n/)
		.map((part) => part.trim())
		.filter(Boolean)

/** The body comes as paragraphs (aBody) or as plain text with blank lines between them (sBody), not both. */
export const newAnnouncementSchema = z
	.object({
		sTitle: z
			.string({ error: 'Title is required' })
			.trim()
			.min(1, 'Title is required')
			.max(ANNOUNCEMENT_TITLE_MAX, `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
		aBody: z
			.array(paragraph)
			.min(1, 'The body needs at least one paragraph')
			.max(ANNOUNCEMENT_PARAGRAPHS_MAX, `The body can have at most ${ANNOUNCEMENT_PARAGRAPHS_MAX} paragraphs`)
			.optional(),
		sBody: z
			.string()
			.max(ANNOUNCEMENT_PARAGRAPH_MAX * 5, `The body can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX * 5} characters`)
			.optional(),
		/** Also e-mail it to the members who chose updates by e-mail (an extension; only when posting). */
		bEmail: z.boolean().optional(),
	})
	.strict()
	.superRefine((form, ctx) => {
		if (form.aBody && form.sBody !== undefined) ctx.addIssue({ code: 'custom', path: ['sBody'], message: 'Send the body as aBody or as sBody, not both' })
		else if (!form.aBody && !(form.sBody ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['sBody'], message: 'The body is required' })
		else if (form.sBody !== undefined) {
			const parts = paragraphsOf(form.sBody)
			if (parts.length > ANNOUNCEMENT_PARAGRAPHS_MAX)
				ctx.addIssue({ code: 'custom', path: ['sBody'], message: `The body can have at most ${ANNOUNCEMENT_PARAGRAPHS_MAX} paragraphs` })
			if (parts.some((part) => part.length > ANNOUNCEMENT_PARAGRAPH_MAX)) {
				ctx.addIssue({ code: 'custom', path: ['sBody'], message: `A paragraph can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX} characters` })
			}
		}
	})
	.transform(({ sTitle, aBody, sBody, bEmail }) => ({ sTitle, aBody: aBody ?? paragraphsOf(sBody ?? ''), bEmail: bEmail ?? false }))
export type NewAnnouncement = z.input<typeof newAnnouncementSchema>

export const announcementSummarySchema = z.object({
	iAnnouncementId: z.number().int(),
	sTitle: z.string(),
	/** The first paragraph, cut to a line or two. */
	sSummary: z.string(),
	dPublishedAt: z.string(),
	bIsRead: z.boolean(),
})
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>
export const announcementSchema = announcementSummarySchema.omit({ sSummary: true }).extend({ aBody: z.array(z.string()), sPostedBy: z.string().nullable() })
export type Announcement = z.infer<typeof announcementSchema>
export const announcementListSchema = z.object({ aAnnouncements: z.array(announcementSummarySchema), nUnread: z.number().int() })
export type AnnouncementList = z.infer<typeof announcementListSchema>

/** A member's calls; reading one marks it read for them. */
export const memberAnnouncementEndpoints = endpointTable('announcements', {
	list: endpoint({ method: 'GET', path: ANNOUNCEMENT_PATHS.list, access: 'member', data: announcementListSchema }),
	unreadCount: endpoint({ method: 'GET', path: ANNOUNCEMENT_PATHS.unreadCount, access: 'member', data: z.object({ nUnread: z.number().int() }) }),
	one: endpoint({
		method: 'GET',
		path: '/member/announcements/:iAnnouncementId/v1',
		access: 'member',
		params: z.object({ iAnnouncementId: recordIdSchema }),
		notFound: ANNOUNCEMENT_MESSAGES.notFound,
		data: announcementSchema,
	}),
})
