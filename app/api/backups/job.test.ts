// The running portal's backups: the job queue takes one through the portal's own open database
// (PGlite allows no second process), schedules it nightly in India time, and the office dashboard
// shows the last good one, with a warning when there has been none for 36 hours.
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, expect, test } from 'vitest'
import { createApi } from '~/api/app'
import { officeDashboardEndpoints, type OfficeDashboard } from '~/contract/office/dashboard'
import { createTestAccount, createTestStaff, TEST_JOB_SETTINGS } from '#tests/setup/accounts'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startJobQueue } from '../jobs/queue'
import { backupSummary } from '../office/dashboard/service'
import { backupJob, lastGoodBackup } from './backup'
import { restoreBackup } from './restore'

const log = pino({ level: 'silent' })
const handles: DatabaseHandle[] = []
afterAll(async () => {
	for (const handle of handles) await handle.close()
})

test('the queue takes a checked backup when asked, schedules one nightly, and the dashboard shows it', { timeout: 120_000 }, async () => {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-job-'))
	const dir = path.join(dataDir, 'backups')
	const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') })
	handles.push(database)
	await createTestAccount(database.db, 'member')
	const { token } = await createTestStaff(database.db, 'desk.clerk', 'desk')
	const run = backupJob({ source: { kind: 'pglite', snapshot: database.snapshot! }, dataDir, dir, keepDays: 14, log })
	const handlers = { mailing: async () => 'done' as const, tick: async () => {} }
	const schedule = async () =>
		(await database.db.execute(sql`select cron, timezone from jobs.schedule where name = 'backup'`)) as unknown as { rows: unknown[] }
	const api = createApi({
		db: database.db,
		mediaBaseUrl: 'http://localhost/media/',
		log,
		backups: async () => ({ lastGoodAt: await lastGoodBackup(dir), nightly: true }),
	})
	const dashboard = async () =>
		(
			(await (await api.fetch(new Request(`http://in-process/api${officeDashboardEndpoints.summary.path}`, { headers: { authorization: token } }))).json()) as {
				data: OfficeDashboard
			}
		).data

	const jobs = await startJobQueue({ database, log, settings: TEST_JOB_SETTINGS, handlers: { ...handlers, backup: { run, nightly: true } } })
	try {
		expect((await schedule()).rows).toEqual([{ cron: '30 2 * * *', timezone: 'Asia/Kolkata' }])
		// Nightly, and none yet: every member of staff is told.
		expect((await dashboard()).oBackups).toEqual({ dLastGood: null, bNightly: true, bOverdue: true })

		await jobs.backupNow()
		await expect.poll(() => lastGoodBackup(dir), { timeout: 60_000 }).not.toBeNull()
		const [name] = readdirSync(dir)
		expect(name).toMatch(/^portal-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/)
		expect((await dashboard()).oBackups).toEqual({ dLastGood: (await lastGoodBackup(dir))!.toISOString(), bNightly: true, bOverdue: false })

		// Taken while the portal held its database open, it restores like any other.
		const restored = await restoreBackup(path.join(dir, name!), { dataDir: mkdtempSync(path.join(tmpdir(), 'backup-job-restored-')) })
		expect(restored.records.accounts).toBe(1)
	} finally {
		await jobs.stop()
	}
	// Started again with backups no longer nightly: the schedule the first start left is taken away.
	const again = await startJobQueue({ database, log, settings: TEST_JOB_SETTINGS, handlers: { ...handlers, backup: { run, nightly: false } } })
	await again.stop()
	expect((await schedule()).rows).toEqual([])
})

test('the dashboard warns when nightly backups have missed a day and a half, and never when they are off', () => {
	const now = new Date('2026-07-16T09:00:00Z')
	const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
	expect(backupSummary({ lastGoodAt: hoursAgo(30), nightly: true }, now)).toEqual({ dLastGood: hoursAgo(30).toISOString(), bNightly: true, bOverdue: false })
	expect(backupSummary({ lastGoodAt: hoursAgo(36), nightly: true }, now).bOverdue).toBe(false)
	expect(backupSummary({ lastGoodAt: hoursAgo(37), nightly: true }, now).bOverdue).toBe(true)
	expect(backupSummary({ lastGoodAt: null, nightly: true }, now).bOverdue).toBe(true)
	expect(backupSummary({ lastGoodAt: null, nightly: false }, now)).toEqual({ dLastGood: null, bNightly: false, bOverdue: false })
	expect(backupSummary({ lastGoodAt: hoursAgo(24 * 30), nightly: false }, now).bOverdue).toBe(false)
})
