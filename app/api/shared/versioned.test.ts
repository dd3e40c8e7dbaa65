// The version rule on a real database: a stale save is refused, the row is left as the first
// saver wrote it, and of two saves from the same version exactly one wins.
import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/database'
import type { DatabaseHandle } from '../db/client'
import { ApiError } from '../http'
import { updateVersioned } from './versioned'

const things = pgTable('versioned_things', { id: serial('id').primaryKey(), name: text('name').notNull(), version: integer('version').notNull().default(0) })
const labels = { thing: 'thing', notFound: 'No such thing.' }
let database: DatabaseHandle

beforeAll(async () => {
	database = await createTestDatabase()
	await database.db.execute(sql`create table versioned_things (id serial primary key, name text not null, version integer not null default 0)`)
})
afterAll(() => database.close())

async function newThing() {
	const [row] = await database.db.insert(things).values({ name: 'first' }).returning()
	return row!
}

test('a save from the current version moves the version on', async () => {
	const thing = await newThing()
	const saved = await updateVersioned(database.db, things, thing.id, 0, { name: 'second' }, labels)
	expect(saved).toMatchObject({ name: 'second', version: 1 })
})

test('a save from an old version is refused with 409 and changes nothing', async () => {
	const thing = await newThing()
	await updateVersioned(database.db, things, thing.id, 0, { name: 'theirs' }, labels)
	const stale = updateVersioned(database.db, things, thing.id, 0, { name: 'mine' }, labels)
	await expect(stale).rejects.toMatchObject({ status: 409, message: 'This thing was changed by someone else since you opened it' })
	const [row] = await database.db.select().from(things).where(eq(things.id, thing.id))
	expect(row).toMatchObject({ name: 'theirs', version: 1 })
})

test('of two saves from the same version, one wins and the other is told', async () => {
	const thing = await newThing()
	const results = await Promise.allSettled(['a', 'b'].map((name) => updateVersioned(database.db, things, thing.id, 0, { name }, labels)))
	expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
	const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
	expect(refused.reason).toBeInstanceOf(ApiError)
	expect((refused.reason as ApiError).status).toBe(409)
})

test('a record that is gone is a 404', async () => {
	await expect(updateVersioned(database.db, things, 987_654, 0, { name: 'x' }, labels)).rejects.toMatchObject({ status: 404, message: 'No such thing.' })
})
