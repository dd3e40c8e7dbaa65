// Reads the published albums and their photos for the gallery's answers.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { AlbumDetail, AlbumSummary, ListPage } from '~/contract/gallery'
import type { ResponsiveImage } from '~/contract/images'
import type { Database } from '../db/client'
import { galleryAlbums, galleryPhotos } from '../db/schema'

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

export async function listPublishedAlbums(db: Database, paging: { nPage: number; nPageSize: number }): Promise<ListPage<AlbumSummary>> {
	const [rows, [total]] = await Promise.all([
		db
			.select(albumColumns)
			.from(galleryAlbums)
			.where(eq(galleryAlbums.isPublished, true))
			.orderBy(desc(galleryAlbums.eventDate), desc(galleryAlbums.id))
			.limit(paging.nPageSize)
			.offset((paging.nPage - 1) * paging.nPageSize),
		db.select({ n: count() }).from(galleryAlbums).where(eq(galleryAlbums.isPublished, true)),
	])
	return { aItems: rows.map(albumSummary), nTotal: total!.n, ...paging }
}

/** The album with its photos in order, or null when there is no such published album. */
export async function findPublishedAlbum(db: Database, albumId: number): Promise<AlbumDetail | null> {
	const [[album], photos] = await Promise.all([
		db
			.select(albumColumns)
			.from(galleryAlbums)
			.where(and(eq(galleryAlbums.id, albumId), eq(galleryAlbums.isPublished, true))),
		db.select().from(galleryPhotos).where(eq(galleryPhotos.albumId, albumId)).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id)),
	])
	if (!album) return null
	return { ...albumSummary(album), aPhotos: photos.map((p) => ({ iRecordId: p.id, sCaption: p.caption, oImage: p.image })) }
}

/** Widths of the stored photos: a phone thumbnail, a desktop thumbnail (or a dense phone screen), the full-size view. */
export const GALLERY_PHOTO_WIDTHS = [320, 640, 1024] as const
