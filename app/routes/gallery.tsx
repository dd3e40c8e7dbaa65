// /gallery (spec §2): every album, newest first, with its cover, title, date and photo count.
import { loadAlbums } from '~/.server/public-content'
import { ALBUM_CARD_SIZES, AlbumCard } from '~/components/album-card'
import { Pagination } from '~/components/pagination'
import { GALLERY_PAGE_SIZE } from '~/contract/gallery'
import type { Route } from './+types/gallery'

export async function loader({ url }: Route.LoaderArgs) {
	const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
	return { albums: await loadAlbums({ oPaging: { nPage: page, nPageSize: GALLERY_PAGE_SIZE.default } }) }
}

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: `Gallery | ${matches[0].loaderData.branch.name}` },
	{ name: 'description', content: 'Photographs of the branch’s events, seminars and members’ programmes.' },
]

export default function Gallery({ loaderData: { albums } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Gallery</h1>
			<p className="mt-3 text-lg text-slate-700">Photographs of the branch’s events, seminars and members’ programmes.</p>
			{albums.aItems.length === 0 ? (
				<p className="mt-8 text-slate-700">There are no albums yet.</p>
			) : (
				<ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{albums.aItems.map((album, i) => (
						<li key={album.iRecordId}>
							<AlbumCard album={album} heading="h2" eager={i < 2} sizes={ALBUM_CARD_SIZES} />
						</li>
					))}
				</ul>
			)}
			<Pagination label="Gallery pages" page={albums.nPage} pageCount={Math.ceil(albums.nTotal / albums.nPageSize)} />
		</div>
	)
}
