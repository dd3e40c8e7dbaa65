// The newsletter calls of the branch API (docs/spec.md §7): the archive list and the subscription.
import { z } from 'zod'
import { endpoint, endpointTable } from './endpoint'
import { isOneLine, oneLineMessage } from './one-line'
import { LIST_SEARCH_MAX_LENGTH, MEMBERSHIP_NUMBER_MAX_LENGTH } from './constants'
import { pagingSchema } from './gallery'
import { responsiveImageSchema } from './images'

export const NEWSLETTER_API_PATHS = {
	/**
	 * GET, query in bracket notation (app/contract/query-string.ts), every part optional:
	 * `oFilter[nYear]`, `oFilter[nMonth]` (1-12), `oFilter[sSearch]` (title, summary, contents),
	 * `oPaging[nPage]`, `oPaging[nPageSize]`, `oSort[sField]` (dDate | sTitle), `oSort[sOrder]` (asc | desc).
	 * Answers `NewsletterListPage`; 400 with `errors` keyed by the parameter's path for a bad parameter.
	 */
	list: '/newsletters/list/v1',
	/** POST `{ sFullName, sMembershipNumber, sEmail }`: the message in `message`, the same for a repeat. */
	subscribe: '/newsletter/subscribe/v1',
} as const

export const NEWSLETTER_MAX_AGE_SECONDS = 60
export const NEWSLETTER_PAGE_SIZE = { default: 6, max: 24 } as const

export const newsletterListQuerySchema = z.object({
	oFilter: z
		.object({
			nYear: z.coerce.number<number | string>().int().min(1900).max(2999).optional(),
			nMonth: z.coerce.number<number | string>().int().min(1).max(12).optional(),
			sSearch: z.string().trim().max(LIST_SEARCH_MAX_LENGTH).optional(),
		})
		.default({}),
	oPaging: pagingSchema(NEWSLETTER_PAGE_SIZE),
	oSort: z
		.object({ sField: z.enum(['dDate', 'sTitle']).default('dDate'), sOrder: z.enum(['asc', 'desc']).default('desc') })
		.default({ sField: 'dDate', sOrder: 'desc' }),
})
export type NewsletterListQuery = z.input<typeof newsletterListQuerySchema>

export const newsletterIssueSchema = z.object({
	iRecordId: z.number().int(),
	sTitle: z.string(),
	sSummary: z.string(),
	/** The issue's month, as its first day `YYYY-MM-01`. */
	dDate: z.iso.date(),
	aContents: z.array(z.string()),
	oCover: responsiveImageSchema,
	/** The PDF, under the media base address. */
	sPdfPath: z.string(),
	nPdfBytes: z.number().int().positive(),
	nPageCount: z.number().int().positive(),
})
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>

/** A page of issues, the total that match, and every year that has an issue (for the year filter). */
export const newsletterListPageSchema = z.object({
	aItems: z.array(newsletterIssueSchema),
	nTotal: z.number().int(),
	nPage: z.number().int(),
	nPageSize: z.number().int(),
	aYears: z.array(z.number().int()),
})
export type NewsletterListPage = z.infer<typeof newsletterListPageSchema>

/** The footer's sign-up form (docs/spec.md §3, §5): the messages are the spec's, word for word. */
export const newsletterSubscriptionSchema = z.object({
	sFullName: z
		.string({ error: 'Name is required' })
		.trim()
		.min(1, 'Name is required')
		.max(100, 'Name must be at most 100 characters')
		.refine(isOneLine, oneLineMessage('Name')),
	sMembershipNumber: z
		.string({ error: 'MembershipNumber is required' })
		.trim()
		.min(1, 'MembershipNumber is required')
		.max(MEMBERSHIP_NUMBER_MAX_LENGTH, `MembershipNumber must be at most ${MEMBERSHIP_NUMBER_MAX_LENGTH} characters`),
	sEmail: z
		.string({ error: 'Email is required' })
		.trim()
		.min(1, 'Email is required')
		.pipe(z.email('Invalid email format').max(254, 'Invalid email format'))
		.transform((email) => email.toLowerCase()),
})
export type NewsletterSubscription = z.input<typeof newsletterSubscriptionSchema>

/** The answer to every accepted subscription, new or repeated, so it reveals nothing about a list entry. */
export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing. The next issue of our newsletter will reach your inbox.'

/** Per e-mail tight, per client loose: a firm's office or a classroom shares one address (docs/architecture.md). */
export const SUBSCRIBE_RATE_LIMITS = {
	perEmail: { limit: 5, windowSeconds: 60 * 60 },
	perClient: { limit: 60, windowSeconds: 60 * 60 },
} as const

export const newsletterEndpoints = endpointTable('newsletters', {
	list: endpoint({
		method: 'GET',
		path: NEWSLETTER_API_PATHS.list,
		access: 'public',
		query: newsletterListQuerySchema,
		data: newsletterListPageSchema,
		publicMaxAge: NEWSLETTER_MAX_AGE_SECONDS,
	}),
	subscribe: endpoint({ method: 'POST', path: NEWSLETTER_API_PATHS.subscribe, access: 'public', body: newsletterSubscriptionSchema, data: z.undefined() }),
})
