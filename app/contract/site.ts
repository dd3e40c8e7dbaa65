// The site's own calls: the media base address (docs/spec.md §7: fetched once and kept) and the
// information pages the office writes.
import { z } from 'zod'
import { API_PATHS, mediaUrlSchema, pageSchema, pageSlugSchema } from './api'
import { endpoint, endpointTable } from './endpoint'

export const PAGE_NOT_FOUND = 'No such page.'
/** How long anyone may reuse an information page or the media address. */
export const PAGE_MAX_AGE_SECONDS = 30
export const MEDIA_URL_MAX_AGE_SECONDS = 3600

export const siteEndpoints = endpointTable('site', {
	mediaUrl: endpoint({ method: 'GET', path: API_PATHS.mediaUrl, access: 'public', data: mediaUrlSchema, publicMaxAge: MEDIA_URL_MAX_AGE_SECONDS }),
	page: endpoint({
		method: 'GET',
		path: '/pages/:sSlug/v1',
		access: 'public',
		params: z.object({ sSlug: pageSlugSchema }),
		notFound: PAGE_NOT_FOUND,
		data: pageSchema,
		publicMaxAge: PAGE_MAX_AGE_SECONDS,
	}),
})
