// The office's photo albums (contract: app/contract/office/gallery.ts).
import { Hono } from 'hono'
import { GALLERY_UPLOAD_MAX_PHOTOS, OFFICE_GALLERY_MESSAGES, officeGalleryEndpoints, photoFieldsSchema } from '~/contract/office/gallery'
import { GALLERY_PHOTO_WIDTHS } from '../../gallery/service'
import { encodePicture, saveEncodedPicture, type EncodedPicture } from '../../media/pictures'
import { handle } from '../../endpoints'
import { ApiError, fieldErrors } from '../../http'
import { ImageError } from '../../images'
import {
	appendPhotos,
	arrangePhotos,
	changeAlbum,
	createAlbum,
	describePhoto,
	findOfficeAlbum,
	listOfficeAlbums,
	removeAlbum,
	removePhoto,
	updateAlbum,
} from './service'
import type { ApiEnv } from '../../env'

export const officeGalleryRoutes = new Hono<ApiEnv>()

const FIELD_ERRORS = 'Please correct the highlighted fields.'

handle(officeGalleryRoutes, officeGalleryEndpoints.list, async ({ deps }) => ({ message: OFFICE_GALLERY_MESSAGES.list, data: await listOfficeAlbums(deps.db) }))

handle(officeGalleryRoutes, officeGalleryEndpoints.details, async ({ deps, params }) => ({
	message: 'Album',
	data: await findOfficeAlbum(deps.db, params.iRecordId),
}))

handle(officeGalleryRoutes, officeGalleryEndpoints.create, async ({ deps, caller, body }) => ({
	message: OFFICE_GALLERY_MESSAGES.created,
	data: await createAlbum(deps.db, caller.staff, body),
	status: 201,
}))

handle(officeGalleryRoutes, officeGalleryEndpoints.update, async ({ deps, caller, params, body }) => ({
	message: OFFICE_GALLERY_MESSAGES.saved,
	data: await updateAlbum(deps.db, caller.staff, params.iRecordId, body),
}))

handle(officeGalleryRoutes, officeGalleryEndpoints.remove, async ({ deps, caller, params }) => {
	await removeAlbum(deps.db, caller.staff, params.iRecordId)
	return { message: OFFICE_GALLERY_MESSAGES.deleted, data: undefined }
})

/** One description (or caption) for every photo, or one each in the photos' order. */
function perPhoto(values: FormDataEntryValue[], count: number) {
	const texts = values.map(String)
	return Array.from({ length: count }, (_, index) => (texts.length === count ? texts[index] : texts[0]) ?? '')
}

handle(officeGalleryRoutes, officeGalleryEndpoints.addPhotos, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the photos as multipart/form-data.')
	})
	const files = form.getAll('photos').filter((value): value is File => value instanceof File && value.size > 0)
	// With no file chosen the descriptions are still checked, so every mistake is said at once.
	const count = Math.max(files.length, 1)
	const alts = perPhoto(form.getAll('sAlt'), count)
	const captions = perPhoto(form.getAll('sCaption'), count)
	const fields = alts.map((sAlt, index) => photoFieldsSchema.safeParse({ sAlt, sCaption: captions[index] }))
	const invalid = fields.find((field) => !field.success)
	const errors: Record<string, string[]> = invalid?.error ? fieldErrors(invalid.error) : {}
	if (files.length === 0) errors.photos = ['Choose one or more photos']
	if (files.length > GALLERY_UPLOAD_MAX_PHOTOS) errors.photos = [`Choose at most ${GALLERY_UPLOAD_MAX_PHOTOS} photos at a time`]
	if (Object.keys(errors).length > 0) throw new ApiError(400, FIELD_ERRORS, errors)
	await findOfficeAlbum(deps.db, params.iRecordId)
	// Every photo is decoded before anything is saved: one bad file keeps the whole upload out.
	const encoded: EncodedPicture[] = []
	for (const [index, file] of files.entries()) {
		try {
			encoded.push(await encodePicture(new Uint8Array(await file.arrayBuffer()), GALLERY_PHOTO_WIDTHS))
		} catch (error) {
			if (!(error instanceof ImageError)) throw error
			const name = files.length > 1 ? `${file.name || `Photo ${index + 1}`}: ` : ''
			throw new ApiError(400, FIELD_ERRORS, { photos: [`${name}${error.message}`] })
		}
	}
	const valid = fields.map((field) => field.data!)
	const album = await changeAlbum(
		deps.db,
		caller.staff,
		params.iRecordId,
		OFFICE_GALLERY_MESSAGES.photosAdded(files.length).replace(/\.$/, ''),
		async (tx, current) => {
			const photos = []
			for (const [index, picture] of encoded.entries()) {
				photos.push({ image: await saveEncodedPicture(tx, picture, { folder: 'gallery', alt: valid[index]!.sAlt }), caption: valid[index]!.sCaption ?? '' })
			}
			await appendPhotos(tx, current, photos)
		},
	)
	return { message: OFFICE_GALLERY_MESSAGES.photosAdded(files.length), data: album, status: 201 }
})

handle(officeGalleryRoutes, officeGalleryEndpoints.updatePhoto, async ({ deps, caller, params, body }) => ({
	message: OFFICE_GALLERY_MESSAGES.photoSaved,
	data: await describePhoto(deps.db, caller.staff, params.iRecordId, params.iPhotoId, body),
}))

handle(officeGalleryRoutes, officeGalleryEndpoints.removePhoto, async ({ deps, caller, params }) => ({
	message: OFFICE_GALLERY_MESSAGES.photoRemoved,
	data: await removePhoto(deps.db, caller.staff, params.iRecordId, params.iPhotoId),
}))

handle(officeGalleryRoutes, officeGalleryEndpoints.arrange, async ({ deps, caller, params, body }) => {
	let coverChanged = false
	const album = await changeAlbum(deps.db, caller.staff, params.iRecordId, 'arranged the photos', async (tx, current) => {
		coverChanged = current.iCoverPhotoId !== body.iCoverPhotoId
		await arrangePhotos(tx, current, body.aPhotoIds, body.iCoverPhotoId)
	})
	return { message: coverChanged ? OFFICE_GALLERY_MESSAGES.coverChosen : OFFICE_GALLERY_MESSAGES.arranged, data: album }
})
