// drizzle builds a query's SQL text afresh on every call: for the token check that is about twice
// what running it costs on PGlite. The queries every signed-in view makes are built once per
// database handle, with placeholders, and then only run. A placeholder's value reaches the driver as
// given, without the column's conversion: a moment goes as its ISO text (drizzle's PostgreSQL client
// passes timestamps through as text).
import type { Database } from './client'

/** `build(db)` once for each database handle (or transaction), kept while that handle lives. */
export function preparedPerDatabase<Q>(build: (db: Database) => Q): (db: Database) => Q {
	const prepared = new WeakMap<Database, Q>()
	return (db) => {
		let query = prepared.get(db)
		if (!query) {
			query = build(db)
			prepared.set(db, query)
		}
		return query
	}
}
