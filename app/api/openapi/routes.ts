// GET /api/openapi.json, the API document, and GET /api/docs, the same for people. Both are made
// on their first request, from the contract table, and kept: the table changes only with a release.
import { Hono } from 'hono'
import { apiTable } from '~/contract/table'
import { DOCS_STYLESHEET, DOCS_STYLESHEET_PATH, renderDocsPage } from './docs-page'
import { buildOpenApiDocument, type OpenApiDocument } from './document'
import type { ApiEnv } from '../env'

let document: OpenApiDocument | undefined
let documentJson: string | undefined
let docsPage: Promise<string> | undefined

const openApiDocument = () => (document ??= buildOpenApiDocument(apiTable))

/** Anyone may keep them a while; a release is the only thing that changes them. */
const CACHE = { 'Cache-Control': 'public, max-age=300' }

export const openApiRoutes = new Hono<ApiEnv>()
	.get('/openapi.json', (c) =>
		c.body((documentJson ??= JSON.stringify(openApiDocument())), 200, { ...CACHE, 'Content-Type': 'application/json; charset=utf-8' }),
	)
	.get('/docs', async (c) => c.html(await (docsPage ??= renderDocsPage(openApiDocument())), 200, CACHE))
	.get(DOCS_STYLESHEET_PATH, (c) => c.body(DOCS_STYLESHEET, 200, { ...CACHE, 'Content-Type': 'text/css; charset=utf-8' }))
