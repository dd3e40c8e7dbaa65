// /office/gallery/{iRecordId}/photos/{iPhotoId}/delete: shows the photo and asks before it goes
// from the album for good.
import { data } from 'react-router'
import { alertOutcome } from '~/.server/office-form'
import { officeCaller } from '~/.server/office-caller'
import { albumIdOf, loadAlbum } from '~/.server/office-records'
import { loadMediaBaseUrl, recordIdParam } from '~/.server/replies'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import { ResponsiveImg } from '~/components/responsive-image'
import { OFFICE_GALLERY_MESSAGES } from '~/contract/office/gallery'
import type { Route } from './+types/photo-delete'

const photoIdOf = (params: { iPhotoId: string }) => recordIdParam(params.iPhotoId, OFFICE_GALLERY_MESSAGES.photoNotFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.removePhoto)
	const [album, mediaBaseUrl] = await Promise.all([loadAlbum(api, args.params), loadMediaBaseUrl(api)])
	const iPhotoId = photoIdOf(args.params)
	const photo = album.aPhotos.find((item) => item.iRecordId === iPhotoId)
	if (!photo) throw data(OFFICE_GALLERY_MESSAGES.photoNotFound, { status: 404 })
	return { album: { iRecordId: album.iRecordId, sTitle: album.sTitle }, photo, mediaBaseUrl }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.removePhoto)
	const iRecordId = albumIdOf(args.params)
	throw await alertOutcome(session, await api.officeGallery.removePhoto({ iRecordId, iPhotoId: photoIdOf(args.params) }), `/office/gallery/${iRecordId}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.album.sTitle} | Office` : 'Album | Office' }]

export default function PhotoDelete({ loaderData: { album, photo, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<ConfirmPage title={`Delete this photo from “${album.sTitle}”?`} confirmLabel="Delete the photo" keepTo={`/office/gallery/${album.iRecordId}`}>
			<figure className="max-w-md">
				<ResponsiveImg image={photo.oImage} mediaBaseUrl={mediaBaseUrl} sizes="28rem" className="aspect-[3/2] w-full object-cover" />
				<figcaption className="mt-1">{photo.sAlt}</figcaption>
			</figure>
		</ConfirmPage>
	)
}
