// The office's information pages (contract: app/contract/office/pages.ts): a draft beside the
// published text, published on request; PDFs attached through the media store.
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { PAGE_SLUGS, type PageSlug } from '~/contract/api'
import { OFFICE_PAGE_MESSAGES, officePageEndpoints, type OfficePage } from '~/contract/office/pages'
import { VERSION_CONFLICT_STATUS } from '~/contract/versioned'
import { contentChanged } from '../../content-version'
import type { Database } from '../../db/client'
import { pages } from '../../db/schema'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { newMediaPath, saveMediaFile } from '../../media/service'
import { checkPdf, PdfError } from '../../pdf-check'
import { defaultPageText, type PageText } from '../../pages/service'
import { recordAudit } from '../audit'
import type { ApiEnv } from '../../env'

export const officePageRoutes = new Hono<ApiEnv>()

type Row = typeof pages.$inferSelect

/** A page never written shows its default text (app/api/pages/service.ts), which is what the office starts editing from. */
function toOfficePage(slug: PageSlug, row: Row | undefined, fallback: PageText): OfficePage {
	const live = row ?? { title: fallback.title, summary: fallback.summary, blocks: fallback.blocks, updatedAt: new Date(0) }
	return {
		oLive: { sSlug: slug, sTitle: live.title, sSummary: live.summary, aBlocks: live.blocks, dUpdatedAt: live.updatedAt.toISOString() },
		oDraft: row?.draft ? { sTitle: row.draft.title, sSummary: row.draft.summary, aBlocks: row.draft.blocks } : null,
		nVersion: row?.version ?? 0,
		bIsPublished: live.blocks.length > 0 || live.summary !== '',
	}
}

async function readPage(db: Pick<Database, 'select'>, slug: PageSlug, lock = false) {
	const query = db.select().from(pages).where(eq(pages.slug, slug)).limit(1)
	const [row] = lock ? await query.for('update') : await query
	return row
}

handle(officePageRoutes, officePageEndpoints.list, async ({ deps }) => {
	const rows = new Map((await deps.db.select().from(pages)).map((row) => [row.slug, row]))
	return {
		message: 'Pages',
		data: PAGE_SLUGS.map((slug) => {
			const page = toOfficePage(slug, rows.get(slug), defaultPageText(slug, deps.settings?.branch))
			return { sSlug: slug, sTitle: page.oDraft?.sTitle ?? page.oLive.sTitle, dUpdatedAt: page.oLive.dUpdatedAt, bHasDraft: page.oDraft !== null, bIsPublished: page.bIsPublished }
		}),
	}
})

handle(officePageRoutes, officePageEndpoints.details, async ({ deps, params }) => ({
	message: 'Page',
	data: toOfficePage(params.sSlug, await readPage(deps.db, params.sSlug), defaultPageText(params.sSlug, deps.settings?.branch)),
}))

handle(officePageRoutes, officePageEndpoints.saveDraft, async ({ deps, caller, params, body }) => {
	const fallback = defaultPageText(params.sSlug, deps.settings?.branch)
	const saved = await deps.db.transaction(async (tx) => {
		const current = await readPage(tx, params.sSlug, true)
		if ((current?.version ?? 0) !== body.nVersion) throw new ApiError(VERSION_CONFLICT_STATUS, OFFICE_PAGE_MESSAGES.conflict)
		const draft = { title: body.sTitle, summary: body.sSummary, blocks: body.aBlocks }
		// A page the office never wrote keeps showing the public its default text, with the draft beside it.
		const [row] = await tx
			.insert(pages)
			.values({ slug: params.sSlug, title: fallback.title, summary: fallback.summary, blocks: fallback.blocks, draft, version: 1, updatedAt: new Date(0) })
			.onConflictDoUpdate({ target: pages.slug, set: { draft, version: sql`${pages.version} + 1` } })
			.returning()
		await recordAudit(tx, caller.staff, { action: 'update', entity: 'page', entityId: params.sSlug, summary: `Saved a draft of “${body.sTitle}”` })
		return row
	})
	return { message: OFFICE_PAGE_MESSAGES.saved, data: toOfficePage(params.sSlug, saved, fallback) }
})

handle(officePageRoutes, officePageEndpoints.publish, async ({ deps, caller, params, body }) => {
	const published = await deps.db.transaction(async (tx) => {
		const current = await readPage(tx, params.sSlug, true)
		if (!current?.draft) throw new ApiError(409, OFFICE_PAGE_MESSAGES.nothingToPublish)
		if (current.version !== body.nVersion) throw new ApiError(VERSION_CONFLICT_STATUS, OFFICE_PAGE_MESSAGES.conflict)
		const [row] = await tx
			.update(pages)
			.set({ title: current.draft.title, summary: current.draft.summary, blocks: current.draft.blocks, draft: null, version: current.version + 1, updatedAt: new Date() })
			.where(eq(pages.slug, params.sSlug))
			.returning()
		await recordAudit(tx, caller.staff, { action: 'publish', entity: 'page', entityId: params.sSlug, summary: `Published “${current.draft.title}”` })
		return row
	})
	await contentChanged(deps.db)
	return { message: OFFICE_PAGE_MESSAGES.published, data: toOfficePage(params.sSlug, published, defaultPageText(params.sSlug, deps.settings?.branch)) }
})

handle(officePageRoutes, officePageEndpoints.attach, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the PDF as multipart/form-data.')
	})
	const file = form.get('file')
	const sText = String(form.get('sText') ?? '').trim()
	const errors: Record<string, string[]> = {}
	if (!sText) errors.sText = ['Label is required']
	else if (sText.length > 120) errors.sText = ['Label must be at most 120 characters']
	if (!(file instanceof File) || file.size === 0) errors.file = ['Choose a PDF']
	if (Object.keys(errors).length > 0 || !(file instanceof File)) throw new ApiError(400, 'Please correct the highlighted fields.', errors)
	const bytes = Buffer.from(await file.arrayBuffer())
	try {
		await checkPdf(bytes)
	} catch (error) {
		if (error instanceof PdfError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
	const sPath = await saveMediaFile(deps.db, { path: newMediaPath('pages', 'application/pdf'), contentType: 'application/pdf', bytes })
	await recordAudit(deps.db, caller.staff, { action: 'attach', entity: 'page', entityId: params.sSlug, summary: `Attached “${sText}” (${Math.ceil(bytes.length / 1024)} KB)` })
	return { message: OFFICE_PAGE_MESSAGES.attached, data: { sPath, sText }, status: 201 }
})
