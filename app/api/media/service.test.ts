import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from '../db/client'
import { newMediaPath, readMediaFile, saveMediaFile } from './service'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database.close())

test('a saved file reads back byte for byte with its type and size', async () => {
	const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02])
	const path = await saveMediaFile(database.db, { path: newMediaPath('test', 'image/jpeg'), contentType: 'image/jpeg', bytes })
	const file = await readMediaFile(database.db, path)
	expect(file?.bytes.equals(bytes)).toBe(true)
	expect(file).toMatchObject({ contentType: 'image/jpeg', size: 6 })
	expect(await readMediaFile(database.db, 'test/missing.jpg')).toBeUndefined()
})

test('a path with text the database cannot hold is simply missing', async () => {
	expect(await readMediaFile(database.db, 'x\u0000.jpg')).toBeUndefined()
	expect(await readMediaFile(database.db, 'x\ud800.jpg')).toBeUndefined()
})

test('paths are made by the server: folder, a random id and the extension of the type', () => {
	const a = newMediaPath('profile-pictures', 'image/webp')
	expect(a).toMatch(/^profile-pictures\/[0-9a-f-]{36}\.webp$/)
	expect(newMediaPath('profile-pictures', 'image/webp')).not.toBe(a)
	expect(newMediaPath('newsletters', 'application/pdf')).toMatch(/\.pdf$/)
})
