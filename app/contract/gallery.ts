// The gallery calls of the branch API: albums, and one album with its photos.
// Query parameters follow docs/spec.md §7 (bracket notation, app/contract/query-string.ts); pictures are
// paths under the media base address (app/contract/images.ts).
import { z } from 'zod'
import { recordIdSchema } from './api'
import { endpoint, endpointTable } from './endpoint'
import { responsiveImageSchema } from './images'

export const GALLERY_API_PATHS = {
	/** GET, query `oPaging[nPage]`, `oPaging[nPageSize]`: `{ aItems: AlbumSummary[], nTotal, nPage, nPageSize }`, newest first. */
	albums: '/gallery/list/v1',
	/** GET: `AlbumDetail`; 404 for an unknown or malformed id. */
	album: (iRecordId: number | string) => `/gallery/view/${iRecordId}/v1`,
} as const

/** Seconds the portal (and any cache) may reuse a gallery answer. */
export const GALLERY_MAX_AGE_SECONDS = 60
export const GALLERY_PAGE_SIZE = { default: 12, max: 48 } as const

export const photoSchema = z.object({ iRecordId: z.number().int(), sCaption: z.string(), oImage: responsiveImageSchema })
export type Photo = z.infer<typeof photoSchema>

export const albumSummarySchema = z.object({
	iRecordId: z.number().int(),
	sTitle: z.string(),
	sDescription: z.string(),
	/** The day of the album's event, `YYYY-MM-DD`. */
	dDate: z.iso.date(),
	nPhotoCount: z.number().int().nonnegative(),
	oCover: responsiveImageSchema.nullable(),
})
export type AlbumSummary = z.infer<typeof albumSummarySchema>

export const albumDetailSchema = albumSummarySchema.extend({ aPhotos: z.array(photoSchema) })
export type AlbumDetail = z.infer<typeof albumDetailSchema>

export const pagingSchema = (pageSize: { default: number; max: number }) =>
	z
		.object({
			nPage: z.coerce.number<number | string>().int().min(1).max(10_000).default(1),
			nPageSize: z.coerce.number<number | string>().int().min(1).max(pageSize.max).default(pageSize.default),
		})
		.default({ nPage: 1, nPageSize: pageSize.default })

export const albumListQuerySchema = z.object({ oPaging: pagingSchema(GALLERY_PAGE_SIZE) })
export type AlbumListQuery = z.input<typeof albumListQuerySchema>

export type ListPage<T> = { aItems: T[]; nTotal: number; nPage: number; nPageSize: number }
const listPageSchema = <T extends z.ZodType>(item: T) =>
	z.object({ aItems: z.array(item), nTotal: z.number().int(), nPage: z.number().int(), nPageSize: z.number().int() })

export const ALBUM_NOT_FOUND = 'No such album.'

export const galleryEndpoints = endpointTable('gallery', {
	albums: endpoint({
		method: 'GET',
		path: GALLERY_API_PATHS.albums,
		access: 'public',
		query: albumListQuerySchema,
		data: listPageSchema(albumSummarySchema),
		publicMaxAge: GALLERY_MAX_AGE_SECONDS,
	}),
	album: endpoint({
		method: 'GET',
		path: '/gallery/view/:iRecordId/v1',
		access: 'public',
		params: z.object({ iRecordId: recordIdSchema }),
		notFound: ALBUM_NOT_FOUND,
		data: albumDetailSchema,
		publicMaxAge: GALLERY_MAX_AGE_SECONDS,
	}),
})
