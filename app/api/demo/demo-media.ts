// Pictures for the demo branch, drawn by the seed itself (nothing is downloaded): simple
// landscapes for event and gallery photos, and silhouettes for committee portraits. The same
// seed number always gives the same picture.
import { loadSharp, seededRandom } from '../images'

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`

async function render(svg: string) {
	const sharp = await loadSharp()
	return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A landscape (sky, sun, hills, a building) as a PNG, to be passed through reencodeImage. */
export function demoScene(seed: number, width = 1200, height = 800) {
	const random = seededRandom(seed)
	const hue = random() * 360
	const hills = Array.from({ length: 3 }, (_, i) => {
		const base = height * (0.55 + i * 0.13)
		const peaks = Array.from({ length: 6 }, (_, k) => `${(k / 5) * width},${base - random() * height * 0.18}`).join(' ')
		return `<polygon points="0,${height} ${peaks} ${width},${height}" fill="${hsl(hue + 90 + i * 12, 35, 40 - i * 9)}"/>`
	}).join('')
	const hall = `<rect x="${width * (0.15 + random() * 0.5)}" y="${height * 0.5}" width="${width * 0.2}" height="${height * 0.3}" fill="${hsl(hue + 20, 20, 88)}"/>`
	return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
		<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
			<stop offset="0" stop-color="${hsl(hue, 60, 62)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 86)}"/>
		</linearGradient></defs>
		<rect width="100%" height="100%" fill="url(#sky)"/>
		<circle cx="${width * (0.2 + random() * 0.6)}" cy="${height * (0.15 + random() * 0.2)}" r="${height * 0.08}" fill="${hsl(45, 95, 75)}"/>
		${hall}${hills}
	</svg>`)
}

/** A head-and-shoulders silhouette on a coloured ground, as a square PNG. */
export function demoPortrait(seed: number, size = 480) {
	const random = seededRandom(seed)
	const hue = random() * 360
	const c = size / 2
	return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
		<rect width="100%" height="100%" fill="${hsl(hue, 45, 80)}"/>
		<circle cx="${c}" cy="${size * 0.4}" r="${size * 0.17}" fill="${hsl(hue, 25, 35)}"/>
		<ellipse cx="${c}" cy="${size * 0.98}" rx="${size * 0.34}" ry="${size * 0.3}" fill="${hsl(hue, 25, 35)}"/>
	</svg>`)
}
