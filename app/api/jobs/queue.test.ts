// Two portals on one PostgreSQL share the job queue: a mailing is sent by one of them, each
// recipient exactly once. (PostgreSQL only: PGlite is one process's database.)
import pino from 'pino'
import { expect, test } from 'vitest'
import { createPostgresDatabase } from '#tests/setup/database'
import { TEST_SETTINGS, TEST_JOB_SETTINGS, testMailDeps } from '#tests/setup/accounts'
import { startSmtpSink } from '../../../scripts/smtp-sink.mjs'
import { openDatabase } from '../db/client'
import { newsletterSubscriptions } from '../db/schema'
import { createMailer } from '../mail/mailer'
import { mailingProgress, runMailing } from '../mailings/mailings'
import { renderMail } from '../mail-messages'
import { addToMailing } from '../mailings/add-to-mailing'
import { welcomeMailingDay } from '../newsletters/welcome'
import { startJobQueue, type JobQueue } from './queue'
import type { MailDeps } from '../env'

test.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL send a mailing once between them', { timeout: 60_000 }, async () => {
	const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
	const sink = await startSmtpSink()
	const log = pino({ level: 'silent' })
	const instances: { close: () => Promise<void>; jobs: JobQueue; deps: MailDeps; db: Awaited<ReturnType<typeof openDatabase>> }[] = []
	try {
		for (let n = 0; n < 2; n++) {
			const database = await openDatabase({ databaseUrl: url })
			const queue: { current?: JobQueue } = {}
			const deps = testMailDeps(
				createMailer({ smtpUrl: sink.url, outboxDir: '/nonexistent', from: 'Test <no-reply@test.example>', signature: TEST_SETTINGS.branch, log }),
				queue,
				200,
			)
			const jobs = await startJobQueue({
				database,
				log,
				settings: TEST_JOB_SETTINGS,
				handlers: { mailing: (id, stopping) => runMailing(database.db, deps, renderMail, id, stopping), tick: async () => {} },
			})
			queue.current = jobs
			instances.push({ db: database, jobs, deps, close: async () => (await jobs.stop(), await database.close()) })
		}
		const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]]
		const readers = Array.from({ length: 30 }, (_, n) => ({ email: `shared${n}@test.example`, fullName: `Reader ${n}`, membershipNumber: '100000' }))
		const rows = await first.db.db.insert(newsletterSubscriptions).values(readers).returning()
		// Each instance is asked to send the same welcome mailing, as two requests might.
		const recipients = rows.map((row) => ({ email: row.email, name: row.fullName, details: { subscriptionId: row.id } }))
		const { mailingId } = await addToMailing(first.db.db, { kind: 'welcome', subjectId: welcomeMailingDay(new Date()) }, recipients)
		await Promise.all([first.jobs.sendMailing(mailingId, 'bulk'), second.jobs.sendMailing(mailingId, 'bulk')])
		await expect.poll(async () => (await mailingProgress(second.db.db, mailingId)).left, { timeout: 30_000 }).toBe(0)
		for (const reader of readers) expect(sink.for(reader.email), reader.email).toHaveLength(1)
		expect(sink.messages).toHaveLength(readers.length)
	} finally {
		for (const instance of instances) await instance.close()
		await sink.close()
		await drop()
	}
})
