// Opens the database: real PostgreSQL when a URL is given, else embedded PGlite
// (in a directory, or in memory for tests). Migrations are applied before it is returned.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type DatabaseHandle = { db: Database; kind: 'postgres' | 'pglite'; close: () => Promise<void> }

export type DatabaseLocation =
	| { databaseUrl: string }
	| { pgliteDir: string }
	| { memory: true }

/** The committed migrations; the server always runs from the project root (npm scripts, container WORKDIR). */
const MIGRATIONS_DIR = path.resolve('app/api/db/migrations')

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
	if ('databaseUrl' in location) {
		const client = postgres(location.databaseUrl, { max: 10, onnotice: () => {} })
		const db = drizzlePostgres(client, { schema })
		await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR })
		return { db, kind: 'postgres', close: () => client.end() }
	}
	let client: PGlite
	if ('pgliteDir' in location) {
		mkdirSync(location.pgliteDir, { recursive: true })
		client = await PGlite.create(location.pgliteDir)
	} else {
		client = await PGlite.create()
	}
	const db = drizzlePglite(client, { schema })
	await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
	return { db, kind: 'pglite', close: () => client.close() }
}

/** True when the database answers a trivial query; used by /healthz. */
export async function isDatabaseReachable(db: Database) {
	try {
		await db.execute(sql`select 1`)
		return true
	} catch {
		return false
	}
}
