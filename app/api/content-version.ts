// The version of everything the public can see. Every write that changes a public page calls
// contentChanged() after it commits; caches of public answers keep the version they were made at
// and are dropped when it moves. Kept in the database, so all instances on one PostgreSQL agree;
// each instance holds it in memory, moved at once by its own changes and by the others' through
// the database's notifications (decision 0028), and read again every few seconds in case one is lost.
import { sql } from 'drizzle-orm'
import type { Database } from './db/client'
import { contentVersion } from './db/schema'

export const CONTENT_VERSION_CHANNEL = 'content_version'
const REREAD_MS = 5000

/** The in-memory version of each database a process watches. */
const watched = new WeakMap<Database, { version: number }>()
const moveTo = (db: Database, version: number) => {
	const watcher = watched.get(db)
	if (watcher && version > watcher.version) watcher.version = version
}

export async function contentChanged(db: Database) {
	const [row] = await db
		.insert(contentVersion)
		.values({ id: 1, version: 1 })
		.onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1`, changedAt: sql`now()` } })
		.returning({ version: contentVersion.version })
	moveTo(db, row!.version)
	await db.execute(sql`select pg_notify(${CONTENT_VERSION_CHANNEL}, ${String(row!.version)})`)
}

/** 0 until the first change. */
export async function readContentVersion(db: Database) {
	const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).limit(1)
	return row?.version ?? 0
}

export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<unknown>

/** The current version, kept in memory: a page served from a cache asks it on every request. */
export async function watchContentVersion(db: Database, listen: Listen) {
	const watcher = { version: await readContentVersion(db) }
	watched.set(db, watcher)
	await listen(CONTENT_VERSION_CHANNEL, (payload) => moveTo(db, Number(payload) || 0))
	const reread = setInterval(() => {
		readContentVersion(db).then(
			(version) => moveTo(db, version),
			() => {},
		)
	}, REREAD_MS)
	reread.unref()
	return () => watcher.version
}
