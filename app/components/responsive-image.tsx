import type { ResponsiveImage } from '~/contract/gallery'

type Props = {
	image: ResponsiveImage
	/** How wide the picture is drawn, per the layout's breakpoints (the `sizes` attribute). */
	sizes: string
	alt: string
	className?: string
	/** Pictures in the first screenful load at once; the rest only when scrolled near. */
	eager?: boolean
}

/** A stored picture at its several widths; width and height reserve its space, so nothing jumps. */
export function ResponsiveImg({ image, sizes, alt, className, eager = false }: Props) {
	return (
		<img
			src={image.aVariants[0]!.sUrl}
			srcSet={image.aVariants.map((v) => `${v.sUrl} ${v.nWidth}w`).join(', ')}
			sizes={sizes}
			width={image.nWidth}
			height={image.nHeight}
			alt={alt}
			loading={eager ? 'eager' : 'lazy'}
			decoding="async"
			className={className}
		/>
	)
}
