// What the album's photo viewer shows, shared by the hydrated PhotoGrid and the island's viewer,
// and the data attributes by which the island finds the grid's parts in the server's HTML.

export const PHOTO_VIEWER = {
	imageSizes: 'min(72rem, 100vw)',
	imageClass: 'mx-auto h-auto max-h-[75vh] w-auto rounded',
	captionClass: 'mt-3 text-center',
	positionClass: 'text-slate-300',
	/** How the island finds the parts in the server's HTML (PhotoGrid writes these attributes). */
	selectors: { thumbnailLinks: '[data-photo-grid] a', viewer: 'dialog[data-photo-viewer]', stepButtons: 'button[data-step]' },
} as const

/** The viewer dialog's name while it shows a photo. */
export const photoLabel = (caption: string, index: number, count: number) => `${caption}, photo ${index + 1} of ${count}`

/** Where the photo stands in the album, beside its caption. */
export const photoPosition = (index: number, count: number) => `(${index + 1} of ${count})`
