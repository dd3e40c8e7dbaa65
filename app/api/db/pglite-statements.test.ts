import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { preparingClient } from './pglite-statements'

let pg: PGlite
beforeAll(async () => {
	pg = await PGlite.create()
})
afterAll(() => pg.close())
beforeEach(async () => {
	// Each test starts with a fresh table and none of the statements the one before prepared.
	await pg.exec(`deallocate all; drop table if exists notes;
		create table notes (id serial primary key, body text not null unique, hours numeric, noted_at timestamptz, flag boolean)`)
})

/** The statements PostgreSQL holds for this (PGlite's only) session. */
const heldStatements = async () => (await pg.query<{ name: string }>(`select name from pg_prepared_statements order by name`)).rows.map((row) => row.name)

test('answers exactly as PGlite does, in both row modes, for reads and writes', async () => {
	const client = preparingClient(pg)
	const insert = `insert into notes (body, hours, noted_at, flag) values ($1, $2, $3, $4) returning id, body, hours, noted_at, flag`
	const at = new Date('2026-11-26T10:00:00Z')
	const ours = await client.query(insert, ['first', '1.5', at, true])
	const theirs = await pg.query(insert, ['second', null, null, false])
	expect({ ...ours, rows: [] }).toEqual({ ...theirs, rows: [] })
	expect(ours.rows).toEqual([{ id: 1, body: 'first', hours: '1.5', noted_at: at, flag: true }])
	expect(ours.affectedRows).toBe(1)

	const select = `select id, body, noted_at from notes where id >= $1 order by id`
	for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } }]) {
		expect(await client.query(select, [1], options)).toEqual(await pg.query(select, [1], options))
	}
	const update = await client.query(`update notes set flag = $1 where id <= $2`, [true, 2])
	expect(update.affectedRows).toBe(2)
})

test('prepares a text once and runs it again without parsing it', async () => {
	const client = preparingClient(pg)
	const select = `select count(*)::int as n from notes where body <> $1`
	await client.query(select, ['x'])
	await client.query(select, ['y'])
	await client.query(`select body from notes where id = $1`, [1])
	// drizzle writes a union with each side in brackets.
	await client.query(`(select body from notes where id = $1) union all (select body from notes where id = $2)`, [1, 2])
	expect(client.preparedCount).toBe(3)
	expect(await heldStatements()).toHaveLength(3)
	// A schema change is not kept as a statement.
	await client.query(`create index notes_flag on notes (flag)`)
	expect(await heldStatements()).toHaveLength(3)
})

test('keeps at most its limit of statements, closing the one unused longest', async () => {
	const client = preparingClient(pg, { most: 3 })
	const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} as n, body from notes where id = $1`)
	for (const text of texts.slice(0, 3)) await client.query(text, [1])
	await client.query(texts[0]!, [1]) // used again: now the most recent
	await client.query(texts[3]!, [1]) // evicts texts[1]
	await client.query(texts[4]!, [1]) // closes texts[1] on PostgreSQL, evicts texts[2]
	expect(client.preparedCount).toBe(3)
	// texts[1] is closed; texts[2] is closed with the next message, so PostgreSQL still holds it.
	expect(await heldStatements()).toHaveLength(4)
	// Every text still answers, the evicted ones prepared again.
	for (const text of texts) expect((await client.query<{ n: number }>(text, [1])).rows).toEqual([])
})

test('a refused value or a broken rule rejects with PostgreSQL’s code, and the next query runs', async () => {
	const client = preparingClient(pg)
	const insert = `insert into notes (body) values ($1)`
	await client.query(insert, ['once'])
	await expect(client.query(insert, ['once'])).rejects.toMatchObject({ code: '23505' })
	await expect(client.query(`select body from notes where id = $1`, ['not a number'])).rejects.toMatchObject({ code: '22P02' })
	await expect(client.query(`select nothing from notes where id = $1`, [1])).rejects.toMatchObject({ code: '42703' })
	expect((await client.query(`select body from notes where id = $1`, [1])).rows).toEqual([{ body: 'once' }])
})

test('never runs inside another caller’s transaction', async () => {
	const client = preparingClient(pg)
	let inserted!: () => void
	const insertedOnce = new Promise<void>((resolve) => (inserted = resolve))
	const rolledBack = pg
		.transaction(async (tx) => {
			await tx.query(`insert into notes (body) values ('uncommitted')`)
			inserted()
			// Give the query below every chance to slip in before the rollback.
			await new Promise((resolve) => setImmediate(resolve))
			throw new Error('roll back')
		})
		.catch(() => 'rolled back')
	await insertedOnce
	const seen = await client.query<{ n: number }>(`select count(*)::int as n from notes where body = $1`, ['uncommitted'])
	expect(await rolledBack).toBe('rolled back')
	expect(seen.rows).toEqual([{ n: 0 }])
})

test('a statement the schema has outgrown is prepared again', async () => {
	const client = preparingClient(pg)
	const select = `select * from notes where id = $1`
	await client.query(`insert into notes (body) values ($1)`, ['row'])
	expect(Object.keys((await client.query<object>(select, [1])).rows[0]!)).not.toContain('extra')
	await pg.exec(`alter table notes add column extra text default 'added'`)
	expect((await client.query<{ extra: string }>(select, [1])).rows[0]!.extra).toBe('added')
})
