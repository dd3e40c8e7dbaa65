// Gallery calls (app/contract/gallery.ts): the albums, newest first, and one album with its photos.
import { Hono } from 'hono'
import { ALBUM_NOT_FOUND, galleryEndpoints } from '~/contract/gallery'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { findPublishedAlbum, listPublishedAlbums } from './service'
import type { ApiEnv } from '../env'

export const galleryRoutes = new Hono<ApiEnv>()

handle(galleryRoutes, galleryEndpoints.albums, async ({ deps: { db }, query: { oPaging } }) => ({
	message: 'Albums',
	data: await listPublishedAlbums(db, oPaging),
}))

handle(galleryRoutes, galleryEndpoints.album, async ({ deps: { db }, params: { iRecordId } }) => {
	const album = await findPublishedAlbum(db, iRecordId)
	if (!album) throw new ApiError(404, ALBUM_NOT_FOUND)
	return { message: 'Album', data: album }
})
