// /gallery (docs/spec.md §2): every album, newest first, with its cover, title, date and photo count.
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { ALBUM_CARD_SIZES, AlbumCard } from '~/components/album-card'
import { Pagination } from '~/components/pagination'
import { GALLERY_PAGE_SIZE } from '~/contract/gallery'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/gallery'

export async function loader({ url, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('nPage') ?? '1', 10) || 1))
	const [albums, mediaBaseUrl] = await Promise.all([
		api.gallery.albums({ query: { oPaging: { nPage: page, nPageSize: GALLERY_PAGE_SIZE.default } } }).then(pageData),
		api.site.mediaUrl({}).then(pageData),
	])
	return { albums, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: `Gallery | ${matches[0].loaderData.branch.name}`,
		description: 'Photographs of the branch’s events, seminars and members’ programmes.',
		contentParams: ['nPage'],
	})

export default function Gallery({ loaderData: { albums, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Gallery</h1>
			<p className="mt-3 text-lg text-slate-700">Photographs of the branch’s events, seminars and members’ programmes.</p>
			{albums.aItems.length === 0 ? (
				<p className="mt-8 text-slate-700">
					{albums.nTotal === 0 ? 'No albums yet. Photographs of the branch’s events will appear here.' : 'There are no albums on this page.'}
				</p>
			) : (
				<ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{albums.aItems.map((album, i) => (
						<li key={album.iRecordId}>
							<AlbumCard album={album} mediaBaseUrl={mediaBaseUrl} heading="h2" priority={i < 2} sizes={ALBUM_CARD_SIZES} />
						</li>
					))}
				</ul>
			)}
			<Pagination path="/gallery" query={new URLSearchParams()} page={albums.nPage} pageCount={Math.ceil(albums.nTotal / albums.nPageSize)} />
		</div>
	)
}
