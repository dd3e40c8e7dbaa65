import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createPostgresDatabase } from '#tests/setup/database'
import { isDatabaseReachable, openDatabase } from './client'
import { pages, sessions } from './schema'

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'pglite-test-'))

// Two starts of an on-disk PGlite, each applying every migration: on a loaded two-core machine that
// took over 30 s once, so the test has the time it needs.
test('a PGlite directory is migrated, reachable and locked while open', { timeout: 120_000 }, async () => {
	const dir = freshDir()
	const first = await openDatabase({ pgliteDir: dir })
	expect(await isDatabaseReachable(first.db)).toBe(true)
	// The migrations made the tables: both can be read (and are empty).
	expect(await first.db.select().from(pages)).toEqual([])
	expect(await first.db.select().from(sessions)).toEqual([])
	await first.close()
	expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false)
	// Migrations run again on every start and change nothing.
	const again = await openDatabase({ pgliteDir: dir })
	await again.close()
})

test('a directory held by another running process is refused with a clear message', async () => {
	const dir = freshDir()
	const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
	try {
		writeFileSync(path.join(dir, 'portal.lock'), String(other.pid))
		await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`in use by process ${other.pid}: give each instance its own DATA_DIR`)
	} finally {
		other.kill()
	}
})

test('a lock left by a process that has ended is taken over', async () => {
	const dir = freshDir()
	const ended = spawn(process.execPath, ['-e', ''])
	await new Promise((resolve) => ended.once('exit', resolve))
	writeFileSync(path.join(dir, 'portal.lock'), String(ended.pid))
	const handle = await openDatabase({ pgliteDir: dir })
	expect(await isDatabaseReachable(handle.db)).toBe(true)
	await handle.close()
})

// Only with a PostgreSQL server (TEST_DATABASE_URL, as CI has): PGlite is one process per directory.
test.runIf(process.env.TEST_DATABASE_URL)('instances started together on an empty PostgreSQL migrate it once, without racing', async () => {
	const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
	try {
		const handles = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })])
		expect(await handles[0]!.db.select().from(pages)).toEqual([])
		await Promise.all(handles.map((handle) => handle.close()))
	} finally {
		await drop()
	}
})
