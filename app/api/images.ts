// Every picture the portal stores passes through here: uploads (profile pictures) and seeded
// content (portraits, event and gallery photos). Nothing is stored as it arrived.
import type Sharp from 'sharp'
import { FILE_MAX_BYTES } from '~/contract/endpoint'

let sharpModule: Promise<typeof Sharp> | undefined
/** sharp and libvips (about 30 MB) are loaded with the first picture, not at start: many runs see none. */
export function loadSharp() {
	sharpModule ??= import('sharp').then(({ default: sharp }) => {
		// Every upload is a different picture: libvips' cache of decoded images would only hold memory.
		sharp.cache(false)
		return sharp
	})
	return sharpModule
}

export const IMAGE_LIMITS = {
	/** Bytes of an upload before it is even decoded. */
	maxInputBytes: FILE_MAX_BYTES.picture,
	/** Width × height of the decoded picture: a tiny file that decodes to a huge one is refused. */
	maxInputPixels: 40_000_000,
	/** The longest side of a stored picture. */
	maxDimension: 1600,
} as const

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp'
export type StoredImage = { bytes: Buffer; contentType: 'image/jpeg' | 'image/webp'; width: number; height: number }

/** A picture that cannot be stored; its message is fit to show the person who sent it. */
export class ImageError extends Error {
	override name = 'ImageError'
}

/** Recognises JPEG, PNG and WebP by their first bytes, whatever the file name or declared type says. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
	const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v)
	if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
	if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
	if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
	return null
}

type EncodeOptions = { maxDimension?: number; format?: 'jpeg' | 'webp'; quality?: number }

/**
 * Decodes and re-encodes a picture: turned upright per its EXIF orientation, metadata (location,
 * camera) dropped, longest side capped. Throws ImageError for anything that is not a sound
 * JPEG, PNG or WebP within the limits.
 */
export async function reencodeImage(
	input: Uint8Array,
	{ maxDimension = IMAGE_LIMITS.maxDimension, format = 'jpeg', quality = 78 }: EncodeOptions = {},
): Promise<StoredImage> {
	if (input.byteLength > IMAGE_LIMITS.maxInputBytes) {
		throw new ImageError(`The picture is larger than ${IMAGE_LIMITS.maxInputBytes / 1024 / 1024} MB.`)
	}
	if (!sniffImageType(input)) throw new ImageError('The picture must be a JPEG, PNG or WebP image.')
	const sharp = await loadSharp()
	try {
		const pipeline = sharp(input, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
			.rotate()
			.resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
			.flatten({ background: '#ffffff' })
		const encoded = format === 'webp' ? pipeline.webp({ quality }) : pipeline.jpeg({ quality, mozjpeg: true })
		const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
		return { bytes: data, contentType: format === 'webp' ? 'image/webp' : 'image/jpeg', width: info.width, height: info.height }
	} catch (error) {
		if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageError('The picture has too many pixels.')
		throw new ImageError('The picture could not be read. Please choose another file.')
	}
}

/** The same picture at several widths (never wider than the original), for `srcset`. */
export async function imageVariants(input: Uint8Array, widths: readonly number[], options: Omit<EncodeOptions, 'maxDimension'> = {}) {
	const variants: StoredImage[] = []
	for (const width of widths) {
		const variant = await reencodeImage(input, { ...options, maxDimension: width })
		if (variants.some((v) => v.width === variant.width)) continue
		variants.push(variant)
	}
	return variants
}

/** A small deterministic random source (mulberry32), so demo pictures are the same on every start. */
export function seededRandom(seed: number) {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}
