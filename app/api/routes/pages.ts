import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { API_PATHS, pageSlugSchema, type Page } from '~/contract/api'
import type { ApiEnv } from '../app'
import { pages } from '../db/schema'
import { ApiError, okPublic } from '../http'

export const pageRoutes = new Hono<ApiEnv>().get(API_PATHS.page(':slug'), async (c) => {
	const slug = pageSlugSchema.safeParse(c.req.param('slug'))
	if (!slug.success) throw new ApiError(404, 'No such page.')
	const [row] = await c.get('deps').db.select().from(pages).where(eq(pages.slug, slug.data))
	if (!row) throw new ApiError(404, 'No such page.')
	const page: Page = {
		sSlug: row.slug,
		sTitle: row.title,
		sSummary: row.summary,
		aBlocks: row.blocks,
		dUpdatedAt: row.updatedAt.toISOString(),
	}
	return okPublic(c, 30, 'Page', page)
})
