// Updates an office record only if nobody changed it since the editor opened it (its version).
import { and, eq, sql } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { conflictMessage, VERSION_CONFLICT_STATUS } from '~/contract/versioned'
import type { Database } from '../db/client'
import { ApiError } from '../http'

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn }
type Executor = Pick<Database, 'update' | 'select'>

/**
 * Sets `values` and moves the version on, in one statement, where the row still has `nVersion`.
 * Answers the updated row; throws 404 when the row is gone and 409 when someone else saved first.
 */
export async function updateVersioned<T extends VersionedTable>(
	db: Executor,
	table: T,
	id: number,
	nVersion: number,
	values: PgUpdateSetSource<T>,
	{ thing, notFound }: { thing: string; notFound: string },
): Promise<T['$inferSelect']> {
	const rows = (await db
		.update(table)
		.set({ ...values, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
		.where(and(eq(table.id, id), eq(table.version, nVersion)))
		.returning()) as Array<T['$inferSelect']>
	const updated = rows[0]
	if (updated) return updated
	const [exists] = await db
		.select({ id: table.id })
		.from(table as PgTable)
		.where(eq(table.id, id))
		.limit(1)
	if (!exists) throw new ApiError(404, notFound)
	throw new ApiError(VERSION_CONFLICT_STATUS, conflictMessage(thing))
}
