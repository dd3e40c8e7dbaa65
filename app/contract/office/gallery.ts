// The office's photo albums: an album's title, day and description, publishing, its photos (many
// uploaded at once, each described for people who cannot see it), their order and the cover.
import { z } from 'zod'
import { recordIdSchema } from '../api'
import { isRealDay } from '../calendar-day'
import { endpoint, endpointTable, FILE_MAX_BYTES, KB } from '../endpoint'
import { responsiveImageSchema } from '../images'
import { conflictMessage, nVersionSchema } from '../versioned'
import { EDITORS } from './staff-roles'

export const OFFICE_GALLERY_MESSAGES = {
	list: 'Albums',
	created: 'The album is added. Now add its photos.',
	saved: 'The album is saved.',
	deleted: 'The album is deleted.',
	notFound: 'No such album.',
	photoNotFound: 'No such photo in this album.',
	photosAdded: (count: number) => (count === 1 ? 'The photo is added.' : `${count} photos are added.`),
	photoSaved: 'The photo’s description is saved.',
	photoRemoved: 'The photo is deleted.',
	arranged: 'The order is saved.',
	coverChosen: 'The cover is chosen.',
	arrangementMismatch: 'The album’s photos changed since you opened it; open it again.',
	conflict: conflictMessage('album'),
} as const

/** Photos one upload may carry (each up to the picture limit, 5 MB). */
export const GALLERY_UPLOAD_MAX_PHOTOS = 12

export const albumFieldsSchema = z.object({
	sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
	dDate: z.string({ error: 'Date is required' }).refine(isRealDay, 'Date is a day, like 2026-11-24'),
	sDescription: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
	bIsPublished: z.boolean().optional(),
})
export type AlbumFields = z.infer<typeof albumFieldsSchema>

/** What a photo shows, for people who cannot see it, and an optional caption under it. */
export const photoFieldsSchema = z.object({
	sAlt: z
		.string({ error: 'Describe what the photo shows' })
		.trim()
		.min(1, 'Describe what the photo shows')
		.max(200, 'The description must be at most 200 characters'),
	sCaption: z.string().trim().max(200, 'The caption must be at most 200 characters').optional(),
})

export const officePhotoSchema = z.object({ iRecordId: z.number().int(), sAlt: z.string(), sCaption: z.string(), oImage: responsiveImageSchema })
export type OfficePhoto = z.infer<typeof officePhotoSchema>

export const officeAlbumSummarySchema = z.object({
	iRecordId: z.number().int(),
	sTitle: z.string(),
	sDescription: z.string(),
	dDate: z.string(),
	bIsPublished: z.boolean(),
	nPhotoCount: z.number().int(),
	nVersion: z.number().int(),
})
export const officeAlbumSchema = officeAlbumSummarySchema.extend({
	/** The chosen cover; null: the first photo is shown. */
	iCoverPhotoId: z.number().int().nullable(),
	aPhotos: z.array(officePhotoSchema),
})
export type OfficeAlbum = z.infer<typeof officeAlbumSchema>

/** The photos in their new order (every photo of the album, once) and the cover. */
export const arrangementSchema = z.object({
	aPhotoIds: z.array(z.number().int().positive()).max(1000),
	iCoverPhotoId: z.number().int().positive().nullable(),
})

const byId = { access: EDITORS, params: z.object({ iRecordId: recordIdSchema }), notFound: OFFICE_GALLERY_MESSAGES.notFound } as const
const byPhoto = { ...byId, params: z.object({ iRecordId: recordIdSchema, iPhotoId: recordIdSchema }) } as const

export const officeGalleryEndpoints = endpointTable('officeGallery', {
	list: endpoint({ method: 'GET', path: '/office/gallery/v1', access: EDITORS, data: z.array(officeAlbumSummarySchema) }),
	details: endpoint({ method: 'GET', path: '/office/gallery/:iRecordId/v1', ...byId, data: officeAlbumSchema }),
	create: endpoint({ method: 'POST', path: '/office/gallery/v1', access: EDITORS, body: albumFieldsSchema, data: officeAlbumSchema }),
	update: endpoint({
		method: 'PUT',
		path: '/office/gallery/:iRecordId/v1',
		...byId,
		body: albumFieldsSchema.extend({ nVersion: nVersionSchema }),
		data: officeAlbumSchema,
	}),
	remove: endpoint({ method: 'DELETE', path: '/office/gallery/:iRecordId/v1', ...byId, data: z.undefined() }),
	/**
	 * Multipart: `photos`, one to twelve pictures, and `sAlt`: one description for them all, or one
	 * per photo in the same order. Optional `sCaption` likewise.
	 */
	addPhotos: endpoint({
		method: 'POST',
		path: '/office/gallery/:iRecordId/photos/v1',
		...byId,
		upload: 'photos',
		maxBodyBytes: GALLERY_UPLOAD_MAX_PHOTOS * FILE_MAX_BYTES.picture + 256 * KB,
		formPages: ['/office/gallery/:iRecordId', '/office/gallery/:iRecordId/photos'],
		body: z.instanceof(FormData),
		data: officeAlbumSchema,
	}),
	updatePhoto: endpoint({
		method: 'PUT',
		path: '/office/gallery/:iRecordId/photos/:iPhotoId/v1',
		...byPhoto,
		body: photoFieldsSchema,
		data: officeAlbumSchema,
	}),
	removePhoto: endpoint({ method: 'DELETE', path: '/office/gallery/:iRecordId/photos/:iPhotoId/v1', ...byPhoto, data: officeAlbumSchema }),
	arrange: endpoint({ method: 'PUT', path: '/office/gallery/:iRecordId/arrangement/v1', ...byId, body: arrangementSchema, data: officeAlbumSchema }),
})
