// Mailings sent by the job queue at a paced rate, and counted for the office. Making them is
// add-to-mailing.ts's; what each kind says is the areas' (gathered by app/api/mail-messages.ts,
// at the top floor, and given to runMailing).
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { MailDeps } from '../env'
import { mailDeliveries, mailings, type MailingKind } from '../db/schema'
import type { MailingRun } from '../jobs/queue'
import { laneOf } from '../mail/lanes'
import { isPermanentRefusal, type Mail } from '../mail/mailer'

/** A delivery's mail, made when it is sent; null when its subject is gone (the delivery is skipped). */
export type RenderMail = (
	db: Database,
	deps: MailDeps,
	mailing: typeof mailings.$inferSelect,
	delivery: typeof mailDeliveries.$inferSelect,
) => Promise<Mail | null>

/** A recipient whose mail fails for a passing reason this often is given up, so one bad mailbox cannot hold the rest. */
const ATTEMPTS_PER_RECIPIENT = 3
/** A job sends for this long, then queues the rest as a new job: a dead worker's job is noticed sooner. */
const MAILING_JOB_BUDGET_MS = 60_000

const counts = {
	sent: sql<number>`count(*) filter (where ${mailDeliveries.status} = 'sent')`.mapWith(Number),
	failed: sql<number>`count(*) filter (where ${mailDeliveries.status} = 'failed')`.mapWith(Number),
	left: sql<number>`count(*) filter (where ${mailDeliveries.status} = 'pending')`.mapWith(Number),
	skipped: sql<number>`count(*) filter (where ${mailDeliveries.status} = 'skipped')`.mapWith(Number),
}

/** The newest mailings with their counts, for the office's overview. */
export async function recentMailings(db: Database, limit: number) {
	return db
		.select({ id: mailings.id, kind: mailings.kind, subjectId: mailings.subjectId, createdAt: mailings.createdAt, lastError: mailings.lastError, ...counts })
		.from(mailings)
		.leftJoin(mailDeliveries, eq(mailDeliveries.mailingId, mailings.id))
		.groupBy(mailings.id)
		.orderBy(desc(mailings.id))
		.limit(limit)
}

export async function mailingProgress(db: Database, mailingId: number) {
	const [progress] = await db.select(counts).from(mailDeliveries).where(eq(mailDeliveries.mailingId, mailingId))
	const [mailing] = await db.select({ lastError: mailings.lastError, createdAt: mailings.createdAt }).from(mailings).where(eq(mailings.id, mailingId))
	return { ...progress!, lastError: mailing?.lastError ?? null, createdAt: mailing?.createdAt ?? null }
}

/** Puts the failed recipients back in line (the office's "send again to the failed"). */
export async function requeueFailed(db: Database, deps: MailDeps, mailing: { id: number; kind: MailingKind }) {
	const again = await db
		.update(mailDeliveries)
		.set({ status: 'pending', attempts: 0, lastError: null })
		.where(and(eq(mailDeliveries.mailingId, mailing.id), eq(mailDeliveries.status, 'failed')))
		.returning({ id: mailDeliveries.id })
	await deps.jobs.sendMailing(mailing.id, laneOf(mailing.kind))
	return again.length
}

function describe(error: unknown) {
	const { message, responseCode } = error as { message?: string; responseCode?: number }
	return (responseCode ? `${responseCode} ` : '') + (message ?? String(error)).slice(0, 300)
}

/**
 * The job: sends the mailing's pending deliveries one by one at the paced rate of its lane, until
 * none is left, its time budget is spent or the queue stops (`stopping`). A delivery is
 * marked sent only after the mail server accepted it; one that a server refuses for good is marked
 * failed. A passing fault (server down, hanging, 4xx) stops the job with an error, and the queue
 * tries again later with backoff, from the first delivery still pending.
 */
export async function runMailing(db: Database, deps: MailDeps, renderMail: RenderMail, mailingId: number, stopping?: AbortSignal): Promise<MailingRun> {
	const [mailing] = await db.select().from(mailings).where(eq(mailings.id, mailingId))
	if (!mailing) return 'done'
	const lane = laneOf(mailing.kind)
	const started = Date.now()
	for (;;) {
		if (stopping?.aborted || Date.now() - started > MAILING_JOB_BUDGET_MS) return 'more'
		const [delivery] = await db
			.select()
			.from(mailDeliveries)
			.where(and(eq(mailDeliveries.mailingId, mailingId), eq(mailDeliveries.status, 'pending')))
			.orderBy(asc(mailDeliveries.id))
			.limit(1)
		if (!delivery) {
			if (mailing.lastError) await db.update(mailings).set({ lastError: null }).where(eq(mailings.id, mailingId))
			return 'done'
		}
		const mail = await renderMail(db, deps, mailing, delivery)
		if (!mail) {
			await db.update(mailDeliveries).set({ status: 'skipped' }).where(eq(mailDeliveries.id, delivery.id))
			continue
		}
		await deps.pacer.wait(lane)
		try {
			await deps.mailer.send(mail)
		} catch (error) {
			const attempts = delivery.attempts + 1
			const givenUp = isPermanentRefusal(error) || attempts >= ATTEMPTS_PER_RECIPIENT
			await db
				.update(mailDeliveries)
				.set({ attempts, lastError: describe(error), status: givenUp ? 'failed' : 'pending' })
				.where(eq(mailDeliveries.id, delivery.id))
			if (givenUp) continue
			await db
				.update(mailings)
				.set({ lastError: describe(error) })
				.where(eq(mailings.id, mailingId))
			throw error
		}
		await db
			.update(mailDeliveries)
			.set({ status: 'sent', sentAt: new Date(), attempts: delivery.attempts + 1, lastError: null })
			.where(eq(mailDeliveries.id, delivery.id))
	}
}
