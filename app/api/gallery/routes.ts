// Gallery calls (app/contract/gallery.ts): the albums, newest first, and one album with its photos.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { ALBUM_NOT_FOUND, galleryEndpoints, type AlbumSummary } from '~/contract/gallery'
import type { ResponsiveImage } from '~/contract/images'
import { galleryAlbums, galleryPhotos } from '../db/schema'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import type { ApiEnv } from '../env'

// The cover is the photo the office chose, else the album's first; the count and the cover come
// with the album in one query. Column names are written out: inside a subquery Drizzle would leave
// `gallery_albums.id` unqualified.
const photoCount = sql<number>`(select count(*)::int from gallery_photos p where p.album_id = gallery_albums.id)`
const cover = sql<ResponsiveImage | null>`(select p.image from gallery_photos p where p.album_id = gallery_albums.id order by p.id = gallery_albums.cover_photo_id desc nulls last, p.position, p.id limit 1)`
const albumColumns = {
	id: galleryAlbums.id,
	title: galleryAlbums.title,
	description: galleryAlbums.description,
	eventDate: galleryAlbums.eventDate,
	photoCount,
	cover,
}
type AlbumRow = { id: number; title: string; description: string; eventDate: string; photoCount: number; cover: ResponsiveImage | null }

function albumSummary(row: AlbumRow): AlbumSummary {
	return {
		iRecordId: row.id,
		sTitle: row.title,
		sDescription: row.description,
		dDate: row.eventDate,
		nPhotoCount: row.photoCount,
		oCover: row.cover,
	}
}

export const galleryRoutes = new Hono<ApiEnv>()

handle(galleryRoutes, galleryEndpoints.albums, async ({ deps: { db }, query: { oPaging } }) => {
	const [rows, [total]] = await Promise.all([
		db
			.select(albumColumns)
			.from(galleryAlbums)
			.where(eq(galleryAlbums.isPublished, true))
			.orderBy(desc(galleryAlbums.eventDate), desc(galleryAlbums.id))
			.limit(oPaging.nPageSize)
			.offset((oPaging.nPage - 1) * oPaging.nPageSize),
		db.select({ n: count() }).from(galleryAlbums).where(eq(galleryAlbums.isPublished, true)),
	])
	return { message: 'Albums', data: { aItems: rows.map(albumSummary), nTotal: total!.n, ...oPaging } }
})

handle(galleryRoutes, galleryEndpoints.album, async ({ deps: { db }, params: { iRecordId } }) => {
	const [[album], photos] = await Promise.all([
		db.select(albumColumns).from(galleryAlbums).where(and(eq(galleryAlbums.id, iRecordId), eq(galleryAlbums.isPublished, true))),
		db.select().from(galleryPhotos).where(eq(galleryPhotos.albumId, iRecordId)).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id)),
	])
	if (!album) throw new ApiError(404, ALBUM_NOT_FOUND)
	return { message: 'Album', data: { ...albumSummary(album), aPhotos: photos.map((p) => ({ iRecordId: p.id, sCaption: p.caption, oImage: p.image })) } }
})
