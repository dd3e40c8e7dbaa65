// Stores a drawn demo picture the way an upload is stored: re-encoded, at several widths.
import type { ResponsiveImage } from '~/contract/images'
import { imageVariants } from '../images'
import { newMediaPath, saveMediaFile } from '../media-store'
import type { Database } from './client'

/** Saves each width as its own media file; the widest is the picture, the others its variants. */
export async function storeSeedImage(db: Database, png: Buffer, { folder, widths, alt }: { folder: string; widths: readonly number[]; alt: string }) {
	const stored = await imageVariants(png, widths, { quality: 72 })
	const saved = await Promise.all(
		stored.map(async (image) => ({
			sPath: await saveMediaFile(db, { path: newMediaPath(folder, image.contentType), contentType: image.contentType, bytes: image.bytes }),
			nWidth: image.width,
			nHeight: image.height,
		})),
	)
	const full = saved.at(-1)
	if (!full) throw new Error('No picture was stored')
	const picture: ResponsiveImage = { ...full, sAlt: alt, aVariants: saved.slice(0, -1).map(({ sPath, nWidth }) => ({ sPath, nWidth })) }
	return picture
}
