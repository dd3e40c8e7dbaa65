// Putting a backup back: the file is read and checked whole before anything is written; then the
// database goes into DATA_DIR/db (PGlite) or DATABASE_URL (pg_restore), and the secrets into
// DATA_DIR/secrets. A data directory that already has a database or secrets is refused, unless
// `force`: then they are moved aside (never deleted) into DATA_DIR/replaced-<time>.
import { existsSync, readdirSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import journal from '../db/migrations/meta/_journal.json'
import { lockHolder, openDatabase, restorePgliteDir } from '../db/client'
import { readBackupArchive } from './archive'
import { countKeyRecords } from './backup'
import { hasPortalTables, pgRestore } from './pg-tools'

/** A restore that would do harm, or cannot be done here: the message says what to do instead. */
export class RestoreRefused extends Error {
	override name = 'RestoreRefused'
}

const NEWEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when))
/** The names config.ts gives generated secrets; nothing else is written into DATA_DIR/secrets. */
const SECRET_NAME = /^[a-z0-9][a-z0-9.-]*$/

const inUse = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0

export async function restoreBackup(
	file: string,
	{ dataDir, databaseUrl, force = false, now = new Date() }: { dataDir: string; databaseUrl?: string; force?: boolean; now?: Date },
) {
	const { manifest, database, secrets } = await readBackupArchive(file)
	const kind = manifest.database.kind
	if ((manifest.database.lastMigration ?? 0) > NEWEST_MIGRATION) {
		throw new RestoreRefused(
			`This backup was made by a newer version of the portal (${manifest.portalVersion}), whose database this version does not know: restore it with that version or a later one.`,
		)
	}
	if (kind === 'pglite' && databaseUrl) {
		throw new RestoreRefused('This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.')
	}
	if (kind === 'postgres' && !databaseUrl) {
		throw new RestoreRefused('This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.')
	}
	for (const secret of secrets)
		if (!SECRET_NAME.test(secret.name))
			throw new RestoreRefused(`This backup holds a secret named ${JSON.stringify(secret.name)}, which the portal never makes.`)

	const dbDir = path.join(dataDir, 'db')
	const secretsDir = path.join(dataDir, 'secrets')
	const holder = lockHolder(dbDir)
	if (holder !== undefined) throw new RestoreRefused(`The portal (process ${holder}) is running on ${dataDir}: stop it first, then restore.`)
	const present = (kind === 'pglite' ? [dbDir, secretsDir] : [secretsDir]).filter(inUse)
	const databaseHasTables = kind === 'postgres' && (await hasPortalTables(databaseUrl!))
	if (!force && (present.length > 0 || databaseHasTables)) {
		const what = [...present, ...(databaseHasTables ? ['the database at DATABASE_URL has tables'] : [])].join(', ')
		throw new RestoreRefused(
			`Not restored: ${what} already there. Restore into an empty data directory (and database), or add --force to move the present ones aside${databaseHasTables ? ' and replace the database’s content' : ''}.`,
		)
	}

	let movedAside: string | undefined
	if (present.length > 0) {
		movedAside = path.join(dataDir, `replaced-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`)
		await mkdir(movedAside, { recursive: true, mode: 0o700 })
		for (const dir of present) await rename(dir, path.join(movedAside, path.basename(dir)))
	}

	if (kind === 'pglite') {
		// Taken out of the array, as in verifyBackupFile: the chunks can go once the Blob has its copy.
		await restorePgliteDir(dbDir, new Blob(database.splice(0)))
	} else {
		// pg_restore reads a file; it holds members' data, so it is private and removed after.
		const scratch = await mkdtemp(path.join(tmpdir(), 'portal-restore-'))
		try {
			const dump = path.join(scratch, 'portal.pgdump')
			await writeFile(dump, database, { mode: 0o600 })
			await pgRestore(databaseUrl!, dump, { clean: databaseHasTables })
		} finally {
			await rm(scratch, { recursive: true, force: true })
		}
	}
	if (secrets.length > 0) {
		await mkdir(secretsDir, { recursive: true, mode: 0o700 })
		await chmod(secretsDir, 0o700)
		for (const secret of secrets) await writeFile(path.join(secretsDir, secret.name), secret.bytes, { mode: 0o600 })
	}

	// Opened as the portal will open it (migrations included): what was restored is found there.
	const restored = await openDatabase(kind === 'pglite' ? { pgliteDir: dbDir } : { databaseUrl: databaseUrl! })
	try {
		return { manifest, records: await countKeyRecords(restored.db), secrets: secrets.map((secret) => secret.name), movedAside }
	} finally {
		await restored.close()
	}
}
