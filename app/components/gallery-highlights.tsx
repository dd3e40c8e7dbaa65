import type { AlbumSummary } from '~/contract/gallery'
import { ALBUM_CARD_SIZES, AlbumCard } from './album-card'
import { HomeSection } from './home-section'

/** Home page: the newest albums; the section is left out when there is none. */
export function GalleryHighlights({ albums, mediaBaseUrl }: { albums: AlbumSummary[]; mediaBaseUrl: string }) {
	if (albums.length === 0) return null
	return (
		<HomeSection id="gallery-highlights" title="Gallery highlights" more={{ href: '/gallery', label: 'All albums' }}>
			<ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{albums.map((album) => (
					<li key={album.iRecordId}>
						<AlbumCard album={album} mediaBaseUrl={mediaBaseUrl} heading="h3" sizes={ALBUM_CARD_SIZES} />
					</li>
				))}
			</ul>
		</HomeSection>
	)
}
