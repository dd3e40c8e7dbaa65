// Draws the PNG icons from public/favicon.svg: a 32 px favicon for browsers without SVG favicons,
// the 180 px apple-touch-icon, and the 192 and 512 px icons of site.webmanifest. Run it again after
// changing the SVG (`node scripts/make-icons.mjs`) and commit what it writes to public/.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = fileURLToPath(new URL('../public/', import.meta.url))
const svg = await readFile(`${publicDir}favicon.svg`)
// The SVG's own size (its viewBox): it is rasterised at the density that gives each size directly.
const { width: svgWidth } = await sharp(svg).metadata()
/** The square's colour: iOS shows transparent corners as black, so the touch icon is filled edge to edge. */
const BACKGROUND = '#123a6d'

const ICONS = [
	{ file: 'favicon-32x32.png', size: 32, opaque: false },
	{ file: 'apple-touch-icon.png', size: 180, opaque: true },
	{ file: 'icon-192.png', size: 192, opaque: false },
	{ file: 'icon-512.png', size: 512, opaque: false },
]

for (const { file, size, opaque } of ICONS) {
	let image = sharp(svg, { density: (72 * size) / svgWidth }).resize(size, size)
	if (opaque) image = image.flatten({ background: BACKGROUND })
	const info = await image.png({ compressionLevel: 9, palette: true }).toFile(`${publicDir}${file}`)
	console.log(`${file}: ${info.width}x${info.height}, ${info.size} bytes`)
}
