import { Link } from 'react-router'
import type { AlbumSummary } from '~/contract/gallery'
import { formatDay } from '~/utils/kolkata-date'
import { ResponsiveImg } from './responsive-image'
import { counted } from '~/contract/vocabulary'

/** An album card in the three-column grid of the gallery and the home page. */
export const ALBUM_CARD_SIZES = '(min-width: 1200px) 368px, (min-width: 992px) 31vw, (min-width: 576px) 46vw, 92vw'

export const photoCountLabel = (count: number) => counted(count, 'photo')

/** An album in a grid: its cover, title, date and photo count; the whole card is one link. */
type Props = { album: AlbumSummary; mediaBaseUrl: string; sizes: string; heading: 'h2' | 'h3'; priority?: boolean }

export function AlbumCard({ album, mediaBaseUrl, sizes, heading: Heading, priority }: Props) {
	return (
		<article className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
			{album.oCover ? (
				<ResponsiveImg
					image={album.oCover}
					mediaBaseUrl={mediaBaseUrl}
					sizes={sizes}
					priority={priority}
					className="aspect-[3/2] h-auto w-full bg-slate-100 object-cover"
				/>
			) : (
				<div className="aspect-[3/2] bg-slate-100" />
			)}
			<div className="p-4">
				<Heading className="text-lg font-semibold text-brand-900">
					<Link to={`/gallery/view-gallery/${album.iRecordId}`} className="group-hover:underline after:absolute after:inset-0 focus-visible:outline-none">
						{album.sTitle}
					</Link>
				</Heading>
				<p className="mt-1 text-sm text-slate-600">
					<time dateTime={album.dDate}>{formatDay(album.dDate)}</time> · {photoCountLabel(album.nPhotoCount)}
				</p>
			</div>
			{/* The card's outline when its link has keyboard focus. */}
			<span className="pointer-events-none absolute inset-0 rounded-lg group-has-[a:focus-visible]:outline-3 group-has-[a:focus-visible]:outline-brand-600" />
		</article>
	)
}
