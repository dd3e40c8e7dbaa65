// The office's information pages: each page's draft beside its published text (or the default text
// of a page never written), saving a draft, publishing it, and storing an attached PDF.
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { PAGE_SLUGS, type PageSlug } from '~/contract/api'
import { OFFICE_PAGE_MESSAGES, type OfficePage, type pageDraftSchema } from '~/contract/office/pages'
import { VERSION_CONFLICT_STATUS } from '~/contract/versioned'
import type { BranchIdentity } from '../../branch-settings'
import type { Database } from '../../db/client'
import { pages } from '../../db/schema'
import { ApiError } from '../../http'
import { newMediaPath, saveMediaFile } from '../../media/service'
import { checkPdf, PdfError } from '../../pdf-check'
import { defaultPageText, type PageText } from '../../pages/service'
import type { Actor } from '../../shared/audit'
import { officeChange } from '../../shared/office-change'

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

export async function listOfficePages(db: Database, branch: BranchIdentity | undefined) {
	const rows = new Map((await db.select().from(pages)).map((row) => [row.slug, row]))
	return PAGE_SLUGS.map((slug) => {
		const page = toOfficePage(slug, rows.get(slug), defaultPageText(slug, branch))
		return {
			sSlug: slug,
			sTitle: page.oDraft?.sTitle ?? page.oLive.sTitle,
			dUpdatedAt: page.oLive.dUpdatedAt,
			bHasDraft: page.oDraft !== null,
			bIsPublished: page.bIsPublished,
		}
	})
}

export async function findOfficePage(db: Database, slug: PageSlug, branch: BranchIdentity | undefined) {
	return toOfficePage(slug, await readPage(db, slug), defaultPageText(slug, branch))
}

export async function saveDraft(db: Database, actor: Actor, slug: PageSlug, body: z.output<typeof pageDraftSchema>, branch: BranchIdentity | undefined) {
	const fallback = defaultPageText(slug, branch)
	// A draft is not public: the kept pages stay as they are.
	const saved = await officeChange(
		db,
		actor,
		async (tx) => {
			const current = await readPage(tx, slug, true)
			if ((current?.version ?? 0) !== body.nVersion) throw new ApiError(VERSION_CONFLICT_STATUS, OFFICE_PAGE_MESSAGES.conflict)
			const draft = { title: body.sTitle, summary: body.sSummary, blocks: body.aBlocks }
			// A page the office never wrote keeps showing the public its default text, with the draft beside it.
			const [row] = await tx
				.insert(pages)
				.values({ slug, title: fallback.title, summary: fallback.summary, blocks: fallback.blocks, draft, version: 1, updatedAt: new Date(0) })
				.onConflictDoUpdate({ target: pages.slug, set: { draft, version: sql`${pages.version} + 1` } })
				.returning()
			return { result: row, audit: { action: 'update', entity: 'page', entityId: slug, summary: `Saved a draft of “${body.sTitle}”` } }
		},
		{ publicContent: false },
	)
	return toOfficePage(slug, saved, fallback)
}

export async function publishDraft(db: Database, actor: Actor, slug: PageSlug, version: number, branch: BranchIdentity | undefined) {
	const published = await officeChange(db, actor, async (tx) => {
		const current = await readPage(tx, slug, true)
		if (!current?.draft) throw new ApiError(409, OFFICE_PAGE_MESSAGES.nothingToPublish)
		if (current.version !== version) throw new ApiError(VERSION_CONFLICT_STATUS, OFFICE_PAGE_MESSAGES.conflict)
		const [row] = await tx
			.update(pages)
			.set({
				title: current.draft.title,
				summary: current.draft.summary,
				blocks: current.draft.blocks,
				draft: null,
				version: current.version + 1,
				updatedAt: new Date(),
			})
			.where(eq(pages.slug, slug))
			.returning()
		return { result: row, audit: { action: 'publish', entity: 'page', entityId: slug, summary: `Published “${current.draft.title}”` } }
	})
	return toOfficePage(slug, published, defaultPageText(slug, branch))
}

/** Stores a checked PDF for a page to link to; a file that is no PDF is told beside the file field. */
export async function attachPdf(db: Database, actor: Actor, slug: PageSlug, sText: string, bytes: Buffer) {
	try {
		await checkPdf(bytes)
	} catch (error) {
		if (error instanceof PdfError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
	// The file is public only once a published page links to it.
	return officeChange(
		db,
		actor,
		async (tx) => {
			const sPath = await saveMediaFile(tx, { path: newMediaPath('pages', 'application/pdf'), contentType: 'application/pdf', bytes })
			return {
				result: sPath,
				audit: { action: 'attach', entity: 'page', entityId: slug, summary: `Attached “${sText}” (${Math.ceil(bytes.length / 1024)} KB)` },
			}
		},
		{ publicContent: false },
	)
}
