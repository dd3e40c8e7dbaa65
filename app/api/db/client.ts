// Opens the database: real PostgreSQL when a URL is given, else embedded PGlite
// (in a directory, or in memory for tests). Migrations are applied before it is returned.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
	/** PGlite only: the data directory as it is now, for a backup taken while the portal runs. */
	snapshot?: () => Promise<PgliteSnapshot>
	close: () => Promise<void>
}

/** A PGlite data directory as one tar (dumpDataDir), with what a restore checks it against. */
export type PgliteSnapshot = { archive: Blob; serverVersion: string; lastMigration: number | null }

export type QueueConnection = { connectionString: string } | { db: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } }

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
		const client = await startPglite('pgliteDir' in location ? location.pgliteDir : undefined, 'from' in location ? location.from : undefined)
		const preparing = preparingClient(client)
		// drizzle calls only `query` and `transaction` on its client.
		const db = drizzlePglite(preparing as unknown as PGlite, { schema })
		// On a migrated archive this only finds every migration applied.
		await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
		// pg-boss sends its schema as one multi-statement text without parameters: that needs exec().
		const executeSql = async (text: string, values?: unknown[]) =>
			values?.length ? preparing.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })
		return {
			db,
			kind: 'pglite',
			listen: (channel, onPayload) => client.listen(channel, onPayload),
			queueConnection: { db: { executeSql } },
			// The directory lock already keeps every other process out.
			alone: (work) => work(),
			snapshot: () => snapshotOf(client),
			close: () => client.close().finally(unlock),
		}
	} catch (error) {
		unlock()
		throw error
	}
}

async function snapshotOf(client: PGlite): Promise<PgliteSnapshot> {
	const {
		rows: [version],
	} = await client.query<{ server_version: string }>('show server_version')
	const {
		rows: [migration],
	} = await client.query<{ last: string | null }>(
		`select case when to_regclass('drizzle.__drizzle_migrations') is null then null else (select max(created_at)::text from drizzle.__drizzle_migrations) end as last`,
	)
	// PGlite reads every file of the directory in one step, between two statements: what it holds
	// is committed work only, as after a power cut, and starting on it replays the log (decision 0046).
	const archive = await client.dumpDataDir('none')
	return { archive, serverVersion: version!.server_version, lastMigration: migration?.last ? Number(migration.last) : null }
}

const startPglite = (dir: string | undefined, loadDataDir?: Blob) =>
	PGlite.create(dir, { loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY] })

/** Snapshots a PGlite directory no portal has open, without migrating it. */
export async function snapshotPgliteDir(dir: string) {
	if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`There is no database in ${dir}.`)
	const unlock = lockDirectory(dir)
	try {
		const client = await startPglite(dir)
		try {
			return await snapshotOf(client)
		} finally {
			await client.close()
		}
	} finally {
		unlock()
	}
}

/** Fills an empty PGlite directory from a snapshot's archive, as the portal will find it at its next start. */
export async function restorePgliteDir(dir: string, archive: Blob) {
	const unlock = lockDirectory(dir)
	try {
		await (await startPglite(dir, archive)).close()
	} finally {
		// Also removes the lock the archive brought with it, which names the process that took it.
		unlock()
	}
}

/** A PGlite directory another running process has open. */
export class DatabaseInUseError extends Error {
	override name = 'DatabaseInUseError'
	constructor(
		dir: string,
		readonly pid: number,
	) {
		super(`The database in ${dir} is in use by process ${pid}: give each instance its own DATA_DIR.`)
	}
}

/** The running process (not this one) that holds the directory's lock, if any. */
export function lockHolder(dir: string) {
	const file = path.join(dir, 'portal.lock')
	const holder = existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined
	return holder !== undefined && holder !== process.pid && isRunning(holder) ? holder : undefined
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
		const holder = lockHolder(dir)
		if (holder !== undefined) throw new DatabaseInUseError(dir, holder)
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
