// The one place that wires configuration, database, demo content and the branch API together.
import path from 'node:path'
import { createHmac } from 'node:crypto'
import { accessSync, constants, mkdirSync } from 'node:fs'
import { backupJob, lastGoodBackup, type BackupSource } from '~/api/backups/backup'
import { DEFAULT_JOB_SETTINGS, startJobQueue, type JobQueue } from '~/api/jobs/queue'
import { runTick } from '~/api/jobs/tick'
import { createMailer, type Mailer } from '~/api/mail/mailer'
import type { MailDeps } from '~/api/env'
import { runMailing } from '~/api/mail/mailings'
import { createPacer } from '~/api/mail/pacer'
import { loadPrivateKey } from '~/api/accounts/crypto'
import { PRODUCTION_PASSWORD_COST } from '~/api/accounts/passwords'
import { sharedSignInPool } from '~/api/accounts/sign-in-pool'
import { createApi, type ApiApp } from '~/api/app'
import { watchContentVersion } from '~/api/content-version'
import { openDatabase, type DatabaseHandle } from '~/api/db/client'
import { seedDemoContent } from '~/api/demo/seed'
import { retireSandboxPayments } from '~/api/payments/settle'
import { sweep, SWEEP_INTERVAL_MS } from '~/api/housekeeping'
import { applyStaffSettings, hasActiveAdmin } from '~/api/office/staff/service'
import { createApiClient, httpTransport, IN_PROCESS_API_BASE, type ApiClient } from './api-client'
import { ConfigError, getConfig, type Config } from './config'
import { logger } from './logger'

/** `contentVersion` is the public content's version now, from memory (app/api/content-version.ts). */
export type Runtime = { config: Config; database: DatabaseHandle; api: ApiApp; callApi: ApiClient; contentVersion: () => number }

// Kept on globalThis, not in this module: in development Vite may evaluate this module again,
// and a second PGlite on the same directory in one process would corrupt it.
const processWide = globalThis as typeof globalThis & { __portalRuntime?: Promise<Runtime>; __portalJobs?: JobQueue }

/** Lets running jobs finish (10 s at most) before the process ends. */
export async function stopJobs() {
	await processWide.__portalJobs?.stop()
}

/** Opens and migrates the database and seeds an empty one (for the built-in API), once per process. */
export function getRuntime(): Promise<Runtime> {
	processWide.__portalRuntime ??= createRuntime(getConfig())
	return processWide.__portalRuntime
}

/** The job queue and what mail needs; the workers start with it. Only for the built-in API. */
async function startMail(database: DatabaseHandle, mailer: Mailer, config: Config): Promise<MailDeps> {
	// Declared before the queue exists: its workers use it, and it uses the queue.
	const mail: MailDeps = {
		mailer,
		jobs: { sendMailing: (mailingId, lane) => jobs.sendMailing(mailingId, lane) },
		pacer: createPacer(config.mail.ratePerSecond),
		publicUrl: config.publicUrl.href,
		mediaBaseUrl: config.mediaBaseUrl,
		signingKey: createHmac('sha256', config.sessionSecret).update('mail links').digest('base64url'),
		ticketSecret: config.settings.documents.ticketSecret,
		branch: config.branch,
		billing: config.settings.billing,
		reminderLeadHours: config.mail.reminderLeadHours,
		offerHoldHours: config.mail.offerHoldHours,
	}
	const jobs = await startJobQueue({
		database,
		log: logger,
		settings: { ...DEFAULT_JOB_SETTINGS, ...config.jobs },
		handlers: {
			mailing: (mailingId, stopping) => runMailing(database.db, mail, mailingId, stopping),
			tick: async (now) => logger.debug(await runTick(database.db, mail, now, onlinePayments(config, mail)), 'Minute tick done'),
			backup: { run: backupJob({ source: backupSource(database, config), dataDir: config.dataDir, ...config.backups, log: logger }), nightly: config.backups.nightly },
		},
	})
	processWide.__portalJobs = jobs
	return mail
}

const onlinePayments = ({ settings: { payments, billing } }: Config, mail: MailDeps) => (payments.provider === 'razorpay' && payments.razorpay ? { razorpay: payments.razorpay, billing, log: logger, mail } : undefined)

/** The running portal backs up through its own database handle (PGlite allows no other process), or with pg_dump. */
function backupSource(database: DatabaseHandle, config: Config): BackupSource {
	return database.snapshot ? { kind: 'pglite', snapshot: database.snapshot } : { kind: 'postgres', databaseUrl: config.databaseUrl! }
}

