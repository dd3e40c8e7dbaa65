// Background jobs on the portal's own database with pg-boss (decision 0030): mailings are sent by
// a worker, never by the request that asked for them, and a minute's tick finds due reminders and
// expired waiting-list offers. Jobs are rows in the database, so they survive restarts and
// `kill -9`; with several instances on one PostgreSQL each job is fetched by one of them.
import PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import type { DatabaseHandle } from '../db/client'

export type JobQueue = {
	/** Queues sending what is left of a mailing; a mailing already queued is not queued twice. */
	sendMailing: (mailingId: number) => Promise<void>
	stop: () => Promise<void>
}

/** 'more': the job stopped at its time budget with mail left, and is queued again. */
export type MailingRun = 'done' | 'more'
export type JobHandlers = { mailing: (mailingId: number) => Promise<MailingRun>; tick: (now: Date) => Promise<void> }

export type JobSettings = {
	/** Attempts after the first, each waiting longer (backoff from retryDelaySeconds). */
	retryLimit: number
	retryDelaySeconds: number
	/** How often an idle worker looks for work. */
	pollingSeconds: number
	/** How often pg-boss looks for jobs whose worker died; a job is given up as dead after expireSeconds. */
	maintenanceSeconds: number
	expireSeconds: number
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { retryLimit: 6, retryDelaySeconds: 30, pollingSeconds: 2, maintenanceSeconds: 60, expireSeconds: 300 }

const MAILING = 'mailing'
const TICK = 'tick'
const SCHEMA = 'jobs'

export async function startJobQueue({ database, log, handlers, settings = DEFAULT_JOB_SETTINGS }: { database: DatabaseHandle; log: Logger; handlers: JobHandlers; settings?: JobSettings }): Promise<JobQueue> {
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
		await boss.createQueue(MAILING, { name: MAILING, policy: 'stately', ...retry })
		await boss.createQueue(TICK, { name: TICK, policy: 'short', retryLimit: 0, expireInSeconds: settings.expireSeconds })
		await boss.schedule(TICK, '* * * * *')
	})
	if (database.kind === 'pglite') await retryJobsOfDeadProcess(boss, database)

	const sendMailing = async (mailingId: number) => {
		await boss.send(MAILING, { mailingId }, { singletonKey: String(mailingId) })
	}
	const work = { pollingIntervalSeconds: settings.pollingSeconds, batchSize: 1 }
	await boss.work<{ mailingId: number }>(MAILING, work, async ([job]) => {
		if ((await handlers.mailing(job!.data.mailingId)) === 'more') await sendMailing(job!.data.mailingId)
	})
	await boss.work(TICK, work, async () => handlers.tick(new Date()))
	return { sendMailing, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) }
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
