// Backups that restore, on real PGlite directories on disk: the branch's records, pictures and PDFs
// come back byte for byte into a fresh data directory; a backup taken while payments are written
// holds whole transactions only; a damaged or foreign file is refused before anything is written.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { asc, isNotNull, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, test } from 'vitest'
import { createApi } from '~/api/app'
import { CPE_PATHS } from '~/contract/cpe'
import { officePaymentEndpoints } from '~/contract/office/payments'
import { fillPath } from '~/contract/endpoint'
import { createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { createPostgresDatabase } from '#tests/setup/database'
import { createTestPayment } from '#tests/setup/payments'
import { insertTestEvent } from '#tests/setup/registrations'
import { indiaDay } from '../cpe/ledger'
import { openDatabase, type Database, type DatabaseHandle } from '../db/client'
import { seedDemoContent } from '../demo/seed'
import { eventRegistrations, invoiceCounters, mediaFiles, payments } from '../db/schema'
import { BACKUP_FORMAT_VERSION, BackupFileError } from './archive'
import { backupFileName, countKeyRecords, lastGoodBackup, pruneBackups, takeBackup } from './backup'
import { runBackupsCommand } from './cli'
import { restoreBackup, RestoreRefused } from './restore'
import { readTarGz, writeTarGz } from './tar'

const open: DatabaseHandle[] = []
afterAll(async () => {
	for (const handle of open) await handle.close().catch(() => {})
})
const freshDir = (name: string) => mkdtempSync(path.join(tmpdir(), `backups-${name}-`))

/** A portal's data directory with its database open, as the running portal has it. */
async function dataDirWithDatabase() {
	const dataDir = freshDir('data')
	const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') })
	open.push(handle)
	return { dataDir, handle }
}

const pgliteSource = (handle: DatabaseHandle) => ({ kind: 'pglite' as const, snapshot: handle.snapshot! })

/** Every row of every table of the portal, in a stable order: what a restore must give back. */
async function everyRow(db: Database) {
	// PGlite answers { rows }, postgres.js the rows themselves.
	const rows = async (query: ReturnType<typeof sql>) => {
		const answer = (await db.execute(query)) as unknown as { rows?: unknown[] } & unknown[]
		return answer.rows ?? [...answer]
	}
	const all: Record<string, unknown[]> = {}
	for (const { name } of (await rows(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`)) as {
		name: string
	}[]) {
		all[name] = await rows(sql.raw(`select * from "${name}" order by 1`))
	}
	return all
}

async function callApi(db: Database, path: string, { token, body }: { token: string; body?: unknown }) {
	const api = createApi({ db, mediaBaseUrl: 'http://localhost/media/', log: pino({ level: 'silent' }), settings: TEST_SETTINGS })
	return api.fetch(
		new Request(`http://in-process/api${path}`, {
			method: body === undefined ? 'GET' : 'POST',
			headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		}),
	)
}

describe('a backup restored into a fresh data directory', () => {
	test('gives back every record, picture and PDF, and the generated secrets', { timeout: 180_000 }, async () => {
		const { dataDir, handle } = await dataDirWithDatabase()
		const { db } = handle
		// The demo branch: events with pictures, newsletters as PDFs, payments with invoices, a refund with its credit note, CPE hours.
		expect(await seedDemoContent(db, TEST_SETTINGS.billing)).toBe(true)
		// And what the office and a member do through the API: a payment confirmed at the office and refunded, hours recorded.
		const office = await createTestStaff(db, 'accounts.clerk', 'accounts')
		const member = await createTestAccount(db, 'member')
		const { payment } = await createTestPayment(db, member.account, {
			event: await insertTestEvent(db, Date.now() + 86_400_000),
			status: 'pending',
			provider: 'offline',
		})
		const confirmPath = fillPath(officePaymentEndpoints.confirm.path, { iPaymentId: payment.id })
		expect((await callApi(db, confirmPath, { token: office.token, body: { sMode: 'cash', sReference: 'Counter 7' } })).status).toBe(200)
		expect(
			(
				await callApi(db, fillPath(officePaymentEndpoints.refund.path, { iPaymentId: payment.id }), {
					token: office.token,
					body: { sMode: 'upi', sReference: 'UPI-BK-1', sReason: 'Could not come' },
				})
			).status,
		).toBe(200)
		const hours = { dActivityDate: indiaDay(new Date()), nHours: 2.5, sDescription: 'Read the new audit standards in full' }
		expect((await callApi(db, CPE_PATHS.entries, { token: member.token, body: hours })).status).toBe(201)
		mkdirSync(path.join(dataDir, 'secrets'))
		writeFileSync(path.join(dataDir, 'secrets', 'session-secret'), 'the-trial-session-secret-0123456789')

		const records = await countKeyRecords(db)
		expect(records.invoices).toBeGreaterThan(1)
		expect(records.creditNotes).toBeGreaterThan(1)
		expect(records.cpeEntries).toBeGreaterThan(1)
		expect(records.mediaFiles).toBeGreaterThan(5)
		const backup = await takeBackup({ source: pgliteSource(handle), dataDir, dir: path.join(dataDir, 'backups'), now: new Date('2026-07-14T21:00:00Z') })
		// Read back and opened before it was given its name.
		expect(path.basename(backup.file)).toBe('portal-backup-2026-07-14T21-00-00Z.tar.gz')
		expect(backup.records).toEqual(records)
		expect(backup.manifest).toMatchObject({ formatVersion: BACKUP_FORMAT_VERSION, database: { kind: 'pglite' } })
		const before = await everyRow(db)
		const invoicePath = fillPath(officePaymentEndpoints.invoice.path, { iPaymentId: payment.id })
		const creditNotePath = fillPath(officePaymentEndpoints.creditNote.path, { iPaymentId: payment.id })
		const documents = (on: Database) =>
			Promise.all(
				[invoicePath, creditNotePath].map(async (call) => {
					const answer = await callApi(on, call, { token: office.token })
					expect(answer.headers.get('content-type')).toBe('application/pdf')
					return Buffer.from(await answer.arrayBuffer())
				}),
			)
		const documentsBefore = await documents(db)
		await handle.close()

		const target = freshDir('restored')
		const restored = await restoreBackup(backup.file, { dataDir: target })
		expect(restored.records).toEqual(records)
		expect(restored.secrets).toEqual(['session-secret'])
		expect(readFileSync(path.join(target, 'secrets', 'session-secret'), 'utf8')).toBe('the-trial-session-secret-0123456789')
		// The lock the archive carried (naming the process that took it) is gone: a portal can start on it.
		expect(existsSync(path.join(target, 'db', 'portal.lock'))).toBe(false)

		const reopened = await openDatabase({ pgliteDir: path.join(target, 'db') })
		open.push(reopened)
		expect(await everyRow(reopened.db)).toEqual(before)
		// Pictures and PDFs byte for byte (everyRow compared them too; here they are named).
		const media = await reopened.db.select().from(mediaFiles).orderBy(asc(mediaFiles.path))
		const original = before.media_files as { path: string; bytes: Uint8Array }[]
		expect(media.some((file) => file.contentType === 'application/pdf') && media.some((file) => file.contentType.startsWith('image/'))).toBe(true)
		for (const file of media) expect(Buffer.from(file.bytes).equals(Buffer.from(original.find((kept) => kept.path === file.path)!.bytes)), file.path).toBe(true)
		// The tax invoice and the credit note come out of the restored database as the same documents.
		expect(await documents(reopened.db)).toEqual(documentsBefore)
	})
})

test('a backup taken while payments are being written holds whole transactions, invoice numbers without gaps', { timeout: 240_000 }, async () => {
	const { dataDir, handle } = await dataDirWithDatabase()
	const { db } = handle
	const { account } = await createTestAccount(db, 'member')
	let committed = 0
	let stop = false
	// Each payment is one transaction: its registration, the next invoice number and the payment (for an event of its own).
	const writer = (async () => {
		while (!stop) {
			await createTestPayment(db, account)
			committed += 1
			// PGlite answers without touching the event loop: let timers and file writes (the backup's) run,
			// and leave the backup some of the CPU.
			await new Promise((resolve) => setTimeout(resolve, 5))
		}
	})()
	try {
		await expect.poll(() => committed, { timeout: 30_000 }).toBeGreaterThan(3)
		const backups = []
		for (let n = 0; n < 2; n++) {
			const before = committed
			const backup = await takeBackup({
				source: pgliteSource(handle),
				dataDir,
				dir: path.join(dataDir, 'backups'),
				now: new Date(Date.UTC(2026, 6, 14, 21, 0, n)),
			})
			backups.push({ file: backup.file, before, after: committed })
		}
		// The writes went on while the backups were taken.
		expect(backups.at(-1)!.after).toBeGreaterThan(backups[0]!.before)
		for (const { file, before, after } of backups) {
			const target = freshDir('during-writes')
			await restoreBackup(file, { dataDir: target })
			const restored = await openDatabase({ pgliteDir: path.join(target, 'db') })
			open.push(restored)
			const paid = await restored.db
				.select({ sequence: payments.invoiceSequence })
				.from(payments)
				.where(isNotNull(payments.invoiceNumber))
				.orderBy(asc(payments.invoiceSequence))
			const registrations = await restored.db.select().from(eventRegistrations)
			const [counter] = await restored.db.select().from(invoiceCounters)
			// One of the committed states: between what had committed when the backup began and when it ended.
			expect(paid.length).toBeGreaterThanOrEqual(before)
			expect(paid.length).toBeLessThanOrEqual(after)
			expect(registrations).toHaveLength(paid.length)
			expect(paid.map((row) => row.sequence)).toEqual(Array.from({ length: paid.length }, (_, i) => i + 1))
			expect(counter?.lastSequence).toBe(paid.length)
			await restored.close()
		}
	} finally {
		stop = true
		await writer
	}
})

// Only with a PostgreSQL server (TEST_DATABASE_URL, as CI has) and its client tools.
test.runIf(process.env.TEST_DATABASE_URL)(
	'on PostgreSQL: pg_dump in the same checked file, restored with pg_restore into an empty database',
	{ timeout: 120_000 },
	async () => {
		const source = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
		const target = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
		const dataDir = freshDir('postgres')
		try {
			const handle = await openDatabase({ databaseUrl: source.url })
			const { account } = await createTestAccount(handle.db, 'member')
			await createTestPayment(handle.db, account, { status: 'refunded' })
			const before = await everyRow(handle.db)
			const backup = await takeBackup({ source: { kind: 'postgres', databaseUrl: source.url }, dataDir, dir: path.join(dataDir, 'backups') })
			expect(backup.manifest.database.kind).toBe('postgres')
			await handle.close()

			expect((await restoreBackup(backup.file, { dataDir, databaseUrl: target.url })).records).toMatchObject({ accounts: 1, payments: 1, invoices: 1 })
			const restored = await openDatabase({ databaseUrl: target.url })
			expect(await everyRow(restored.db)).toEqual(before)
			await restored.close()
			// A database with tables is not restored into, unless forced; forced, its content is replaced.
			await expect(restoreBackup(backup.file, { dataDir, databaseUrl: target.url })).rejects.toThrow('the database at DATABASE_URL has tables')
			expect((await restoreBackup(backup.file, { dataDir, databaseUrl: target.url, force: true })).records.accounts).toBe(1)
			await expect(restoreBackup(backup.file, { dataDir: freshDir('t') })).rejects.toThrow('set DATABASE_URL')
		} finally {
			await source.drop()
			await target.drop()
		}
	},
)

describe('what a restore refuses', () => {
	let sample: { file: string; dataDir: string } | undefined
	/** One small backup, shared by the refusals. */
	async function sampleBackup() {
		if (sample) return sample
		const { dataDir, handle } = await dataDirWithDatabase()
		await createTestAccount(handle.db, 'member')
		const { file } = await takeBackup({ source: pgliteSource(handle), dataDir, dir: path.join(dataDir, 'backups') })
		sample = { file, dataDir }
		return sample
	}

	// Three databases opened, each migrated from scratch: about 18 s on a loaded 2-core machine.
	test('a data directory that already has a database, unless forced; forced, the old one is moved aside', { timeout: 120_000 }, async () => {
		const { file } = await sampleBackup()
		const target = freshDir('occupied')
		await restoreBackup(file, { dataDir: target })
		await expect(restoreBackup(file, { dataDir: target })).rejects.toThrow(
			new RestoreRefused(
				`Not restored: ${path.join(target, 'db')} already there. Restore into an empty data directory (and database), or add --force to move the present ones aside.`,
			),
		)
		const forced = await restoreBackup(file, { dataDir: target, force: true, now: new Date('2026-07-15T06:00:00Z') })
		expect(forced.movedAside).toBe(path.join(target, 'replaced-2026-07-15T06-00-00Z'))
		expect(readdirSync(forced.movedAside!)).toEqual(['db'])
		expect(forced.records.accounts).toBe(1)
	})

	test('a data directory a running portal has open, even when forced', async () => {
		const { file } = await sampleBackup()
		const target = freshDir('running')
		mkdirSync(path.join(target, 'db'))
		const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
		try {
			writeFileSync(path.join(target, 'db', 'portal.lock'), String(other.pid))
			await expect(restoreBackup(file, { dataDir: target, force: true })).rejects.toThrow(
				`The portal (process ${other.pid}) is running on ${target}: stop it first, then restore.`,
			)
			// And `npm run backup` says what to do instead of opening it.
			const lines: string[] = []
			expect(await runBackupsCommand(['backup'], { print: (line) => lines.push(line), env: { DATA_DIR: target } })).toBe(1)
			expect(lines.join('\n')).toContain(`The portal (process ${other.pid}) is running on ${target}`)
			expect(lines.join('\n')).toContain(`kill -USR2 ${other.pid}`)
		} finally {
			other.kill()
		}
	})

	test('a damaged file, a file whose part does not match its checksum, and a file that is no backup', async () => {
		const { file } = await sampleBackup()
		const scratch = freshDir('damaged')
		const bytes = readFileSync(file)
		const cut = path.join(scratch, 'cut.tar.gz')
		writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
		await expect(restoreBackup(cut, { dataDir: freshDir('t') })).rejects.toThrow(BackupFileError)
		const flipped = Buffer.from(bytes)
		flipped[Math.floor(bytes.length / 2)]! ^= 0xff
		const flippedFile = path.join(scratch, 'flipped.tar.gz')
		writeFileSync(flippedFile, flipped)
		await expect(restoreBackup(flippedFile, { dataDir: freshDir('t') })).rejects.toThrow(BackupFileError)

		// A whole gzip and tar, its manifest intact, but the database part changed.
		const entries = []
		for await (const entry of readTarGz(file)) entries.push(entry)
		const database = Buffer.concat(entries[1]!.chunks)
		database[1000]! ^= 0x01
		const changed = [entries[0]!, { name: entries[1]!.name, chunks: [database] }].map(({ name, chunks }) => ({
			name,
			bytes: Buffer.concat(chunks).length,
			content: async function* () {
				yield* chunks
			},
		}))
		const tampered = path.join(scratch, 'tampered.tar.gz')
		await writeTarGz(tampered, changed, new Date())
		const target = freshDir('t')
		await expect(restoreBackup(tampered, { dataDir: target })).rejects.toThrow(`${tampered} is damaged: database/pgdata.tar does not match its checksum.`)
		expect(readdirSync(target)).toEqual([])

		const foreign = path.join(scratch, 'foreign.tar.gz')
		await writeTarGz(
			foreign,
			[
				{
					name: 'notes.txt',
					bytes: 5,
					content: async function* () {
						yield Buffer.from('hello')
					},
				},
			],
			new Date(),
		)
		await expect(restoreBackup(foreign, { dataDir: freshDir('t') })).rejects.toThrow(`${foreign} is not a portal backup: it does not begin with manifest.json.`)

		const later = path.join(scratch, 'later.tar.gz')
		const manifest = Buffer.from(JSON.stringify({ format: 'branch-portal-backup', formatVersion: BACKUP_FORMAT_VERSION + 1 }))
		await writeTarGz(
			later,
			[
				{
					name: 'manifest.json',
					bytes: manifest.length,
					content: async function* () {
						yield manifest
					},
				},
			],
			new Date(),
		)
		await expect(restoreBackup(later, { dataDir: freshDir('t') })).rejects.toThrow('newer than this portal reads')
	})

	test('a PGlite backup into PostgreSQL, and a PostgreSQL one without DATABASE_URL', async () => {
		const { file } = await sampleBackup()
		await expect(restoreBackup(file, { dataDir: freshDir('t'), databaseUrl: 'postgres://localhost/portal' })).rejects.toThrow('unset DATABASE_URL')
	})
})

describe('the backup folder', () => {
	const at = (iso: string) => new Date(iso)
	test('keeps BACKUP_KEEP days of backups (always the newest), clears left-over pieces, and touches nothing else', async () => {
		const dir = freshDir('folder')
		expect(await lastGoodBackup(path.join(dir, 'none'))).toBeNull()
		const names = ['2026-06-01T21:00:00Z', '2026-06-20T21:00:00Z', '2026-07-01T21:00:00Z', '2026-07-14T21:00:00Z'].map((iso) => backupFileName(at(iso)))
		for (const name of [...names, 'notes.txt', 'portal-backup-2026-07-14T21-00-00Z.tar.gz.partial']) writeFileSync(path.join(dir, name), '')
		expect(await lastGoodBackup(dir)).toEqual(at('2026-07-14T21:00:00Z'))
		// Left by a backup that stopped half-way a day ago: its mtime is now, so it stays until tomorrow.
		expect(await pruneBackups(dir, 14, at('2026-07-15T06:00:00Z'))).toEqual([names[0], names[1]])
		expect(readdirSync(dir).sort()).toEqual([names[2], names[3], 'notes.txt', 'portal-backup-2026-07-14T21-00-00Z.tar.gz.partial'].sort())
		// Long after the last one, it is still kept: it is the only one there is.
		expect(await pruneBackups(dir, 1, at('2027-01-01T00:00:00Z'))).toEqual([names[2]])
		expect(readdirSync(dir)).toContain(names[3])
		expect(readdirSync(dir)).not.toContain('portal-backup-2026-07-14T21-00-00Z.tar.gz.partial')
	})
})
