import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { API_PATHS, DEFAULT_PAGE_TITLES, pageSlugSchema, type Page } from '~/contract/api'
import type { ApiEnv } from '../app'
import { pages } from '../db/schema'
import { ApiError, okPublic } from '../http'

export const pageRoutes = new Hono<ApiEnv>().get(API_PATHS.page(':slug'), async (c) => {
	const slug = pageSlugSchema.safeParse(c.req.param('slug'))
	if (!slug.success) throw new ApiError(404, 'No such page.')
	const [row] = await c.get('deps').db.select().from(pages).where(eq(pages.slug, slug.data))
	// A page the office has not written yet is an empty page with its usual title, not a missing one.
	if (!row) return okPublic(c, 30, 'Page', { sSlug: slug.data, sTitle: DEFAULT_PAGE_TITLES[slug.data], sSummary: '', aBlocks: [], dUpdatedAt: new Date(0).toISOString() } satisfies Page)
	const page: Page = {
		sSlug: row.slug,
		sTitle: row.title,
		sSummary: row.summary,
		aBlocks: row.blocks,
		dUpdatedAt: row.updatedAt.toISOString(),
	}
	return okPublic(c, 30, 'Page', page)
})
