// /office/gallery/{iRecordId}/delete: asks before the album and its photos go for good.
import { alertOutcome } from '~/.server/office-form'
import { officeCaller } from '~/.server/office-caller'
import { albumIdOf, loadAlbum } from '~/.server/office-records'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/album-delete'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.remove)
	return { album: await loadAlbum(api, args.params) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.remove)
	const iRecordId = albumIdOf(args.params)
	throw await alertOutcome(session, await api.officeGallery.remove({ iRecordId }), '/office/gallery', `/office/gallery/${iRecordId}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.album.sTitle} | Office` : 'Album | Office' }]

export default function AlbumDelete({ loaderData: { album } }: Route.ComponentProps) {
	return (
		<ConfirmPage title={`Delete “${album.sTitle}”?`} confirmLabel="Delete the album" keepTo={`/office/gallery/${album.iRecordId}`}>
			<p className="text-lg">
				The album and its {album.nPhotoCount} {album.nPhotoCount === 1 ? 'photo go' : 'photos go'} from the gallery for good. To take it off the public pages
				for a while, unpublish it instead.
			</p>
		</ConfirmPage>
	)
}
