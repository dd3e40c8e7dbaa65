// A fresh, migrated database for one test file: in-memory PGlite (a copy of the run's migrated
// template) by default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL
// (CI runs the suite on both).
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from '~/api/db/client'
import { databaseTemplate } from './database-template'

/** Creates an empty database on the test server and returns its URL and a way to drop it. */
export async function createPostgresDatabase(serverUrl: string) {
	const name = `portal_test_${randomBytes(6).toString('hex')}`
	const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
	await admin.unsafe(`create database ${name}`)
	await admin.end()
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	const drop = async () => {
		const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
		await cleanup.unsafe(`drop database if exists ${name} with (force)`)
		await cleanup.end()
	}
	return { url: url.href, drop }
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
	const serverUrl = process.env.TEST_DATABASE_URL
	if (!serverUrl) return openDatabase({ memory: true, from: databaseTemplate() })
	const { url, drop } = await createPostgresDatabase(serverUrl)
	const handle = await openDatabase({ databaseUrl: url })
	return {
		...handle,
		close: async () => {
			await handle.close()
			await drop()
		},
	}
}
