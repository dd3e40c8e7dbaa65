import type { ResponsiveImage } from '~/contract/images'

type Props = {
	image: ResponsiveImage
	mediaBaseUrl: string
	/** The `sizes` attribute: how wide the picture shows at each breakpoint. */
	sizes: string
	/** Pictures above the fold load at once (and first); the rest only when scrolled near. */
	priority?: boolean
	className?: string
}

/** A stored picture with its width and height (so nothing jumps) and its variants in `srcset`. */
export function ResponsiveImg({ image, mediaBaseUrl, sizes, priority = false, className }: Props) {
	const url = (path: string) => `${mediaBaseUrl}${path}`
	const srcSet = [...image.aVariants, image].map((variant) => `${url(variant.sPath)} ${variant.nWidth}w`).join(', ')
	return (
		<img
			src={url(image.sPath)}
			srcSet={srcSet}
			sizes={sizes}
			width={image.nWidth}
			height={image.nHeight}
			alt={image.sAlt}
			loading={priority ? undefined : 'lazy'}
			fetchPriority={priority ? 'high' : undefined}
			decoding="async"
			className={className}
		/>
	)
}
