// The information pages the office writes (contract: app/contract/site.ts).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { DEFAULT_PAGE_TITLES } from '~/contract/api'
import { siteEndpoints } from '~/contract/site'
import type { ApiEnv } from '../app'
import { pages } from '../db/schema'
import { handle } from '../endpoints'

export const pageRoutes = new Hono<ApiEnv>()

handle(pageRoutes, siteEndpoints.page, async ({ deps, params: { sSlug } }) => {
	const [row] = await deps.db.select().from(pages).where(eq(pages.slug, sSlug))
	// A page the office has not written yet is an empty page with its usual title, not a missing one.
	if (!row) return { message: 'Page', data: { sSlug, sTitle: DEFAULT_PAGE_TITLES[sSlug], sSummary: '', aBlocks: [], dUpdatedAt: new Date(0).toISOString() } }
	return { message: 'Page', data: { sSlug: row.slug, sTitle: row.title, sSummary: row.summary, aBlocks: row.blocks, dUpdatedAt: row.updatedAt.toISOString() } }
})
