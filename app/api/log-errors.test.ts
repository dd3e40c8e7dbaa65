// A failing query's bound values never reach the log line, on a real database.
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from './db/client'
import { sessions } from './db/schema'
import { errorSerializers } from './log-errors'

let database: DatabaseHandle
beforeAll(async () => {
	database = await createTestDatabase()
})
afterAll(() => database.close())

test('the query is logged, the values it was given are not', async () => {
	const secret = 'session-token-that-must-never-be-logged'
	const error = await database.db
		.insert(sessions)
		.values({ id: secret, data: { memberToken: secret }, expiresAt: sql`'not a date'` as unknown as Date })
		.then(
			() => null,
			(failure: unknown) => failure,
		)
	expect(error).toBeInstanceOf(Error)
	const lines: string[] = []
	const log = pino({ serializers: errorSerializers }, { write: (line: string) => lines.push(line) })
	log.error({ err: error }, 'API call failed')
	expect(lines.join('')).toContain('insert into \\"sessions\\"')
	expect(lines.join('')).not.toContain(secret)
	// Without the serializer, the value is there: the test can fail.
	const raw: string[] = []
	pino({}, { write: (line: string) => raw.push(line) }).error({ err: error }, 'API call failed')
	expect(raw.join('')).toContain(secret)
})
