// Mailings and their deliveries: made in one statement each (so a retried request adds no one
// twice) and handed to the job queue, which sends them (mailings.ts). The mails' renderers queue
// through this module, so it must not reach them.
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { mailDeliveries, mailings, type MailingKind } from '../db/schema'
import type { MailDeps } from '../env'
import { laneOf } from '../mail/lanes'

/** What the documents a mail carries (invoices, credit notes, certificates) need for their verification codes. */
export const documentSettingsOf = (deps: Pick<MailDeps, 'ticketSecret' | 'publicUrl'>) => ({ ticketSecret: deps.ticketSecret, publicUrl: deps.publicUrl })

/** `occurrence` tells apart several mails of one mailing to one address (two registrations on one day). */
export type Recipient = { email: string; name: string; occurrence?: number; details?: Record<string, number | string> }

const INSERT_CHUNK = 1000

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
			(
				await tx
					.select({ id: mailings.id })
					.from(mailings)
					.where(and(eq(mailings.kind, mailing.kind), eq(mailings.subjectId, mailing.subjectId)))
			)[0]!.id
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
