// Background jobs on the portal's own database with pg-boss (decision 0030): mailings are sent by
// workers, never by the request that asked for them, and a minute's tick finds due reminders and
// expired waiting-list offers; backups are taken nightly or when asked for (decision 0046). Jobs are rows in the database, so they survive restarts and
// `kill -9`; with several instances on one PostgreSQL each job is fetched by one of them. Mail
// goes in lanes (app/api/mail/lanes.ts, decision 0040), each its own queue with its own workers.
import PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import type { DatabaseHandle } from '../db/client'
import type { MailLane } from '../mail/lanes'
import { INDIA_TIME_ZONE } from '~/utils/kolkata-date'

export type JobQueue = {
	/** Queues sending what is left of a mailing in its lane; a mailing already waiting is not queued twice. */
	sendMailing: (mailingId: number, lane: MailLane) => Promise<void>
	/** Queues a backup now (one waits at most, beside one running); a no-op without a backup handler. */
	backupNow: () => Promise<void>
	stop: () => Promise<void>
}

/** 'more': the job stopped (its time budget, or the queue stopping) with mail left, and is queued again. */
export type MailingRun = 'done' | 'more'
/** `stopping` is aborted when the queue stops: a mailing ends at its next mail and leaves the rest queued. */
export type JobHandlers = {
	mailing: (mailingId: number, stopping: AbortSignal) => Promise<MailingRun>
	tick: (now: Date) => Promise<void>
	/** Backups (decision 0046): `nightly` schedules one each night; without it they are taken only when asked. */
	backup?: { run: () => Promise<void>; nightly: boolean }
}

export type JobSettings = {
	/** Attempts after the first, each waiting longer (backoff from retryDelaySeconds). */
	retryLimit: number
	retryDelaySeconds: number
	/** How often an idle worker looks for work. */
	pollingSeconds: number
	/** How often pg-boss looks for jobs whose worker died; a job is given up as dead after expireSeconds. */
	maintenanceSeconds: number
	expireSeconds: number
	/** How often the minute's work runs: every minute on the clock (60), or oftener for trials and tests. */
	tickSeconds?: number
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { retryLimit: 6, retryDelaySeconds: 30, pollingSeconds: 2, maintenanceSeconds: 60, expireSeconds: 300 }

/**
 * Several bulk mailings go side by side (an issue, the day's welcome mails, an announcement), and
 * the urgent lane's workers are never busy with bulk mail.
 */
const LANES: Record<MailLane, { queue: string; workers: number }> = {
	// The one queue's name from before lanes: jobs an older version queued are sent as bulk.
	bulk: { queue: 'mailing', workers: 3 },
	urgent: { queue: 'mail-urgent', workers: 2 },
}
const TICK = 'tick'
const BACKUP = 'backup'
/** 02:30 in India, when the branch's site is quietest. */
const NIGHTLY = '30 2 * * *'
const oftenerTick = (settings: JobSettings) => settings.tickSeconds !== undefined && settings.tickSeconds < 60
const SCHEMA = 'jobs'

export async function startJobQueue({
	database,
	log,
	handlers,
	settings = DEFAULT_JOB_SETTINGS,
}: {
	database: DatabaseHandle
	log: Logger
	handlers: JobHandlers
	settings?: JobSettings
}): Promise<JobQueue> {
	const boss = new PgBoss({
		...database.queueConnection,
		...('connectionString' in database.queueConnection ? { max: 3 } : {}),
		schema: SCHEMA,
		maintenanceIntervalSeconds: settings.maintenanceSeconds,
		monitorStateIntervalSeconds: settings.maintenanceSeconds,
	})
	boss.on('error', (error) => log.error({ err: error }, 'Job queue error'))
	const retry = { retryLimit: settings.retryLimit, retryDelay: settings.retryDelaySeconds, retryBackoff: true, expireInSeconds: settings.expireSeconds }
	// Instances starting together would deadlock creating the same queues.
	await database.alone(async () => {
		await boss.start()
		// stately: one waiting and one running job per mailing, so two workers never send the same mailing.
		for (const { queue } of Object.values(LANES)) await boss.createQueue(queue, { name: queue, policy: 'stately', ...retry })
		await boss.createQueue(TICK, { name: TICK, policy: 'short', retryLimit: 0, expireInSeconds: settings.expireSeconds })
		if (oftenerTick(settings)) await boss.unschedule(TICK)
		else await boss.schedule(TICK, '* * * * *')
		if (handlers.backup) {
			// Tried twice more, ten minutes apart (a full disk may be cleared); a large database may take a while.
			await boss.createQueue(BACKUP, { name: BACKUP, policy: 'stately', retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 })
		}
		// A schedule is kept in the database: one an earlier start made goes when backups are no longer nightly.
		if (handlers.backup?.nightly) await boss.schedule(BACKUP, NIGHTLY, {}, { tz: INDIA_TIME_ZONE })
		else await boss.unschedule(BACKUP)
	})
	if (database.kind === 'pglite') await retryJobsOfDeadProcess(boss, database)

	const stopping = new AbortController()
	const work = { pollingIntervalSeconds: settings.pollingSeconds, batchSize: 1 }
	const workers: Record<MailLane, string[]> = { bulk: [], urgent: [] }
	const sendMailing = async (mailingId: number, lane: MailLane) => {
		await boss.send(LANES[lane].queue, { mailingId }, { singletonKey: String(mailingId) })
		// This instance's idle workers of the lane look at once, not at their next poll.
		for (const id of workers[lane]) boss.notifyWorker(id)
	}
	const sendingJob =
		(lane: MailLane) =>
		async ([job]: PgBoss.Job<{ mailingId: number }>[]) => {
			if ((await handlers.mailing(job!.data.mailingId, stopping.signal)) === 'more') await sendMailing(job!.data.mailingId, lane)
		}
	for (const lane of Object.keys(LANES) as MailLane[]) {
		for (let n = 0; n < LANES[lane].workers; n++) workers[lane].push(await boss.work(LANES[lane].queue, work, sendingJob(lane)))
	}
	await boss.work(TICK, work, async () => handlers.tick(new Date()))
	// pg-boss schedules by the minute; oftener is this instance's own timer, which ends with it.
	const ticking = oftenerTick(settings)
		? setInterval(() => void boss.send(TICK, {}).catch((error: unknown) => log.error({ err: error }, 'Tick not queued')), settings.tickSeconds! * 1000)
		: undefined
	const backupWorker = handlers.backup && (await boss.work(BACKUP, work, () => handlers.backup!.run()))
	const backupNow = async () => {
		if (!backupWorker) return
		await boss.send(BACKUP, {})
		boss.notifyWorker(backupWorker)
	}
	const stop = async () => {
		clearInterval(ticking)
		stopping.abort()
		await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
	}
	return { sendMailing, backupNow, stop }
}

/**
 * PGlite belongs to this one process (its directory is locked), so a job still marked active at
 * start was left by a process that died: it is failed now, to be retried at once, instead of
 * after its expiry.
 */
async function retryJobsOfDeadProcess(boss: PgBoss, database: DatabaseHandle) {
	if (!('db' in database.queueConnection)) return
	const { rows } = await database.queueConnection.db.executeSql(`select id, name from ${SCHEMA}.job where state = 'active'`, [])
	for (const { id, name } of rows as { id: string; name: string }[]) await boss.fail(name, id, { message: 'The process running the job stopped.' })
}
