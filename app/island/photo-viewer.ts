// An album's thumbnails open a viewer, as PhotoGrid does once hydrated: a modal dialog whose arrows
// step through the album, Escape closes it, and focus returns to the photo it showed. Without
// scripts each thumbnail is a plain link to the full picture.
import { PHOTO_VIEWER, photoLabel, photoPosition } from '~/components/photo-viewer'

export function enhancePhotoViewer() {
	const viewer = document.querySelector<HTMLDialogElement>(PHOTO_VIEWER.selectors.viewer)
	const links = [...document.querySelectorAll<HTMLAnchorElement>(PHOTO_VIEWER.selectors.thumbnailLinks)]
	if (!viewer || links.length === 0) return
	const albumLabel = viewer.getAttribute('aria-label') ?? ''
	const closeButton = viewer.querySelector<HTMLButtonElement>('form[method="dialog"] button')
	let current: number | null = null
	let figure: HTMLElement | null = null

	function show(index: number) {
		current = (index + links.length) % links.length
		const link = links[current]!
		const caption = link.querySelector('[aria-hidden="true"]')?.textContent ?? ''
		// The thumbnail already lists every width of the picture: shown large, the browser picks a larger one.
		const image = link.querySelector('img')!.cloneNode() as HTMLImageElement
		image.sizes = PHOTO_VIEWER.imageSizes
		image.className = PHOTO_VIEWER.imageClass
		image.removeAttribute('loading')
		image.fetchPriority = 'high'
		const position = Object.assign(document.createElement('span'), { className: PHOTO_VIEWER.positionClass, textContent: photoPosition(current, links.length) })
		if (!figure) {
			figure = document.createElement('figure')
			const figcaption = Object.assign(document.createElement('figcaption'), { className: PHOTO_VIEWER.captionClass })
			figcaption.setAttribute('aria-live', 'polite')
			figure.append(image, figcaption)
			viewer!.prepend(figure)
		} else figure.querySelector('img')!.replaceWith(image)
		figure.querySelector('figcaption')!.replaceChildren(`${caption} `, position)
		viewer!.setAttribute('aria-label', photoLabel(caption, current, links.length))
	}

	links.forEach((link, index) =>
		link.addEventListener('click', (event) => {
			// A new tab, a download or a middle click keep the link's own behaviour.
			if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
			event.preventDefault()
			show(index)
			viewer.showModal()
			closeButton?.focus()
		}),
	)
	for (const button of viewer.querySelectorAll<HTMLButtonElement>(PHOTO_VIEWER.selectors.stepButtons)) {
		button.addEventListener('click', () => current !== null && show(current + Number(button.dataset.step)))
	}
	viewer.addEventListener('keydown', (event) => {
		const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key]
		if (!by || current === null) return
		event.preventDefault()
		show(current + by)
	})
	viewer.addEventListener('close', () => {
		if (current !== null) links[current]!.focus()
		current = null
		figure?.remove()
		figure = null
		viewer.setAttribute('aria-label', albumLabel)
	})
}