/** Nightly backups that could never be written stop the start, as any bad setting does. */
function checkBackupDir({ dir, nightly }: Config['backups']) {
	if (!nightly) return
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 })
		accessSync(dir, constants.W_OK)
	} catch (error) {
		throw new ConfigError(`Invalid configuration:\n  BACKUP_DIR: ${dir} cannot be written to (${(error as NodeJS.ErrnoException).code})`)
	}
}

async function createRuntime(config: Config): Promise<Runtime> {
	if (!config.apiBaseUrl) checkBackupDir(config.backups)
	const database = await openDatabase(
		config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
	)
	// Demo content is for the built-in API, and only when asked for (never by default in production);
	// a portal fronting an external API shows that API's content.
	if (!config.apiBaseUrl && config.demoContent && (await seedDemoContent(database.db, config.settings.billing))) logger.info('Demo branch content created in an empty database')
	if (!config.apiBaseUrl && config.settings.payments.provider !== 'sandbox') {
		const retired = await retireSandboxPayments(database.db)
		if (retired > 0) logger.warn({ retired }, 'Sandbox payments left pending by the trial were voided: the sandbox takes no money (the audit log lists them)')
	}
	// Under the migrations' lock: instances started together on one PostgreSQL would both insert a new user.
	if (!config.apiBaseUrl && config.officeUsers.length > 0) {
		logger.info(await database.alone(() => applyStaffSettings(database.db, config.officeUsers)), 'Office users from OFFICE_USERS applied')
	}
	if (!config.apiBaseUrl && !(await hasActiveAdmin(database.db))) {
		logger.warn(
			'No office administrator yet. Create the first one with: npm run office -- add <username> "<Full name>" --role admin (or an OFFICE_USERS entry with "role": "admin"), then sign in at /office/login',
		)
	}
	const { privateKeyPem, publicKeyPem } = config.rsa()
	const mailerOptions = {
		smtpUrl: config.smtpUrl,
		outboxDir: path.join(config.dataDir, 'outbox'),
		from: config.mailFrom,
		signature: { name: config.branch.name, address: config.branch.address },
		log: logger,
	}
	// Two connections to the mail server: a one-time password never waits behind queued mail (decision 0040).
	const mail = config.apiBaseUrl ? undefined : await startMail(database, createMailer(mailerOptions), config)
	const accounts = {
		privateKey: loadPrivateKey(privateKeyPem),
		publicKeyPem,
		mailer: createMailer(mailerOptions),
		passwordCost: PRODUCTION_PASSWORD_COST,
		signInPool: sharedSignInPool(),
		branchName: config.branch.name,
	}
	const settings = { ...config.settings, branch: config.branch }
	const backups = async () => ({ lastGoodAt: await lastGoodBackup(config.backups.dir), nightly: config.backups.nightly })
	// A live branch's administrators and accounts staff sign in with two factors (a live start has no demo content); a trial asks it of nobody.
	const requireTwoFactor = config.live
	const api = createApi({ db: database.db, mediaBaseUrl: config.mediaBaseUrl, log: logger, accounts, settings, mail, backups, requireTwoFactor })
	const contentVersion = await watchContentVersion(database.db, database.listen)
	const callApi = config.apiBaseUrl
		? createApiClient(httpTransport(config.apiTimeoutMs), config.apiBaseUrl)
		: createApiClient((request, clientAddress) => api.fetch(request, { clientAddress }), IN_PROCESS_API_BASE, { contentVersion: async () => contentVersion() })
	logger.info({ database: database.kind, dataDir: config.dataDir }, 'Database ready')
	const clearUp = () =>
		sweep(database.db)
			.then((removed) => logger.info({ removed }, 'Housekeeping done'))
			.catch((error: unknown) => logger.error({ err: error }, 'Housekeeping failed'))
	setInterval(clearUp, SWEEP_INTERVAL_MS).unref()
	void clearUp()
	// `kill -USR2 <pid>` asks for a backup now (npm run backup cannot open PGlite while the portal runs).
	process.on('SIGUSR2', () => {
		if (!processWide.__portalJobs) return logger.warn('This portal fronts an external API (API_BASE_URL): its data, and so its backups, are that API’s.')
		logger.info({ dir: config.backups.dir }, 'Backup asked for (SIGUSR2)')
		processWide.__portalJobs.backupNow().catch((error: unknown) => logger.error({ err: error }, 'Backup could not be queued'))
	})
	return { config, database, api, callApi, contentVersion }
}
