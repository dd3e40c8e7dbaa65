// The office's albums: reading them with drafts, and changing photos under the album's row lock so
// two people arranging one album at once never leave it half-ordered.
import { asc, desc, eq, sql } from 'drizzle-orm'
import { OFFICE_GALLERY_MESSAGES, type OfficeAlbum } from '~/contract/office/gallery'
import type { ResponsiveImage } from '~/contract/images'
import type { Database } from '../../db/client'
import { galleryAlbums, galleryPhotos } from '../../db/schema'
import { ApiError } from '../../http'
import type { Actor } from '../../shared/audit'
import { officeChange } from '../../shared/office-change'
import { updateVersioned } from '../../shared/versioned'

type AlbumRow = typeof galleryAlbums.$inferSelect
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

const photoCount = sql<number>`(select count(*)::int from gallery_photos p where p.album_id = gallery_albums.id)`

const summary = (row: AlbumRow, nPhotoCount: number) => ({
	iRecordId: row.id,
	sTitle: row.title,
	sDescription: row.description,
	dDate: row.eventDate,
	bIsPublished: row.isPublished,
	nPhotoCount,
	nVersion: row.version,
})

export async function listOfficeAlbums(db: Database) {
	const rows = await db.select({ album: galleryAlbums, photoCount }).from(galleryAlbums).orderBy(desc(galleryAlbums.eventDate), desc(galleryAlbums.id))
	return rows.map(({ album, photoCount }) => summary(album, photoCount))
}

export async function findOfficeAlbum(db: Pick<Database, 'select'>, albumId: number, { lock = false } = {}): Promise<OfficeAlbum> {
	const query = db.select().from(galleryAlbums).where(eq(galleryAlbums.id, albumId)).limit(1)
	const [album] = lock ? await query.for('update') : await query
	if (!album) throw new ApiError(404, OFFICE_GALLERY_MESSAGES.notFound)
	const photos = await db.select().from(galleryPhotos).where(eq(galleryPhotos.albumId, albumId)).orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
	return {
		...summary(album, photos.length),
		iCoverPhotoId: album.coverPhotoId,
		aPhotos: photos.map((photo) => ({ iRecordId: photo.id, sAlt: photo.image.sAlt, sCaption: photo.caption, oImage: photo.image })),
	}
}

type AlbumFields = { sTitle: string; dDate: string; sDescription?: string; bIsPublished?: boolean }
const albumValues = (fields: AlbumFields) => ({
	title: fields.sTitle,
	eventDate: fields.dDate,
	description: fields.sDescription ?? '',
	isPublished: fields.bIsPublished ?? false,
})

export function createAlbum(db: Database, actor: Actor, fields: AlbumFields) {
	return officeChange(db, actor, async (tx) => {
		const [row] = await tx.insert(galleryAlbums).values(albumValues(fields)).returning()
		const audit = { action: 'create', entity: 'album', entityId: row!.id, summary: `Added “${row!.title}”${row!.isPublished ? ', published' : ' as a draft'}` }
		return { result: await findOfficeAlbum(tx, row!.id), audit }
	})
}

export function updateAlbum(db: Database, actor: Actor, albumId: number, fields: AlbumFields & { nVersion: number }) {
	return officeChange(db, actor, async (tx) => {
		const row = await updateVersioned(tx, galleryAlbums, albumId, fields.nVersion, albumValues(fields), {
			thing: 'album',
			notFound: OFFICE_GALLERY_MESSAGES.notFound,
		})
		const audit = { action: 'update', entity: 'album', entityId: row.id, summary: `Edited “${row.title}”${row.isPublished ? ' (published)' : ' (draft)'}` }
		return { result: await findOfficeAlbum(tx, row.id), audit }
	})
}

export function removeAlbum(db: Database, actor: Actor, albumId: number) {
	return officeChange(db, actor, async (tx) => {
		const [removed] = await tx.delete(galleryAlbums).where(eq(galleryAlbums.id, albumId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_GALLERY_MESSAGES.notFound)
		return { result: undefined, audit: { action: 'delete', entity: 'album', entityId: removed.id, summary: `Deleted “${removed.title}” and its photos` } }
	})
}

/** Runs `change` with the album locked, records it, and answers the album as it now is. */
export function changeAlbum(db: Database, actor: Actor, albumId: number, summaryText: string, change: (tx: Executor, album: OfficeAlbum) => Promise<void>) {
	return officeChange(db, actor, async (tx) => {
		const album = await findOfficeAlbum(tx, albumId, { lock: true })
		await change(tx, album)
		return {
			result: await findOfficeAlbum(tx, albumId),
			audit: { action: 'update', entity: 'album', entityId: albumId, summary: `${album.sTitle}: ${summaryText}` },
		}
	})
}

export function describePhoto(db: Database, actor: Actor, albumId: number, photoId: number, { sAlt, sCaption }: { sAlt: string; sCaption?: string }) {
	return changeAlbum(db, actor, albumId, `described a photo as “${sAlt}”`, async (tx, album) => {
		const photo = photoOf(album, photoId)
		await tx
			.update(galleryPhotos)
			.set({ image: { ...photo.oImage, sAlt }, caption: sCaption ?? '' })
			.where(eq(galleryPhotos.id, photo.iRecordId))
	})
}

export function removePhoto(db: Database, actor: Actor, albumId: number, photoId: number) {
	return changeAlbum(db, actor, albumId, 'deleted a photo', async (tx, album) => {
		await tx.delete(galleryPhotos).where(eq(galleryPhotos.id, photoOf(album, photoId).iRecordId))
	})
}

/** Appends photos after the album's last one, in the order given. */
export async function appendPhotos(tx: Executor, album: OfficeAlbum, photos: { image: ResponsiveImage; caption: string }[]) {
	const last = album.aPhotos.length
	await tx
		.insert(galleryPhotos)
		.values(photos.map((photo, index) => ({ albumId: album.iRecordId, position: last + index + 1, caption: photo.caption, image: photo.image })))
}

export function photoOf(album: OfficeAlbum, photoId: number) {
	const photo = album.aPhotos.find((item) => item.iRecordId === photoId)
	if (!photo) throw new ApiError(404, OFFICE_GALLERY_MESSAGES.photoNotFound)
	return photo
}

/** Numbers the photos 1, 2, 3… in the given order and sets the cover; the ids must be exactly the album's. */
export async function arrangePhotos(tx: Executor, album: OfficeAlbum, photoIds: number[], coverPhotoId: number | null) {
	const current = album.aPhotos.map((photo) => photo.iRecordId)
	const same = photoIds.length === current.length && new Set(photoIds).size === photoIds.length && photoIds.every((id) => current.includes(id))
	if (!same) throw new ApiError(409, OFFICE_GALLERY_MESSAGES.arrangementMismatch)
	if (coverPhotoId !== null && !current.includes(coverPhotoId)) throw new ApiError(404, OFFICE_GALLERY_MESSAGES.photoNotFound)
	for (const [index, id] of photoIds.entries()) {
		await tx
			.update(galleryPhotos)
			.set({ position: index + 1 })
			.where(eq(galleryPhotos.id, id))
	}
	await tx.update(galleryAlbums).set({ coverPhotoId }).where(eq(galleryAlbums.id, album.iRecordId))
}
