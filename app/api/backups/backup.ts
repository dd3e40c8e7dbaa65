// Taking a backup: the database (PGlite's data directory, or pg_dump on PostgreSQL; pictures and
// PDFs are in it, decision 0006) and the secrets a trial generated in DATA_DIR/secrets, in one
// file. It is written under a temporary name, read back and opened, and only then given its
// own name: every file in a backup folder under a backup's name was found good (decision 0046).
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { count, isNotNull } from 'drizzle-orm'
import type { Logger } from 'pino'
import { openDatabase, type Database, type PgliteSnapshot } from '../db/client'
import { accounts, cpeEntries, creditNotes, events, mediaFiles, payments } from '../db/schema'
import { BackupFileError, DATABASE_PARTS, readBackupArchive, SECRETS_FOLDER, writeBackupArchive, type BackupPart } from './archive'
import { pgDump, postgresDatabaseInfo, tablesInDump } from './pg-tools'

/** Where the database comes from: a PGlite snapshot (the running portal's handle, or a stopped portal's directory) or pg_dump. */
export type BackupSource = { kind: 'pglite'; snapshot: () => Promise<PgliteSnapshot> } | { kind: 'postgres'; databaseUrl: string }

/** Where backups go when BACKUP_DIR is not set: beside the database, so better than nothing, but on the same disk. */
export const defaultBackupDir = (dataDir: string) => path.join(dataDir, 'backups')

const NAME = /^portal-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/
const PARTIAL = /^portal-backup-.*\.partial$/
const DAY_MS = 24 * 60 * 60 * 1000

/** `portal-backup-2026-07-14T21-00-00Z.tar.gz`: sorts by time, and has no colon (Windows). */
export const backupFileName = (at: Date) => `portal-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`

/** A backup file's time from its name; undefined for any other file. */
function timeOf(name: string) {
	const match = NAME.exec(name)
	return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined
}

/** The secrets a trial generated (config.ts localSecret); a live deployment has them in its environment instead. */
function secretParts(dataDir: string): BackupPart[] {
	const dir = path.join(dataDir, 'secrets')
	if (!existsSync(dir)) return []
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => {
			const bytes = readFileSync(path.join(dir, entry.name))
			return {
				name: `${SECRETS_FOLDER}${entry.name}`,
				bytes: bytes.length,
				content: async function* () {
					yield bytes
				},
			}
		})
}

/** The records a restore is checked by: whatever else is lost, these must not be. */
export async function countKeyRecords(db: Database) {
	const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
	return {
		accounts: await n(db.select({ n: count() }).from(accounts)),
		payments: await n(db.select({ n: count() }).from(payments)),
		invoices: await n(db.select({ n: count() }).from(payments).where(isNotNull(payments.invoiceNumber))),
		creditNotes: await n(db.select({ n: count() }).from(creditNotes)),
		cpeEntries: await n(db.select({ n: count() }).from(cpeEntries)),
		events: await n(db.select({ n: count() }).from(events)),
		mediaFiles: await n(db.select({ n: count() }).from(mediaFiles)),
	}
}
export type KeyRecords = Awaited<ReturnType<typeof countKeyRecords>>

/** Tables a PostgreSQL dump must hold data for (their names in the database). */
const KEY_TABLES = ['accounts', 'payments', 'credit_notes', 'cpe_entries', 'events', 'media_files']

/**
 * Reads a backup file back as a restore would: every checksum, then the database itself. A PGlite
 * database is opened in a throw-away in-memory PGlite and its key records counted; a PostgreSQL
 * dump's table of contents must list the key tables' data.
 */
export async function verifyBackupFile(file: string): Promise<{ records?: KeyRecords }> {
	const { manifest, database } = await readBackupArchive(file)
	if (manifest.database.kind === 'postgres') {
		const tables = await tablesInDump(database)
		const missing = KEY_TABLES.filter((table) => !tables.has(table))
		if (missing.length > 0) throw new BackupFileError(`${file} is not whole: its dump has no data for ${missing.join(', ')}.`)
		return {}
	}
	// Taken out of the array: the chunks can go once the Blob has its copy (a database's size, twice, otherwise).
	const scratch = await openDatabase({ memory: true, from: new Blob(database.splice(0)) })
	try {
		return { records: await countKeyRecords(scratch.db) }
	} finally {
		await scratch.close()
	}
}

