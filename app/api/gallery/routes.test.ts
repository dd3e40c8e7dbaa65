import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { albumDetailSchema, albumSummarySchema, GALLERY_API_PATHS, GALLERY_PAGE_SIZE } from '~/contract/gallery'
import { serialiseQuery, type QueryValue } from '~/contract/query-string'
import { createTestDatabase } from '#tests/setup/database'
import { createApi, type ApiApp } from '../app'
import type { DatabaseHandle } from '../db/client'
import { seedDemoContent } from '../demo/seed'
import { readMediaFile } from '../media/service'

let database: DatabaseHandle
let api: ApiApp

beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
	api = createApi({ db: database.db, mediaBaseUrl: 'https://portal.example.org/media', log: pino({ level: 'silent' }) })
})
afterAll(() => database.close())

async function get(path: string, query?: Record<string, QueryValue>) {
	const response = await api.fetch(new Request(`http://in-process/api${path}${query ? `?${serialiseQuery(query)}` : ''}`))
	return { response, body: (await response.json()) as { message: string; data?: unknown; errors?: Record<string, string[]> } }
}

describe(`GET ${GALLERY_API_PATHS.albums}`, () => {
	test('lists the 4 seeded albums, newest first, with cover and photo count; public for a minute', async () => {
		const { response, body } = await get(GALLERY_API_PATHS.albums)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=60')
		const page = body.data as { aItems: unknown[]; nTotal: number; nPage: number; nPageSize: number }
		const albums = page.aItems.map((a) => albumSummarySchema.parse(a))
		expect(page).toMatchObject({ nTotal: 4, nPage: 1, nPageSize: GALLERY_PAGE_SIZE.default })
		expect(albums.map((a) => a.nPhotoCount).reduce((a, b) => a + b)).toBe(30)
		expect(albums.map((a) => a.dDate)).toEqual(
			albums
				.map((a) => a.dDate)
				.toSorted()
				.reverse(),
		)
		for (const album of albums) {
			expect(album.oCover?.aVariants.map((v) => v.nWidth)).toEqual([320, 640])
			expect(album.oCover?.nWidth).toBe(1024)
			expect(album.oCover?.sPath).toMatch(/^gallery\/[\w-]+\.jpg$/)
		}
	})

	test('pages through the albums; a page past the end is empty', async () => {
		const first = (await get(GALLERY_API_PATHS.albums, { oPaging: { nPage: 1, nPageSize: 3 } })).body.data as { aItems: Array<{ iRecordId: number }> }
		const second = (await get(GALLERY_API_PATHS.albums, { oPaging: { nPage: 2, nPageSize: 3 } })).body.data as {
			aItems: Array<{ iRecordId: number }>
			nTotal: number
		}
		expect(first.aItems).toHaveLength(3)
		expect(second.aItems).toHaveLength(1)
		expect(second.nTotal).toBe(4)
		expect(first.aItems.map((a) => a.iRecordId)).not.toContain(second.aItems[0]!.iRecordId)
		const beyond = (await get(GALLERY_API_PATHS.albums, { oPaging: { nPage: 9 } })).body.data as { aItems: unknown[] }
		expect(beyond.aItems).toEqual([])
	})

	test.each([
		[{ oPaging: { nPage: 0 } }, 'oPaging.nPage'],
		[{ oPaging: { nPageSize: GALLERY_PAGE_SIZE.max + 1 } }, 'oPaging.nPageSize'],
		[{ oPaging: { nPage: 'two' } }, 'oPaging.nPage'],
		[{ oPaging: 'all' }, 'oPaging'],
	])('a bad parameter %j is a 400 naming it', async (query, field) => {
		const { response, body } = await get(GALLERY_API_PATHS.albums, query)
		expect(response.status).toBe(400)
		expect(body.errors).toHaveProperty([field])
	})

	test('a malformed query string is a 400, not a 500', async () => {
		const response = await api.fetch(new Request(`http://in-process/api${GALLERY_API_PATHS.albums}?oPaging=1&oPaging[nPage]=2`))
		expect(response.status).toBe(400)
		expect(((await response.json()) as { message: string }).message).toMatch(/conflicts/)
	})
})

describe(`GET ${GALLERY_API_PATHS.album(':iRecordId')}`, () => {
	test('answers the album with its photos in order, each stored at three widths', async () => {
		const list = (await get(GALLERY_API_PATHS.albums)).body.data as { aItems: Array<{ iRecordId: number; nPhotoCount: number }> }
		const summary = list.aItems[0]!
		const { response, body } = await get(GALLERY_API_PATHS.album(summary.iRecordId))
		expect(response.status).toBe(200)
		const album = albumDetailSchema.parse(body.data)
		expect(album.aPhotos).toHaveLength(summary.nPhotoCount)
		expect(album.oCover).toEqual(album.aPhotos[0]!.oImage)
		for (const photo of album.aPhotos) {
			expect(photo.sCaption.length).toBeGreaterThan(3)
			expect(photo.oImage.nWidth / photo.oImage.nHeight).toBeCloseTo(1.5, 1)
		}
		// The addresses point at files that exist, of the type they claim, and small.
		const { oImage } = album.aPhotos[0]!
		expect(oImage.sAlt).toBe(album.aPhotos[0]!.sCaption)
		for (const variant of [...oImage.aVariants, oImage]) {
			const file = await readMediaFile(database.db, variant.sPath)
			expect(file?.contentType).toBe('image/jpeg')
			expect(file!.size).toBeLessThan(40_000)
		}
	})

	test.each(['999999', '0', '-1', 'abc', '1.5', '1e3', '99999999999'])('%s is a 404', async (id) => {
		const { response, body } = await get(GALLERY_API_PATHS.album(id))
		expect(response.status).toBe(404)
		expect(body.message).toBe('No such album.')
	})
})
