// One migrated PGlite data directory for the whole vitest run: starting a cluster (initdb) and
// migrating it takes over a second, and most test files open a fresh database or several.
// Made once before the workers start (vitest's globalSetup); each test database in memory
// starts from a copy of it (tests/setup/database.ts). Not needed when the run is on PostgreSQL.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { MIGRATIONS_DIR } from '~/api/db/client'

export default async function makeDatabaseTemplate() {
	if (process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE_TEMPLATE) return
	const client = await PGlite.create()
	await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR })
	const archive = await client.dumpDataDir('none')
	await client.close()
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'))
	const file = path.join(dir, 'migrated.tar')
	writeFileSync(file, Buffer.from(await archive.arrayBuffer()))
	process.env.TEST_PGLITE_TEMPLATE = file
	return () => rmSync(dir, { recursive: true, force: true })
}

/** The migrated archive (made above), read once per test file; undefined on PostgreSQL. */
let template: Blob | undefined
export function databaseTemplate() {
	const file = process.env.TEST_PGLITE_TEMPLATE
	if (!file) return undefined
	template ??= new Blob([readFileSync(file)])
	return template
}
