// The mail that tells a payer their fee was refunded: the amount, how the money went back, what
// became of the event's CPE hours, with the credit note attached. One mailing per credit note, so
// queueing it again (a retried request) or rerunning its job never sends a second one.
import { eq } from 'drizzle-orm'
import { USER_TYPES } from '~/contract/constants'
import { refundMeans } from '~/contract/vocabulary'
import { formatRupees } from '~/contract/payments'
import { creditNoteFileName } from '~/contract/receipts'
import type { Database } from '../db/client'
import { creditNotes, type mailDeliveries } from '../db/schema'
import { findPaymentForDocuments } from '../receipts/service'
import { formatIndiaDate } from '../receipts/receipt-pdf'
import { creditNoteDocument } from '../receipts/service'
import type { Mail } from '../mail/mailer'
import { documentSettingsOf, queueMailing } from '../mailings/add-to-mailing'
import type { MailDeps } from '../env'

const documentsOfCreditNote = async (db: Database, creditNoteId: number) => {
	const [owner] = await db.select({ paymentId: creditNotes.paymentId }).from(creditNotes).where(eq(creditNotes.id, creditNoteId))
	return owner && findPaymentForDocuments(db, owner.paymentId)
}

/** Queues the refund mail of a credit note to its payer; a second call adds no one. Nothing without mail (tests of other areas). */
export async function queueRefundMail(db: Database, deps: MailDeps | undefined, creditNoteId: number, createdBy?: number) {
	const row = deps && (await documentsOfCreditNote(db, creditNoteId))
	if (!deps || !row) return
	await queueMailing(db, deps, { kind: 'refund', subjectId: creditNoteId, createdBy }, [{ email: row.account.email, name: row.account.fullName }])
}

/** The refund mail of a credit note, as the database has it when sent; null when the note is gone. */
export async function refundMail(db: Database, deps: MailDeps, creditNoteId: number, delivery: typeof mailDeliveries.$inferSelect): Promise<Mail | null> {
	const row = await documentsOfCreditNote(db, creditNoteId)
	if (!row?.creditNote || !row.payment.invoiceNumber) return null
	const note = row.creditNote
	const member = row.account.userType === USER_TYPES.member
	const link = (path: string) => new URL(path, deps.publicUrl).href
	const hours = note.cpeHours === null ? null : `${note.cpeHours} CPE ${note.cpeHours === 1 ? 'hour' : 'hours'}`
	const cpe =
		hours === null
			? null
			: note.cpeChoice === 'kept'
				? `You keep the ${hours} credited for attending this event: they stay on your CPE record.`
				: `The ${hours} credited for this event have been withdrawn from your CPE record.`
	const pdf = await creditNoteDocument(db, { ...row, creditNote: note }, row.account, {
		billing: deps.billing,
		branch: deps.branch,
		documents: documentSettingsOf(deps),
	})
	return {
		to: delivery.email,
		recipientName: delivery.name,
		subject: `Refund of ${formatRupees(note.totalPaise)} for ${row.eventTitle}: credit note ${note.number}`,
		text: [
			`Your fee of ${formatRupees(note.totalPaise)} for ${row.eventTitle} (${formatIndiaDate(row.eventStartsAt)}) has been refunded on ${formatIndiaDate(note.issuedAt)}, and your registration is cancelled.`,
			[note.refundMode ? `Refunded by: ${refundMeans(note.refundMode, note.refundReference)}` : null, `Reason: ${note.reason}`].filter(Boolean).join('\n'),
			cpe ? `${cpe}${member ? ` Your CPE record: ${link('/member/cpe')}` : ''}` : null,
			`Credit note ${note.number}, against tax invoice ${row.payment.invoiceNumber}, is attached.${member ? ` Your payments: ${link('/member/payments')}` : ''}`,
			`If anything here is not as you expected, write to ${deps.branch.email}.`,
		]
			.filter(Boolean)
			.join('\n\n'),
		attachments: [{ filename: creditNoteFileName(note.number), content: Buffer.from(pdf), contentType: 'application/pdf' }],
	}
}
