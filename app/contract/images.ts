// A stored picture as the API describes it: paths under the media base address (GET /get-url/media/v1),
// its size (so pages reserve the space and nothing jumps) and its narrower copies for `srcset`.
import { z } from 'zod'

export const imageVariantSchema = z.object({ sPath: z.string(), nWidth: z.number().int().positive() })

export const responsiveImageSchema = z.object({
	sPath: z.string(),
	nWidth: z.number().int().positive(),
	nHeight: z.number().int().positive(),
	sAlt: z.string(),
	/** The same picture at smaller widths, narrowest first (the full picture is not repeated). */
	aVariants: z.array(imageVariantSchema),
})
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>
