// Every test file runs with its own throw-away DATA_DIR (and, on PostgreSQL, its own database),
// so modules that read the configuration (sessions, the runtime) never touch ./data.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { createPostgresDatabase } from './database'

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-test-'))
process.env.LOG_LEVEL ??= 'silent'
process.env.NODE_ENV = 'test'
// The run's key pair, so no file's runtime spends seconds making its own.
process.env.RSA_PRIVATE_KEY ??= process.env.TEST_RSA_PRIVATE_KEY

if (process.env.TEST_DATABASE_URL) {
	const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL)
	process.env.DATABASE_URL = database.url
	// `with (force)` also ends the connections the file's runtime left open.
	afterAll(database.drop)
}
