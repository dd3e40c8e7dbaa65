// /office/gallery: the photo albums, drafts included; a new one is started on /office/gallery/new.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { buttonClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { formatDay } from '~/utils/kolkata-date'
import type { Route } from './+types/albums'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.list)
	return { albums: dataOf(await api.officeGallery.list({})) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Gallery | Office' }]

export default function OfficeAlbums({ loaderData: { albums } }: Route.ComponentProps) {
	return (
		<OfficePage
			title="Gallery"
			lead="Unpublished albums are invisible to the public."
			actions={
				<Link to="/office/gallery/new" className={buttonClass()}>
					New album
				</Link>
			}
		>
			{albums.length === 0 ? (
				<p className="text-slate-700">No albums yet.</p>
			) : (
				<OfficeTable caption="Photo albums" headings={['Album', 'Day', 'Photos', 'State', '']}>
					{albums.map((album) => (
						<tr key={album.iRecordId}>
							<td className={cellClass}>{album.sTitle}</td>
							<td className={cellClass}>{formatDay(album.dDate)}</td>
							<td className={cellClass}>{album.nPhotoCount}</td>
							<td className={cellClass}>{album.bIsPublished ? 'Published' : 'Draft'}</td>
							<td className={cellClass}>
								<Link to={`/office/gallery/${album.iRecordId}`} className={linkClass}>
									Edit<span className="sr-only"> {album.sTitle}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
