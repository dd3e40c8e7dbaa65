import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { Photo } from '~/contract/gallery'
import { PHOTO_VIEWER, photoLabel, photoPosition } from './photo-viewer'
import { ResponsiveImg } from './responsive-image'

const THUMB_SIZES = '(min-width: 1200px) 272px, (min-width: 992px) 23vw, (min-width: 768px) 31vw, 46vw'
const buttonClass =
	'rounded bg-white/10 px-4 py-2 font-medium text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

/**
 * An album's photos as thumbnails. Each is a plain link to the full-size picture, so it works
 * without JavaScript; with it, a click opens a viewer (a modal dialog: arrows step through the
 * album, Escape closes it, focus returns to the photo it shows).
 */
export function PhotoGrid({ photos, albumTitle, mediaBaseUrl }: { photos: Photo[]; albumTitle: string; mediaBaseUrl: string }) {
	const dialog = useRef<HTMLDialogElement>(null)
	const links = useRef<Array<HTMLAnchorElement | null>>([])
	const closeButton = useRef<HTMLButtonElement>(null)
	const [current, setCurrent] = useState<number | null>(null)
	const photo = current === null ? null : photos[current]!

	function open(event: MouseEvent, index: number) {
		// A new tab, a download or a middle click keep the link's own behaviour.
		if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		event.preventDefault()
		setCurrent(index)
		dialog.current?.showModal()
		closeButton.current?.focus()
	}
	const step = (by: number) => setCurrent((index) => (index === null ? null : (index + by + photos.length) % photos.length))
	function onKeyDown(event: KeyboardEvent) {
		if (event.key === 'ArrowRight') step(1)
		else if (event.key === 'ArrowLeft') step(-1)
		else return
		event.preventDefault()
	}
	function onClose() {
		if (current !== null) links.current[current]?.focus()
		setCurrent(null)
	}

	return (
		<>
			<ul data-photo-grid className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
				{photos.map((p, index) => (
					<li key={p.iRecordId}>
						<a
							ref={(element) => {
								links.current[index] = element
							}}
							href={`${mediaBaseUrl}${p.oImage.sPath}`}
							onClick={(event) => open(event, index)}
							className="group block rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
						>
							<ResponsiveImg
								image={p.oImage}
								mediaBaseUrl={mediaBaseUrl}
								sizes={THUMB_SIZES}
								priority={index < 4}
								className="aspect-[3/2] h-auto w-full rounded bg-slate-100 object-cover group-hover:opacity-90"
							/>
							{/* The link is named by the picture's text alternative, the caption; shown once more for sighted readers. */}
							<span aria-hidden="true" className="mt-1 block text-sm text-slate-700 group-hover:underline">
								{p.sCaption}
							</span>
						</a>
					</li>
				))}
			</ul>
			<dialog
				ref={dialog}
				onClose={onClose}
				onKeyDown={onKeyDown}
				data-photo-viewer
				aria-label={photo ? photoLabel(photo.sCaption, current!, photos.length) : `Photos of ${albumTitle}`}
				className="m-auto max-h-none w-[min(72rem,calc(100%-1rem))] max-w-none rounded-lg bg-slate-950 p-3 text-white backdrop:bg-black/85 sm:p-5"
			>
				{photo ? (
					<figure>
						<ResponsiveImg image={photo.oImage} mediaBaseUrl={mediaBaseUrl} sizes={PHOTO_VIEWER.imageSizes} priority className={PHOTO_VIEWER.imageClass} />
						<figcaption className={PHOTO_VIEWER.captionClass} aria-live="polite">
							{photo.sCaption} <span className={PHOTO_VIEWER.positionClass}>{photoPosition(current!, photos.length)}</span>
						</figcaption>
					</figure>
				) : null}
				<div className="mt-4 flex flex-wrap justify-center gap-3">
					<button type="button" className={buttonClass} onClick={() => step(-1)} aria-keyshortcuts="ArrowLeft" data-step={-1}>
						Previous
					</button>
					<button type="button" className={buttonClass} onClick={() => step(1)} aria-keyshortcuts="ArrowRight" data-step={1}>
						Next
					</button>
					<form method="dialog">
						<button ref={closeButton} type="submit" className={buttonClass} aria-keyshortcuts="Escape">
							Close
						</button>
					</form>
				</div>
			</dialog>
		</>
	)
}
