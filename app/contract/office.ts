// The branch office: staff sign-in and announcements. Staff post announcements through
// the API; members read them on /member/announcements. Both the API and the portal import this.
import { z } from 'zod'
import { passwordSchema } from './accounts'
import { endpoint, endpointTable } from './endpoint'

export const OFFICE_PATHS = {
	login: '/auth/office/login/v1',
	logout: '/auth/office/logout/v1',
	/** Staff: post an announcement (POST). */
	postAnnouncement: '/office/announcements/v1',
	/** Staff: correct (PUT, the same fields as a new one) or withdraw (DELETE) an announcement. */
	officeAnnouncement: (iAnnouncementId: number | string) => `/office/announcements/${iAnnouncementId}/v1`,
	/** Member: every announcement, newest first, each with bIsRead; and nUnread. */
	announcements: '/member/announcements/v1',
	/** Member: how many are unread, for the dashboard's navigation. */
	unreadCount: '/member/announcements/unread-count/v1',
	/** Member: one announcement; reading it marks it read for that member. */
	announcement: (iAnnouncementId: number | string) => `/member/announcements/${iAnnouncementId}/v1`,
} as const

export const OFFICE_MESSAGES = {
	loginFailed: 'The username or password is incorrect.',
	loggedOut: 'Signed out',
	posted: 'Announcement posted',
	updated: 'Announcement updated',
	deleted: 'Announcement deleted',
	notFound: 'No such announcement.',
} as const

/** `admin`: everything, staff users included; `editor`: the branch's content only. */
export const STAFF_ROLES = ['admin', 'editor'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Role must be admin or editor' })

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/
export const usernameSchema = z
	.string({ error: 'Username is required' })
	.trim()
	.toLowerCase()
	.regex(USERNAME_PATTERN, 'Username is 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter')
export const staffFullNameSchema = z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(120, 'Full name must be at most 120 characters')

/** sPassword travels RSA-encrypted, as every password field does (app/contract/accounts.ts). */
export const staffLoginSchema = z.object({ sUsername: usernameSchema, sPassword: passwordSchema() })
export const staffSummarySchema = z.object({ sUsername: z.string(), sFullName: z.string(), sRole: staffRoleSchema })
export type StaffSummary = z.infer<typeof staffSummarySchema>
export const staffLoginAnswerSchema = z.object({ sToken: z.string(), dExpiresAt: z.string(), oStaff: staffSummarySchema })
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>

export const officeAuthEndpoints = endpointTable('officeAuth', {
	login: endpoint({ method: 'POST', path: '/auth/office/login/v1', access: 'public', body: staffLoginSchema, data: staffLoginAnswerSchema }),
	logout: endpoint({ method: 'POST', path: '/auth/office/logout/v1', access: 'staff', data: z.undefined() }),
})

export const ANNOUNCEMENT_TITLE_MAX = 150
export const ANNOUNCEMENT_PARAGRAPH_MAX = 2000
export const ANNOUNCEMENT_PARAGRAPHS_MAX = 20

const paragraph = z.string().trim().min(1, 'A paragraph cannot be empty').max(ANNOUNCEMENT_PARAGRAPH_MAX, `A paragraph can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX} characters`)

/** Splits text into paragraphs at blank lines. */
export const paragraphsOf = (text: string) =>
	text
		.split(/\r?\n\s*\r?\n/)
		.map((part) => part.trim())
		.filter(Boolean)

/** The body comes as paragraphs (aBody) or as plain text with blank lines between them (sBody), not both. */
export const newAnnouncementSchema = z
	.object({
		sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(ANNOUNCEMENT_TITLE_MAX, `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
		aBody: z.array(paragraph).min(1, 'The body needs at least one paragraph').max(ANNOUNCEMENT_PARAGRAPHS_MAX, `The body can have at most ${ANNOUNCEMENT_PARAGRAPHS_MAX} paragraphs`).optional(),
		sBody: z.string().max(ANNOUNCEMENT_PARAGRAPH_MAX * 5, `The body can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX * 5} characters`).optional(),
		/** Also e-mail it to the members who chose updates by e-mail (an extension; only when posting). */
		bEmail: z.boolean().optional(),
	})
	.strict()
	.superRefine((form, ctx) => {
		if (form.aBody && form.sBody !== undefined) ctx.addIssue({ code: 'custom', path: ['sBody'], message: 'Send the body as aBody or as sBody, not both' })
		else if (!form.aBody && !(form.sBody ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['sBody'], message: 'The body is required' })
		else if (form.sBody !== undefined) {
			const parts = paragraphsOf(form.sBody)
			if (parts.length > ANNOUNCEMENT_PARAGRAPHS_MAX) ctx.addIssue({ code: 'custom', path: ['sBody'], message: `The body can have at most ${ANNOUNCEMENT_PARAGRAPHS_MAX} paragraphs` })
			if (parts.some((part) => part.length > ANNOUNCEMENT_PARAGRAPH_MAX)) {
				ctx.addIssue({ code: 'custom', path: ['sBody'], message: `A paragraph can be at most ${ANNOUNCEMENT_PARAGRAPH_MAX} characters` })
			}
		}
	})
	.transform(({ sTitle, aBody, sBody, bEmail }) => ({ sTitle, aBody: aBody ?? paragraphsOf(sBody ?? ''), bEmail: bEmail ?? false }))
export type NewAnnouncement = z.input<typeof newAnnouncementSchema>

export type AnnouncementSummary = {
	iAnnouncementId: number
	sTitle: string
	/** The first paragraph, cut to a line or two. */
	sSummary: string
	dPublishedAt: string
	bIsRead: boolean
}
export type Announcement = Omit<AnnouncementSummary, 'sSummary'> & { aBody: string[]; sPostedBy: string | null }
export type AnnouncementList = { aAnnouncements: AnnouncementSummary[]; nUnread: number }
