// `npm run backup` and `npm run restore -- FILE` (scripts/backups.mjs, decision 0046). They need
// only where the data is (DATA_DIR, DATABASE_URL, BACKUP_DIR), not the portal's other settings.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DatabaseInUseError, lockHolder, snapshotPgliteDir } from '../db/client'
import { BackupFileError } from './archive'
import { defaultBackupDir, takeBackup, type KeyRecords } from './backup'
import { PgToolError } from './pg-tools'
import { restoreBackup, RestoreRefused } from './restore'
import { counted } from '~/contract/vocabulary'

export const BACKUPS_USAGE = `Usage:
  npm run backup [-- --out DIR]     write a checked backup file into DIR (default: BACKUP_DIR, else DATA_DIR/backups)
  npm run restore -- FILE [--force] put a backup back into DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL)
A restore refuses a DATA_DIR that already has a database or secrets (and a database with tables);
--force moves them aside into DATA_DIR/replaced-<time> (and replaces the database's content).
With embedded PGlite the portal must be stopped for either (one process per DATA_DIR).`

type Env = Record<string, string | undefined>
export type BackupsIo = { print: (line: string) => void; env: Env; now?: Date }

/** A mistake or refusal the user can put right: printed plainly, exit code 1 (2 with the usage). */
class UsageError extends Error {
	constructor(
		message: string,
		readonly code = 1,
	) {
		super(message)
	}
}

const describe = (records: KeyRecords | undefined) =>
	records
		? [
				counted(records.accounts, 'account', 'accounts'),
				`${counted(records.payments, 'payment', 'payments')} (${records.invoices} invoiced)`,
				counted(records.creditNotes, 'credit note', 'credit notes'),
				counted(records.cpeEntries, 'CPE entry', 'CPE entries'),
				counted(records.events, 'event', 'events'),
				counted(records.mediaFiles, 'picture or PDF', 'pictures and PDFs'),
			].join(', ')
		: 'every table (the dump lists them)'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function portalRunning(pid: number, dataDir: string) {
	return new UsageError(
		`The portal (process ${pid}) is running on ${dataDir}, and embedded PGlite allows one process per DATA_DIR.\n` +
			`Either stop the portal and run this again, or let the running portal take the backup: it does so nightly when ` +
			`BACKUP_DIR is set (always when live), and \`kill -USR2 ${pid}\` asks it for one now (written to its BACKUP_DIR, named in its log).`,
	)
}

async function backup(args: string[], io: BackupsIo) {
	const { env } = io
	const dataDir = path.resolve(env.DATA_DIR || './data')
	const outAt = args.indexOf('--out')
	if (outAt >= 0 && !args[outAt + 1]) throw new UsageError('--out needs a folder.', 2)
	const dir = path.resolve(outAt >= 0 ? args[outAt + 1]! : env.BACKUP_DIR || defaultBackupDir(dataDir))
	const databaseUrl = env.DATABASE_URL || undefined
	const dbDir = path.join(dataDir, 'db')
	if (!databaseUrl) {
		const holder = lockHolder(dbDir)
		if (holder !== undefined) throw portalRunning(holder, dataDir)
		if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new UsageError(`There is no database in ${dbDir}: is DATA_DIR right?`)
	}
	const source = databaseUrl ? { kind: 'postgres' as const, databaseUrl } : { kind: 'pglite' as const, snapshot: () => snapshotPgliteDir(dbDir) }
	const result = await takeBackup({ source, dataDir, dir, now: io.now })
	io.print(`Backup written and checked: ${result.file} (${megabytes(result.bytes)})`)
	io.print(`It holds ${describe(result.records)}.`)
	const secrets = result.manifest.files.filter((file) => file.name.startsWith('secrets/')).map((file) => file.name.slice('secrets/'.length))
	io.print(
		`Keep it safe: it holds every member's personal data and password hashes${secrets.length > 0 ? `, and this portal's generated secrets (${secrets.join(', ')})` : ''}. Keep a copy away from this machine.`,
	)
}

async function restore(args: string[], io: BackupsIo) {
	const force = args.includes('--force')
	const [file, ...extra] = args.filter((arg) => arg !== '--force')
	if (!file || extra.length > 0) throw new UsageError(file ? `Unexpected: ${extra.join(' ')}` : 'Name the backup file to restore.', 2)
	const dataDir = path.resolve(io.env.DATA_DIR || './data')
	const result = await restoreBackup(path.resolve(file), { dataDir, databaseUrl: io.env.DATABASE_URL || undefined, force, now: io.now })
	io.print(
		`Restored the backup of ${result.manifest.createdAt} (portal ${result.manifest.portalVersion}, ${result.manifest.database.kind}) into ${io.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}.`,
	)
	io.print(`Found in it: ${describe(result.records)}.`)
	if (result.secrets.length > 0)
		io.print(`Secrets restored into ${path.join(dataDir, 'secrets')}: ${result.secrets.join(', ')} (used where the environment does not set them).`)
	if (result.movedAside) io.print(`What was there before is in ${result.movedAside}: delete it once the restored portal is right.`)
	io.print('Start the portal to use it.')
}

/** Runs `backup` or `restore`; answers the exit code. Refusals and damaged files are printed, not thrown. */
export async function runBackupsCommand(args: string[], io: BackupsIo) {
	const [command, ...rest] = args
	try {
		if (command === 'backup') await backup(rest, io)
		else if (command === 'restore') await restore(rest, io)
		else throw new UsageError(BACKUPS_USAGE, 2)
		return 0
	} catch (error) {
		if (error instanceof UsageError) {
			io.print(error.message)
			if (error.code === 2 && error.message !== BACKUPS_USAGE) io.print(BACKUPS_USAGE)
			return error.code
		}
		if (error instanceof RestoreRefused || error instanceof BackupFileError || error instanceof PgToolError) {
			io.print(error.message)
			return 1
		}
		// A portal started while this ran.
		if (error instanceof DatabaseInUseError) {
			io.print(portalRunning(error.pid, path.resolve(io.env.DATA_DIR || './data')).message)
			return 1
		}
		throw error
	}
}

export const main = (args: string[]) => runBackupsCommand(args, { print: (line) => console.log(line), env: process.env })
