import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { demoPortrait, demoScene } from './demo/demo-media'
import { IMAGE_LIMITS, ImageError, imageVariants, reencodeImage, sniffImageType } from './images'

describe('sniffImageType', () => {
	test('knows JPEG, PNG and WebP by their bytes, nothing else', async () => {
		const png = await demoPortrait(1, 32)
		expect(sniffImageType(png)).toBe('image/png')
		expect(sniffImageType(await sharp(png).jpeg().toBuffer())).toBe('image/jpeg')
		expect(sniffImageType(await sharp(png).webp().toBuffer())).toBe('image/webp')
		expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
		expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull()
	})
})

describe('reencodeImage', () => {
	test('caps the longest side and drops metadata', async () => {
		const original = await sharp(await demoScene(7, 2400, 1200))
			.jpeg()
			.withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
			.toBuffer()
		expect((await sharp(original).metadata()).exif).toBeDefined()
		const stored = await reencodeImage(original)
		expect(stored).toMatchObject({ contentType: 'image/jpeg', width: IMAGE_LIMITS.maxDimension, height: 800 })
		const metadata = await sharp(stored.bytes).metadata()
		expect(metadata.exif).toBeUndefined()
		expect(stored.bytes.includes('secret camera owner')).toBe(false)
	})

	test('refuses what is not a picture, a broken picture, an oversize file and a pixel flood', async () => {
		await expect(reencodeImage(Buffer.from('GIF89a not allowed'))).rejects.toThrow(ImageError)
		const png = await demoPortrait(2, 64)
		await expect(reencodeImage(png.subarray(0, 40))).rejects.toThrow(ImageError)
		await expect(reencodeImage(Buffer.concat([png, Buffer.alloc(IMAGE_LIMITS.maxInputBytes)]))).rejects.toThrow(/larger than/)
		// 10000 × 10000 single-colour PNG: a few kilobytes that decode to 100 million pixels.
		const flood = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#fff' } })
			.png()
			.toBuffer()
		expect(flood.length).toBeLessThan(IMAGE_LIMITS.maxInputBytes)
		await expect(reencodeImage(flood)).rejects.toThrow(/too many pixels/)
	})
})

test('imageVariants gives each width once, never wider than the original', async () => {
	const scene = await demoScene(3, 900, 600)
	const variants = await imageVariants(scene, [320, 640, 1280, 1600])
	expect(variants.map((v) => v.width)).toEqual([320, 640, 900])
})

test('demo pictures are the same for the same seed', async () => {
	expect((await demoScene(5, 200, 100)).equals(await demoScene(5, 200, 100))).toBe(true)
	expect((await demoScene(5, 200, 100)).equals(await demoScene(6, 200, 100))).toBe(false)
})
