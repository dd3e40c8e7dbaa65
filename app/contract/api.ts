// The branch API contract (docs/spec.md §7): paths, the response envelope and payload schemas.
// Both the API (app/api) and the portal's client (app/.server/api-client.ts) import this module.
import { z } from 'zod'

export const API_PREFIX = '/api'

export const API_PATHS = {
	mediaUrl: '/get-url/media/v1',
	page: (sSlug: string) => `/pages/${sSlug}/v1`,
} as const

/** Every answer is `{ message, data? }`; errors add field errors keyed by the spec's field names. */
export const envelopeSchema = z.object({
	message: z.string(),
	data: z.unknown().optional(),
	errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type Envelope<T = unknown> = { message: string; data?: T; errors?: Record<string, string[]> }

export const PAGE_SLUGS = ['home', 'overview', 'resources', 'services', 'policies', 'about', 'accessibility', 'privacy'] as const
export const pageSlugSchema = z.enum(PAGE_SLUGS)
/** Each information page's title until the office writes one (the two statements have default text too: app/api/pages/service.ts). */
export const DEFAULT_PAGE_TITLES: Record<(typeof PAGE_SLUGS)[number], string> = {
	home: 'Welcome',
	overview: 'Overview',
	resources: 'Resources',
	services: 'Services',
	policies: 'Policies',
	about: 'About us',
	accessibility: 'Accessibility statement',
	privacy: 'Privacy notice',
}
export type PageSlug = z.infer<typeof pageSlugSchema>

/**
 * Where a page's link may go: the web, an e-mail address, or a path on this site. A site path has
 * no backslash anywhere: browsers read `\` as `/`, so `/\evil.example` would lead to //evil.example.
 */
export const LINK_URL_PATTERN = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|\/(?![/\\])[^\s\\]*)$/
/** A PDF the office attached to a page, under the media base address. */
export const PAGE_FILE_PATTERN = /^pages\/[0-9a-f-]{36}\.pdf$/

/** Page text is stored as simple blocks, so no HTML from the database is ever rendered raw. */
export const pageBlockSchema = z.discriminatedUnion('sType', [
	z.object({ sType: z.literal('heading'), sText: z.string().min(1) }),
	z.object({ sType: z.literal('paragraph'), sText: z.string().min(1) }),
	z.object({ sType: z.literal('list'), aItems: z.array(z.string().min(1)).min(1) }),
	z.object({
		sType: z.literal('link'),
		sText: z.string().min(1),
		sUrl: z.string().max(500).regex(LINK_URL_PATTERN, 'A link must start with https://, http://, mailto: or /'),
	}),
	z.object({ sType: z.literal('file'), sText: z.string().min(1), sPath: z.string().regex(PAGE_FILE_PATTERN, 'Not a file attached to this page') }),
])
export type PageBlock = z.infer<typeof pageBlockSchema>

export const pageSchema = z.object({
	sSlug: pageSlugSchema,
	sTitle: z.string().min(1),
	sSummary: z.string(),
	aBlocks: z.array(pageBlockSchema),
	dUpdatedAt: z.string(),
})
export type Page = z.infer<typeof pageSchema>

export const mediaUrlSchema = z.string().url()

/**
 * A value that may be left out. Forms and GET filter forms send an empty field as '', which counts
 * as left out too. The outer `.optional()` lets callers leave the key out (zod 4.1 types a
 * preprocess's input as required).
 */
export const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).optional()

/** A record id in a path (iEventId, iPersonId...): digits only, within PostgreSQL's integer. */
export const recordIdSchema = z
	.string()
	.regex(/^[1-9]\d{0,9}$/)
	.transform(Number)
	.pipe(z.number().max(2_147_483_647))
