// The API's composition root: opens and migrates the database, seeds demo content when asked,
// applies OFFICE_USERS, starts the job queue with its mailing, minute and backup workers, the
// mailers, the sign-in pool and housekeeping, and mounts the API on them. The portal calls
// startApi once per process (app/.server/runtime.ts) and reaches nothing behind what it returns.
import { createHmac } from 'node:crypto'
import path from 'node:path'
import type { Logger } from 'pino'
import { createApi, type ApiApp } from './app'
import { backupJob, lastGoodBackup, type BackupSource } from './backups/backup'
import type { BranchIdentity, BranchSettings } from './branch-settings'
import { watchContentVersion } from './content-version'
import { loadPrivateKey } from './crypto/crypto'
import { PRODUCTION_PASSWORD_COST } from './crypto/passwords'
import { sharedSignInPool } from './crypto/sign-in-pool'
import { isDatabaseReachable, openDatabase, type DatabaseHandle } from './db/client'
import { seedDemoContent } from './demo/seed'
import { retireSandboxPayments } from './payments/settle'
import type { MailDeps } from './env'
import { sweep, SWEEP_INTERVAL_MS } from './housekeeping'
import { DEFAULT_JOB_SETTINGS, startJobQueue, type JobQueue, type JobSettings } from './jobs/queue'
import { createMailer, type Mailer } from './mail/mailer'
import { createPacer } from './mail/pacer'
import { renderMail } from './mail-messages'
import { runMailing } from './mailings/mailings'
import { readMediaFile } from './media/service'
import { applyStaffSettings, hasActiveAdmin } from './office/staff/service'
import type { StaffUserSetting } from './shared/office-users'
import { runTick } from './tick'

/** What the API is started with: the portal's configuration (app/.server/config.ts) has it all. */
export type ApiConfig = {
	/**
	 * False when the portal fronts another instance's API (API_BASE_URL): its database then holds
	 * only the portal's sessions, so nothing is seeded, no office user applied, no mail sent and no job run.
	 */
	ownsData: boolean
	live: boolean
	demoContent: boolean
	dataDir: string
	databaseUrl?: string
	publicUrl: URL
	mediaBaseUrl: string
	sessionSecret: string
	rsa: () => { privateKeyPem: string; publicKeyPem: string }
	smtpUrl?: string
	mailFrom: string
	mail: { ratePerSecond: number; reminderLeadHours: number; offerHoldHours: number }
	jobs: Partial<JobSettings>
	backups: { dir: string; nightly: boolean; keepDays: number }
	officeUsers: StaffUserSetting[]
	branch: BranchIdentity
	settings: Omit<BranchSettings, 'branch'>
}

export type StartedApi = {
	app: ApiApp
	database: DatabaseHandle
	/** Absent when the API does not own its data (ApiConfig.ownsData). */
	jobs?: JobQueue
	/** The public content's version now, from memory (content-version.ts). */
	contentVersion: () => number
	/** A stored media file by its path under /media/, for the portal to serve. */
	readMedia: (mediaPath: string) => ReturnType<typeof readMediaFile>
	/** Whether the database answers, for the health check. */
	health: () => Promise<boolean>
	/** Lets running jobs finish and stops the sign-in threads, then closes the database. */
	close: () => Promise<void>
}

export async function startApi(config: ApiConfig, log: Logger): Promise<StartedApi> {
	const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') })
	// Demo content is for the built-in API, and only when asked for (never by default in production);
	// a portal fronting an external API shows that API's content.
	if (config.ownsData && config.demoContent && (await seedDemoContent(database.db, config.settings.billing)))
		log.info('Demo branch content created in an empty database')
	if (config.ownsData && config.settings.payments.provider !== 'sandbox') {
		const retired = await retireSandboxPayments(database.db)
		if (retired > 0) log.warn({ retired }, 'Sandbox payments left pending by the trial were voided: the sandbox takes no money (the audit log lists them)')
	}
	// Under the migrations' lock: instances started together on one PostgreSQL would both insert a new user.
	if (config.ownsData && config.officeUsers.length > 0) {
		log.info(await database.alone(() => applyStaffSettings(database.db, config.officeUsers)), 'Office users from OFFICE_USERS applied')
	}
	if (config.ownsData && !(await hasActiveAdmin(database.db))) {
		log.warn(
			'No office administrator yet. Create the first one with: npm run office -- add <username> "<Full name>" --role admin (or an OFFICE_USERS entry with "role": "admin"), then sign in at /office/login',
		)
	}
	const { privateKeyPem, publicKeyPem } = config.rsa()
	const mailerOptions = {
		smtpUrl: config.smtpUrl,
		outboxDir: path.join(config.dataDir, 'outbox'),
		from: config.mailFrom,
		signature: { name: config.branch.name, address: config.branch.address },
		log,
	}
	// Two connections to the mail server: a one-time password never waits behind queued mail (decision 0040).
	const started = config.ownsData ? await startMail(database, createMailer(mailerOptions), config, log) : undefined
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
	const app = createApi({ db: database.db, mediaBaseUrl: config.mediaBaseUrl, log, accounts, settings, mail: started?.mail, backups, requireTwoFactor })
	const contentVersion = await watchContentVersion(database.db, database.listen)
	const clearUp = () =>
		sweep(database.db)
			.then((removed) => log.info({ removed }, 'Housekeeping done'))
			.catch((error: unknown) => log.error({ err: error }, 'Housekeeping failed'))
	setInterval(clearUp, SWEEP_INTERVAL_MS).unref()
	void clearUp()
	return {
		app,
		database,
		jobs: started?.jobs,
		contentVersion,
		readMedia: (mediaPath) => readMediaFile(database.db, mediaPath),
		health: () => isDatabaseReachable(database.db),
		close: () =>
			Promise.all([started?.jobs.stop(), sharedSignInPool().close()])
				.then(() => {})
				.finally(() => database.close()),
	}
}

/** The job queue and what mail needs; the workers start with it. Only for an API that owns its data. */
async function startMail(database: DatabaseHandle, mailer: Mailer, config: ApiConfig, log: Logger) {
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
		log,
		settings: { ...DEFAULT_JOB_SETTINGS, ...config.jobs },
		handlers: {
			mailing: (mailingId, stopping) => runMailing(database.db, mail, renderMail, mailingId, stopping),
			tick: async (now) => log.debug(await runTick(database.db, mail, now, onlinePayments(config, mail, log)), 'Minute tick done'),
			backup: { run: backupJob({ source: backupSource(database, config), dataDir: config.dataDir, ...config.backups, log }), nightly: config.backups.nightly },
		},
	})
	return { mail, jobs }
}

const onlinePayments = ({ settings: { payments, billing } }: ApiConfig, mail: MailDeps, log: Logger) =>
	payments.provider === 'razorpay' && payments.razorpay ? { razorpay: payments.razorpay, billing, log, mail } : undefined

/** The running portal backs up through its own database handle (PGlite allows no other process), or with pg_dump. */
function backupSource(database: DatabaseHandle, config: ApiConfig): BackupSource {
	return database.snapshot ? { kind: 'pglite', snapshot: database.snapshot } : { kind: 'postgres', databaseUrl: config.databaseUrl! }
}
