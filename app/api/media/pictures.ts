// Stores a picture (an upload, or a drawn demo one) re-encoded at several widths. Encoding is slow,
// so a caller that saves inside a transaction encodes first (`encodePicture`), then saves.
import type { ResponsiveImage } from '~/contract/images'
import { imageVariants } from '../images'
import { newMediaPath, saveMediaFile } from './service'
import type { Database } from '../db/client'

export type EncodedPicture = Awaited<ReturnType<typeof imageVariants>>

/** The picture at each width; throws ImageError for anything that is not a sound picture. */
export const encodePicture = (bytes: Uint8Array, widths: readonly number[]): Promise<EncodedPicture> => imageVariants(bytes, widths, { quality: 72 })

/** Saves each width as its own media file; the widest is the picture, the others its variants. */
export async function storePicture(db: Database, png: Buffer, { folder, widths, alt }: { folder: string; widths: readonly number[]; alt: string }) {
	return saveEncodedPicture(db, await encodePicture(png, widths), { folder, alt })
}

export async function saveEncodedPicture(db: Pick<Database, 'insert'>, stored: EncodedPicture, { folder, alt }: { folder: string; alt: string }) {
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
