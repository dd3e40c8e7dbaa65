// Mailings and their deliveries: made in one statement each (so a retried request adds no one
// twice), sent by the job queue at a paced rate, and counted for the office.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ApiEnv } from '../app'
import type { Billing, BranchIdentity } from '../branch-settings'
import type { Database } from '../db/client'
import { mailDeliveries, mailings, type MailingKind } from '../db/schema'
import { ApiError } from '../http'
import type { JobQueue, MailingRun } from '../jobs/queue'
import { laneOf } from './lanes'
import { isPermanentRefusal, type Mailer } from './mailer'
import { renderMail } from './messages'
import type { Pacer } from './pacer'

export type MailDeps = {
	mailer: Mailer
	jobs: Pick<JobQueue, 'sendMailing'>
	pacer: Pacer
	/** The portal's public address, for links in mail. */
	publicUrl: string
	/** Where media files are served from: a newsletter mail links to its PDF there. */
	mediaBaseUrl: string
	/** Signs the links in mail to subscribers (confirm, unsubscribe). */
	signingKey: string
	/** Signs tickets (app/api/tickets/ticket-code.ts): the reminder prints the reader's. */
	ticketSecret: string
	branch: BranchIdentity
	/** The branch's billing identity, for the tax documents a mail carries (a paid fee's invoice, a refund's credit note). */
	billing: Billing
	/** How long before an event its reminder goes out. */
	reminderLeadHours: number
	/** How long a freed seat is held for the person offered it. */
	offerHoldHours: number
}

/** What the documents a mail carries (invoices, credit notes, certificates) need for their verification codes. */
export const documentSettingsOf = (deps: Pick<MailDeps, 'ticketSecret' | 'publicUrl'>) => ({ ticketSecret: deps.ticketSecret, publicUrl: deps.publicUrl })

/** `occurrence` tells apart several mails of one mailing to one address (two registrations on one day). */
export type Recipient = { email: string; name: string; occurrence?: number; details?: Record<string, number | string> }

/** A recipient whose mail fails for a passing reason this often is given up, so one bad mailbox cannot hold the rest. */
const ATTEMPTS_PER_RECIPIENT = 3
/** A job sends for this long, then queues the rest as a new job: a dead worker's job is noticed sooner. */
const MAILING_JOB_BUDGET_MS = 60_000
const INSERT_CHUNK = 1000

/** Left out by tests of other areas; calls that send mail then answer 503. */
export function mailDeps(c: Context<ApiEnv>) {
	const deps = c.get('deps').mail
	if (!deps) throw new ApiError(503, 'Mail is not available on this server.')
	return deps
}

/** The mailing of a subject (made if new) with these recipients added; answers how many were new. */
export async function addToMailing(db: Database, mailing: { kind: MailingKind; subjectId: number; createdBy?: number }, recipients: Recipient[]) {
	return db.transaction(async (tx) => {
		const [created] =
			mailing.kind === 'newsletter-test'
				? await tx.insert(mailings).values(mailing).returning({ id: mailings.id })
				: await tx
						.insert(mailings)
						.values(mailing)
						.onConflictDoNothing({ target: [mailings.kind, mailings.subjectId], where: sql`${mailings.kind} <> 'newsletter-test'` })
						.returning({ id: mailings.id })
		const mailingId =
			created?.id ??
			(await tx.select({ id: mailings.id }).from(mailings).where(and(eq(mailings.kind, mailing.kind), eq(mailings.subjectId, mailing.subjectId))))[0]!.id
		let added = 0
		for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
			const rows = recipients.slice(start, start + INSERT_CHUNK).map((recipient) => ({ mailingId, ...recipient, email: recipient.email.toLowerCase() }))
			added += (await tx.insert(mailDeliveries).values(rows).onConflictDoNothing().returning({ id: mailDeliveries.id })).length
		}
		return { mailingId, added }
	})
}

/** Makes (or adds to) a mailing and queues its sending; the caller never waits on the mail server. */
export async function queueMailing(db: Database, deps: MailDeps, mailing: Parameters<typeof addToMailing>[1], recipients: Recipient[]) {
	const result = await addToMailing(db, mailing, recipients)
	if (result.added > 0) await deps.jobs.sendMailing(result.mailingId, laneOf(mailing.kind))
	return result
}

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
export async function runMailing(db: Database, deps: MailDeps, mailingId: number, stopping?: AbortSignal): Promise<MailingRun> {
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
			await db.update(mailings).set({ lastError: describe(error) }).where(eq(mailings.id, mailingId))
			throw error
		}
		await db
			.update(mailDeliveries)
			.set({ status: 'sent', sentAt: new Date(), attempts: delivery.attempts + 1, lastError: null })
			.where(eq(mailDeliveries.id, delivery.id))
	}
}
