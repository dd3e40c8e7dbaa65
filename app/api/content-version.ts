// The version of everything the public can see. Every write that changes a public page calls
// contentChanged() after it commits; caches of public answers keep the version they were made at
// and are dropped when it moves. Kept in the database, so all instances on one PostgreSQL agree.
import { sql } from 'drizzle-orm'
import type { Database } from './db/client'
import { contentVersion } from './db/schema'

export async function contentChanged(db: Database) {
	await db
		.insert(contentVersion)
		.values({ id: 1, version: 1 })
		.onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1`, changedAt: sql`now()` } })
}

/** 0 until the first change. */
export async function readContentVersion(db: Database) {
	const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).limit(1)
	return row?.version ?? 0
}
