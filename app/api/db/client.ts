// Opens the database: real PostgreSQL when a URL is given, else embedded PGlite
// (in a directory, or in memory for tests). Migrations are applied before it is returned.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { preparingClient } from './pglite-statements'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type DatabaseHandle = {
	db: Database
	kind: 'postgres' | 'pglite'
	/** LISTEN on a channel: `onPayload` gets each NOTIFY's payload, from any instance on the database. */
	listen: (channel: string, onPayload: (payload: string) => void) => Promise<unknown>
	/** How the job queue (pg-boss) reaches this database: its own pool on PostgreSQL, this connection on PGlite. */
	queueConnection: QueueConnection
	/** Runs `work` while no other instance on this database runs such work (migrations, the job queue's set-up). */
	alone: <T>(work: () => Promise<T>) => Promise<T>
	close: () => Promise<void>
}

export type QueueConnection =
	| { connectionString: string }
	| { db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } }

export type DatabaseLocation =
	| { databaseUrl: string }
	| { pgliteDir: string }
	/** `from`: a data directory archive (PGlite's dumpDataDir) to start from instead of an empty cluster; tests start from a migrated one. */
	| { memory: true; from?: Blob }

/** Held while migrating or setting up the job queue: instances started together on one empty PostgreSQL would race otherwise. */
const MIGRATION_LOCK = 724012

/** Runs `work` under a session advisory lock on a connection of its own; other instances wait. */
async function aloneOn<T>(databaseUrl: string, work: () => Promise<T>) {
	const lockHolder = postgres(databaseUrl, { max: 1, onnotice: () => {} })
	try {
		await lockHolder`select pg_advisory_lock(${MIGRATION_LOCK})`
		return await work()
	} finally {
		await lockHolder.end()
	}
}

/**
 * PGlite's memory is the process's: its shared buffers (PostgreSQL's default 128 MB) fill as pages are
 * read and are never given back. A branch's data is a few tens of MB, so a quarter of that is ample.
 */
const PGLITE_MEMORY = ['-c', 'shared_buffers=32MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=16MB']

/** The committed migrations; the server always runs from the project root (npm scripts, container WORKDIR). */
export const MIGRATIONS_DIR = path.resolve('app/api/db/migrations')

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
	if ('databaseUrl' in location) {
		const client = postgres(location.databaseUrl, { max: 10, onnotice: () => {} })
		const db = drizzlePostgres(client, { schema })
		const alone = <T>(work: () => Promise<T>) => aloneOn(location.databaseUrl, work)
		await alone(() => migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR }))
		return {
			db,
			kind: 'postgres',
			listen: (channel, onPayload) => client.listen(channel, onPayload),
			queueConnection: { connectionString: location.databaseUrl },
			alone,
			close: () => client.end(),
		}
	}
	const unlock = 'pgliteDir' in location ? lockDirectory(location.pgliteDir) : () => {}
	try {
		const client = await PGlite.create('pgliteDir' in location ? location.pgliteDir : undefined, {
			loadDataDir: 'from' in location ? location.from : undefined,
			startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
		})
		const preparing = preparingClient(client)
		// drizzle calls only `query` and `transaction` on its client.
		const db = drizzlePglite(preparing as unknown as PGlite, { schema })
		// On a migrated archive this only finds every migration applied.
		await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
		// pg-boss sends its schema as one multi-statement text without parameters: that needs exec().
		const executeSql = async (text: string, values?: unknown[]) => (values?.length ? preparing.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }))
		return {
			db,
			kind: 'pglite',
			listen: (channel, onPayload) => client.listen(channel, onPayload),
			queueConnection: { db: { executeSql } },
			// The directory lock already keeps every other process out.
			alone: (work) => work(),
			close: () => client.close().finally(unlock),
		}
	} catch (error) {
		unlock()
		throw error
	}
}

/**
 * PGlite is a database inside this process: a second process opening the same directory would
 * corrupt it. A lock file holding our pid keeps that out; a lock left by a dead process is taken over.
 */
function lockDirectory(dir: string) {
	mkdirSync(dir, { recursive: true })
	const file = path.join(dir, 'portal.lock')
	try {
		writeFileSync(file, String(process.pid), { flag: 'wx' })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		const holder = Number(readFileSync(file, 'utf8'))
		if (holder !== process.pid && isRunning(holder)) {
			throw new Error(`The database in ${dir} is in use by process ${holder}: give each instance its own DATA_DIR.`)
		}
		writeFileSync(file, String(process.pid))
	}
	return () => rmSync(file, { force: true })
}

function isRunning(pid: number) {
	if (!Number.isInteger(pid) || pid <= 0) return false
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
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