async function* chunksOf(blob: Blob) {
	const reader = blob.stream().getReader()
	for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value
}

async function databasePart(
	source: BackupSource,
	temporary: string,
): Promise<{ part: BackupPart; info: { serverVersion: string; lastMigration: number | null } }> {
	if (source.kind === 'pglite') {
		const { archive, ...info } = await source.snapshot()
		return { part: { name: DATABASE_PARTS.pglite, bytes: archive.size, content: () => chunksOf(archive) }, info }
	}
	const info = await postgresDatabaseInfo(source.databaseUrl)
	await pgDump(source.databaseUrl, temporary)
	return { part: { name: DATABASE_PARTS.postgres, bytes: statSync(temporary).size, content: () => createReadStream(temporary) }, info }
}

/** Writes a checked backup into `dir` (made if missing) and answers its path, size and the records counted in it. */
export async function takeBackup({ source, dataDir, dir, now = new Date() }: { source: BackupSource; dataDir: string; dir: string; now?: Date }) {
	await mkdir(dir, { recursive: true, mode: 0o700 })
	const file = path.join(dir, backupFileName(now))
	const partial = `${file}.partial`
	const dump = `${file}.pgdump.partial`
	try {
		const { part, info } = await databasePart(source, dump)
		const manifest = await writeBackupArchive(partial, { createdAt: now, database: { kind: source.kind, ...info }, parts: [part, ...secretParts(dataDir)] })
		const { records } = await verifyBackupFile(partial)
		await rename(partial, file)
		return { file, bytes: statSync(file).size, manifest, records }
	} finally {
		await rm(partial, { force: true })
		await rm(dump, { force: true })
	}
}

/** The newest backup in `dir`, by the time in its name; null when there is none (or no folder). */
export async function lastGoodBackup(dir: string) {
	const names = await readdir(dir).catch(() => [])
	const times = names.map(timeOf).filter((time) => time !== undefined)
	return times.length > 0 ? new Date(Math.max(...times.map((time) => time.getTime()))) : null
}

/**
 * Deletes backups older than `keepDays` (the newest is always kept, however old) and pieces of
 * backups a stopped process left behind. Only files named as backups are ever touched.
 */
export async function pruneBackups(dir: string, keepDays: number, now = new Date()) {
	const names = await readdir(dir)
	const backups = names.map((name) => ({ name, time: timeOf(name) })).filter((backup): backup is { name: string; time: Date } => backup.time !== undefined)
	const newest = Math.max(...backups.map((backup) => backup.time.getTime()))
	const expired = backups
		.filter((backup) => backup.time.getTime() < now.getTime() - keepDays * DAY_MS && backup.time.getTime() !== newest)
		.map((backup) => backup.name)
	const leftOver = names.filter((name) => PARTIAL.test(name) && statSync(path.join(dir, name)).mtimeMs < now.getTime() - DAY_MS)
	for (const name of [...expired, ...leftOver]) await rm(path.join(dir, name), { force: true })
	return expired
}

/** The job the queue runs, nightly or when asked: a checked backup, then the expired ones deleted. */
export function backupJob({ source, dataDir, dir, keepDays, log }: { source: BackupSource; dataDir: string; dir: string; keepDays: number; log: Logger }) {
	return async () => {
		try {
			const started = Date.now()
			const { file, bytes, records } = await takeBackup({ source, dataDir, dir })
			const removed = await pruneBackups(dir, keepDays)
			log.info({ file, bytes, records, removed, ms: Date.now() - started }, 'Backup written and checked')
		} catch (error) {
			log.error({ err: error, dir }, 'Backup failed')
			throw error
		}
	}
}
