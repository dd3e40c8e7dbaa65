// /gallery/view-gallery/{iRecordId} (docs/spec.md §2): one album's photos; an unknown or malformed id is the layout's 404.
import { data, Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { photoCountLabel } from '~/components/album-card'
import { PhotoGrid } from '~/components/photo-grid'
import { recordIdSchema } from '~/contract/api'
import { formatDay } from '~/utils/kolkata-date'
import { pageMeta, previewImage } from '~/utils/page-meta'
import type { Route } from './+types/gallery-album'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	if (!recordIdSchema.safeParse(params.iRecordId).success) throw data(null, { status: 404 })
	const [album, mediaBaseUrl] = await Promise.all([api.gallery.album({ iRecordId: params.iRecordId }).then(pageData), api.site.mediaUrl({}).then(pageData)])
	return { album, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const title = `${loaderData?.album.sTitle ?? 'Album'} | Gallery | ${matches[0].loaderData.branch.name}`
	if (!loaderData) return [{ title }]
	const { album, mediaBaseUrl } = loaderData
	return pageMeta(matches[0].loaderData, location, {
		title,
		previewTitle: album.sTitle,
		description: album.sDescription || `${photoCountLabel(album.nPhotoCount)} from ${formatDay(album.dDate)}.`,
		image: previewImage(album.oCover ?? album.aPhotos[0]?.oImage, mediaBaseUrl),
	})
}

export default function GalleryAlbum({ loaderData: { album, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<p>
				<Link to="/gallery" className="font-medium text-brand-700 underline underline-offset-4">
					Gallery
				</Link>
			</p>
			<h1 className="mt-3 text-3xl font-semibold text-brand-900 sm:text-4xl">{album.sTitle}</h1>
			<p className="mt-2 text-slate-600">
				<time dateTime={album.dDate}>{formatDay(album.dDate)}</time> · {photoCountLabel(album.nPhotoCount)}
			</p>
			{album.sDescription ? <p className="mt-4 max-w-3xl text-lg text-slate-700">{album.sDescription}</p> : null}
			<PhotoGrid photos={album.aPhotos} albumTitle={album.sTitle} mediaBaseUrl={mediaBaseUrl} />
		</div>
	)
}
