import { count } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from '../db/client'
import { DEMO_PAGES } from './demo-pages'
import { pages } from '../db/schema'
import { seedDemoContent } from './seed'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database.close())

test('an empty database gets the demo text of the information pages once, however often the seed runs', async () => {
	expect(await seedDemoContent(database.db)).toBe(true)
	const [first] = await database.db.select({ n: count() }).from(pages)
	expect(first?.n).toBe(DEMO_PAGES.length)

	// Several instances starting at once: only one writes.
	const results = await Promise.all([seedDemoContent(database.db), seedDemoContent(database.db)])
	expect(results).toEqual([false, false])
	const [after] = await database.db.select({ n: count() }).from(pages)
	expect(after?.n).toBe(DEMO_PAGES.length)
})

test('the demo text is real content, not placeholder text', async () => {
	const rows = await database.db.select().from(pages)
	const text = JSON.stringify(rows).toLowerCase()
	expect(text).not.toMatch(/lorem|ipsum|todo|placeholder/)
	for (const row of rows) expect(row.title.length).toBeGreaterThan(3)
})
