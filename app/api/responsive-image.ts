import type { ResponsiveImage } from '~/contract/gallery'
import type { StoredVariant } from './db/schema'

/** The address of a stored file under the media base address (with or without its trailing slash). */
export function mediaUrl(mediaBaseUrl: string, path: string) {
	return new URL(path, mediaBaseUrl.endsWith('/') ? mediaBaseUrl : `${mediaBaseUrl}/`).href
}

/** A stored picture's widths (narrowest first) as the contract's image. */
export function responsiveImage(mediaBaseUrl: string, variants: StoredVariant[]): ResponsiveImage {
	const largest = variants.at(-1)!
	return {
		sUrl: mediaUrl(mediaBaseUrl, largest.path),
		nWidth: largest.width,
		nHeight: largest.height,
		aVariants: variants.map((v) => ({ sUrl: mediaUrl(mediaBaseUrl, v.path), nWidth: v.width })),
	}
}
