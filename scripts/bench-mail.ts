// The mail half of `npm run bench`: one newsletter issue sent to 10,000 subscribers through the
// real job queue (pg-boss on embedded PGlite in a scratch directory) to a real SMTP sink on
// loopback. Prints one JSON line: how long the sending took and this process's peak memory.
// Run by scripts/bench-mail.mjs through Vite's loader, like the office CLI.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { openDatabase } from '~/api/db/client'
import { newsletterIssues, newsletterSubscriptions } from '~/api/db/schema'
import { DEFAULT_JOB_SETTINGS, startJobQueue, type JobQueue } from '~/api/jobs/queue'
import { createMailer } from '~/api/mail/mailer'
import { mailingProgress, runMailing } from '~/api/mailings/mailings'
import { renderMail } from '~/api/mail-messages'
import { queueMailing } from '~/api/mailings/add-to-mailing'
import { createPacer } from '~/api/mail/pacer'
import { startSmtpSink } from './smtp-sink.mjs'
import type { MailDeps } from '~/api/env'

export async function benchBulkSend({ subscribers, ratePerSecond }: { subscribers: number; ratePerSecond: number }) {
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-mail-'))
	const database = await openDatabase({ pgliteDir: dir })
	const sink = await startSmtpSink()
	const log = pino({ level: 'silent' })
	let jobs: JobQueue | undefined
	const branch = { name: 'Bench Branch', institute: 'Bench Institute', address: '1 Bench Road, Pune', phone: '+91 20 0000 0000', email: 'office@bench.example' }
	const mail: MailDeps = {
		mailer: createMailer({ smtpUrl: sink.url, outboxDir: dir, from: 'Bench <no-reply@bench.example>', signature: branch, log }),
		jobs: { sendMailing: (mailingId, lane) => jobs!.sendMailing(mailingId, lane) },
		pacer: createPacer(ratePerSecond),
		publicUrl: 'https://portal.bench.example/',
		mediaBaseUrl: 'https://portal.bench.example/media/',
		signingKey: 'bench-only-mail-link-signing-key-0123456789',
		ticketSecret: 'bench-only-ticket-secret-0123456789',
		branch,
		billing: { gstin: '27AAATS4821K1ZB', stateCode: 'MH', sacCode: '999293', gstRateBasisPoints: 1800, invoicePrefix: 'BEN' },
		reminderLeadHours: 24,
		offerHoldHours: 24,
	}
	try {
		const cover = { sPath: 'covers/bench.webp', nWidth: 600, nHeight: 800, sAlt: 'Cover', aVariants: [] }
		const [issue] = await database.db
			.insert(newsletterIssues)
			.values({
				title: 'The bench issue',
				issueMonth: '2026-11-01',
				summary: 'Ten thousand copies.',
				contents: ['One', 'Two'],
				cover,
				pdfPath: 'newsletters/bench.pdf',
				pdfBytes: 1,
				pageCount: 1,
			})
			.returning()
		for (let start = 0; start < subscribers; start += 1000) {
			const rows = Array.from({ length: Math.min(1000, subscribers - start) }, (_, n) => ({
				email: `reader${start + n}@bench.example`,
				fullName: `Reader ${start + n}`,
				membershipNumber: '100000',
				confirmedAt: new Date(),
			}))
			await database.db.insert(newsletterSubscriptions).values(rows)
		}
		const recipients = (await database.db.select().from(newsletterSubscriptions)).map((s) => ({
			email: s.email,
			name: s.fullName,
			details: { subscriptionId: s.id },
		}))
		let peakRss = process.memoryUsage().rss
		const baselineRss = peakRss
		const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
		const started = performance.now()
		jobs = await startJobQueue({
			database,
			log,
			settings: { ...DEFAULT_JOB_SETTINGS, pollingSeconds: 0.5 },
			handlers: { mailing: (id, stopping) => runMailing(database.db, mail, renderMail, id, stopping), tick: async () => {} },
		})
		const { mailingId } = await queueMailing(database.db, mail, { kind: 'newsletter', subjectId: issue!.id }, recipients)
		for (;;) {
			const progress = await mailingProgress(database.db, mailingId)
			if (progress.left === 0) break
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		const seconds = (performance.now() - started) / 1000
		clearInterval(sampler)
		const progress = await mailingProgress(database.db, mailingId)
		return {
			subscribers,
			ratePerSecond,
			seconds,
			perSecond: progress.sent / seconds,
			sent: progress.sent,
			failed: progress.failed,
			received: sink.messages.length,
			baselineRssMb: baselineRss / 2 ** 20,
			peakRssMb: peakRss / 2 ** 20,
		}
	} finally {
		await jobs?.stop()
		await sink.close()
		await database.close()
		rmSync(dir, { recursive: true, force: true })
	}
}
