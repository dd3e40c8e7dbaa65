// An issue's cover: the office uploads one, or the portal draws one when none is given.
import { loadSharp, seededRandom } from '../images'

/** Heights of the stored cover (the longest side of a portrait page): shown about 170 CSS px wide, twice that for dense screens. */
export const NEWSLETTER_COVER_HEIGHTS = [240, 480] as const

/** A drawing of an issue's cover (a coloured masthead, a photo block, lines of text): no fonts needed. */
export async function coverDrawing(seed: number) {
	const sharp = await loadSharp()
	const random = seededRandom(seed)
	const hue = Math.round(random() * 360)
	const lines = Array.from(
		{ length: 6 },
		(_, i) => `<rect x="40" y="${560 + i * 36}" width="${320 + random() * 160}" height="14" rx="7" fill="#cbd5e1"/>`,
	).join('')
	return sharp(
		Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="848">
			<rect width="600" height="848" fill="#ffffff"/>
			<rect width="600" height="190" fill="hsl(${hue} 55% 28%)"/>
			<rect x="40" y="60" width="360" height="34" rx="6" fill="#ffffff"/>
			<rect x="40" y="116" width="220" height="18" rx="6" fill="hsl(${hue} 60% 80%)"/>
			<rect x="40" y="230" width="520" height="290" fill="hsl(${hue + 40} 55% 75%)"/>
			<circle cx="${140 + random() * 320}" cy="300" r="40" fill="hsl(45 95% 75%)"/>
			<polygon points="40,520 180,${390 - random() * 60} 330,470 460,${380 - random() * 60} 560,450 560,520" fill="hsl(${hue + 120} 35% 38%)"/>
			${lines}
		</svg>`),
	)
		.png()
		.toBuffer()
}
