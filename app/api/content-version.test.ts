// The content version each instance keeps in memory: moved at once by its own changes, and by
// another instance's through the database's notifications.
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createPostgresDatabase, createTestDatabase } from '#tests/setup/database'
import { CONTENT_VERSION_CHANNEL, contentChanged, readContentVersion, watchContentVersion } from './content-version'
import { openDatabase } from './db/client'

test('a change moves the kept version before contentChanged returns; a notification moves it too', async () => {
	const handle = await createTestDatabase()
	try {
		const version = await watchContentVersion(handle.db, handle.listen)
		const before = version()
		await contentChanged(handle.db)
		expect(version()).toBe(before + 1)
		expect(await readContentVersion(handle.db)).toBe(before + 1)
		// As another instance's change arrives: a NOTIFY with a newer version.
		await handle.db.execute(sql`select pg_notify(${CONTENT_VERSION_CHANNEL}, ${String(before + 5)})`)
		await expect.poll(version).toBe(before + 5)
	} finally {
		await handle.close()
	}
})

test.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL: a change on one is seen by the other', async () => {
	const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
	const [one, two] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })])
	try {
		const seenByTwo = await watchContentVersion(two.db, two.listen)
		const before = seenByTwo()
		await contentChanged(one.db)
		await expect.poll(seenByTwo).toBe(before + 1)
	} finally {
		await Promise.all([one.close(), two.close()])
		await drop()
	}
})
