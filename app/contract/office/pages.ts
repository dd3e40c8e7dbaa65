// The office edits the information pages (/, /overview, /resources, /services, /policies, /about,
// and the statements /accessibility and /privacy):
// a draft kept apart from the published text, a preview, publishing, and PDFs to attach.
import { z } from 'zod'
import { DEFAULT_PAGE_TITLES, type PAGE_SLUGS, pageBlockSchema, pageSchema, pageSlugSchema } from '../api'
import { endpoint, endpointTable, FILE_MAX_BYTES, KB } from '../endpoint'
import { conflictMessage, nVersionSchema } from '../versioned'
import { EDITORS } from './staff-roles'

export const OFFICE_PAGE_MESSAGES = {
	saved: 'The draft is saved. Preview it, then publish it.',
	published: 'The page is published.',
	nothingToPublish: 'There is no draft to publish.',
	notFound: 'No such page.',
	conflict: conflictMessage('page'),
	attached: 'The PDF is attached: its line is added at the end of the text. Save the draft to keep it.',
} as const

export const PAGE_LABELS: Record<(typeof PAGE_SLUGS)[number], { path: string; name: string }> = {
	home: { path: '/', name: 'Home' },
	overview: { path: '/overview', name: 'Overview' },
	resources: { path: '/resources', name: 'Resources' },
	services: { path: '/services', name: 'Services' },
	policies: { path: '/policies', name: 'Policies' },
	about: { path: '/about', name: 'About' },
	accessibility: { path: '/accessibility', name: 'Accessibility statement' },
	privacy: { path: '/privacy', name: 'Privacy notice' },
}
export { DEFAULT_PAGE_TITLES }

const pageText = {
	sTitle: z.string().trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
	sSummary: z.string().trim().max(300, 'Summary must be at most 300 characters'),
}
export const pageDraftSchema = z.object({
	...pageText,
	aBlocks: z.array(pageBlockSchema).max(200, 'A page can have at most 200 blocks'),
	nVersion: nVersionSchema,
})
/** The office's form: the text with its few marks (app/contract/page-text.ts). */
export const pageFormSchema = z.object({
	...pageText,
	sSummary: pageText.sSummary.optional(),
	sText: z.string({ error: 'The page needs some text' }).max(50_000, 'The text can be at most 50000 characters'),
})

export const officePageSchema = z.object({
	oLive: pageSchema,
	oDraft: z.object({ sTitle: z.string(), sSummary: z.string(), aBlocks: z.array(pageBlockSchema) }).nullable(),
	nVersion: z.number().int(),
	/** Whether the page has been published at all (else the public sees the empty page). */
	bIsPublished: z.boolean(),
})
export type OfficePage = z.infer<typeof officePageSchema>

const slugParams = z.object({ sSlug: pageSlugSchema })
const bySlug = { access: EDITORS, params: slugParams, notFound: OFFICE_PAGE_MESSAGES.notFound } as const

export const officePageEndpoints = endpointTable('officePages', {
	list: endpoint({
		method: 'GET',
		path: '/office/pages/v1',
		access: EDITORS,
		data: z.array(z.object({ sSlug: pageSlugSchema, sTitle: z.string(), dUpdatedAt: z.string(), bHasDraft: z.boolean(), bIsPublished: z.boolean() })),
	}),
	details: endpoint({ method: 'GET', path: '/office/pages/:sSlug/v1', ...bySlug, data: officePageSchema }),
	saveDraft: endpoint({ method: 'PUT', path: '/office/pages/:sSlug/draft/v1', ...bySlug, body: pageDraftSchema, data: officePageSchema }),
	publish: endpoint({
		method: 'POST',
		path: '/office/pages/:sSlug/publish/v1',
		...bySlug,
		body: z.object({ nVersion: nVersionSchema }),
		data: officePageSchema,
	}),
	/** Multipart: `file` (a PDF up to 20 MB) and `sText`, the link's label. */
	attach: endpoint({
		method: 'POST',
		path: '/office/pages/:sSlug/attachments/v1',
		...bySlug,
		upload: 'pdf',
		maxBodyBytes: FILE_MAX_BYTES.pdf + 64 * KB,
		formPages: ['/office/pages/:sSlug'],
		body: z.instanceof(FormData),
		data: z.object({ sPath: z.string(), sText: z.string() }),
	}),
})
