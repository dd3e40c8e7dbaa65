// What the album page and its upload endpoint share: passing photos on to the API, and working out
// the order after "earlier", "later" or "make it the cover".
import type { OfficeAlbum } from '~/contract/office/gallery'
import type { OfficeContext } from './office-session'

/** The upload as the API takes it: every chosen photo, and the description and caption they share. */
export function forwardPhotos(api: OfficeContext['api'], iRecordId: number, formData: FormData) {
	const upload = new FormData()
	for (const photo of formData.getAll('photos')) upload.append('photos', photo)
	upload.set('sAlt', String(formData.get('sAlt') ?? ''))
	upload.set('sCaption', String(formData.get('sCaption') ?? ''))
	return api.officeGallery.addPhotos({ iRecordId, body: upload })
}

export function nextArrangement(album: OfficeAlbum, photoId: number, move: 'earlier' | 'later' | 'cover') {
	const ids = album.aPhotos.map((photo) => photo.iRecordId)
	if (move === 'cover') return { aPhotoIds: ids, iCoverPhotoId: photoId }
	const from = ids.indexOf(photoId)
	const to = move === 'earlier' ? from - 1 : from + 1
	if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!]
	return { aPhotoIds: ids, iCoverPhotoId: album.iCoverPhotoId }
}
