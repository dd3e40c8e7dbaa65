// The information pages the office writes (contract: app/contract/site.ts).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { siteEndpoints } from '~/contract/site'
import { pages } from '../db/schema'
import { handle } from '../endpoints'
import { defaultPageText } from './service'
import type { ApiEnv } from '../env'

export const pageRoutes = new Hono<ApiEnv>()

handle(pageRoutes, siteEndpoints.page, async ({ deps, params: { sSlug } }) => {
	const [row] = await deps.db.select().from(pages).where(eq(pages.slug, sSlug))
	// A page the office has not written yet is its default text (empty but for the statements), not a missing one.
	if (!row) {
		const text = defaultPageText(sSlug, deps.settings?.branch)
		return { message: 'Page', data: { sSlug, sTitle: text.title, sSummary: text.summary, aBlocks: text.blocks, dUpdatedAt: new Date(0).toISOString() } }
	}
	return { message: 'Page', data: { sSlug: row.slug, sTitle: row.title, sSummary: row.summary, aBlocks: row.blocks, dUpdatedAt: row.updatedAt.toISOString() } }
})
