import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from './db/client'
import { rateLimits } from './db/schema'
import { consumeRateLimit } from './rate-limit'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database.close())

test('a key is allowed up to its limit within a window, then refused with the time left', async () => {
	const limit = { limit: 3, windowSeconds: 600 }
	const answers = []
	for (let i = 0; i < 5; i++) answers.push(await consumeRateLimit(database.db, 'otp:a@b.in', limit))
	expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false, false])
	expect(answers[4]!.retryAfterSeconds).toBeGreaterThan(590)
	expect(answers[4]!.retryAfterSeconds).toBeLessThanOrEqual(600)
	expect((await consumeRateLimit(database.db, 'otp:other@b.in', limit)).allowed).toBe(true)
})

test('a key with what no text column holds, or too long for an index, is counted all the same', async () => {
	const limit = { limit: 1, windowSeconds: 600 }
	for (const key of ['reset:member:\u0000', `reset:member:${'a'.repeat(10_000)}`]) {
		expect((await consumeRateLimit(database.db, key, limit)).allowed).toBe(true)
		expect((await consumeRateLimit(database.db, key, limit)).allowed).toBe(false)
	}
	expect((await consumeRateLimit(database.db, 'reset:member:', limit)).allowed).toBe(true)
})

test('a new window starts counting afresh', async () => {
	const limit = { limit: 1, windowSeconds: 60 }
	await consumeRateLimit(database.db, 'login:1', limit)
	expect((await consumeRateLimit(database.db, 'login:1', limit)).allowed).toBe(false)
	await database.db.update(rateLimits).set({ windowStartedAt: sql`now() - interval '61 seconds'` })
	expect((await consumeRateLimit(database.db, 'login:1', limit)).allowed).toBe(true)
})

test('concurrent uses are all counted: exactly the limit gets through', async () => {
	const limit = { limit: 5, windowSeconds: 600 }
	const answers = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(database.db, 'burst', limit)))
	expect(answers.filter((a) => a.allowed)).toHaveLength(5)
})
