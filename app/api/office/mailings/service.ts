// The office's mailings: a newsletter issue's mailing (its test, its sending and its progress) and
// the overview of all mail the portal sent, each described in words.
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm'
import { MAILING_MESSAGES, MAILINGS_LISTED, type NewsletterMailing } from '~/contract/mailings'
import { formatDay } from '~/utils/kolkata-date'
import type { Database } from '../../db/client'
import {
	announcements,
	creditNotes,
	documentCodes,
	eventNotices,
	eventRegistrations,
	events,
	mailings,
	newsletterIssues,
	newsletterSubscriptions,
	staffUsers,
	waitingListEntries,
	type MailingKind,
} from '../../db/schema'
import { ApiError } from '../../http'
import { recentMailings, mailingProgress } from '../../mailings/mailings'
import { queueMailing } from '../../mailings/add-to-mailing'
import { dayOfWelcomeMailing } from '../../newsletters/welcome'
import { recordAudit } from '../../shared/audit'
import type { MailDeps } from '../../env'

type Issue = typeof newsletterIssues.$inferSelect
type Staff = { id: number; username: string; fullName: string }

export async function findIssue(db: Database, issueId: number) {
	const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId))
	if (!issue) throw new ApiError(404, MAILING_MESSAGES.notFound)
	return issue
}

/** Only confirmed addresses get issues (double opt-in). */
const confirmed = isNotNull(newsletterSubscriptions.confirmedAt)

export async function newsletterMailing(db: Database, issueId: number, staffId: number): Promise<NewsletterMailing> {
	const [[subscribers], [mailing], [staff]] = await Promise.all([
		db.select({ n: count() }).from(newsletterSubscriptions).where(confirmed),
		db
			.select({ id: mailings.id })
			.from(mailings)
			.where(and(eq(mailings.kind, 'newsletter'), eq(mailings.subjectId, issueId))),
		db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, staffId)),
	])
	const progress = mailing ? await mailingProgress(db, mailing.id) : null
	return {
		nSubscribers: subscribers!.n,
		oProgress: progress && {
			nSent: progress.sent,
			nFailed: progress.failed,
			nLeft: progress.left,
			nSkipped: progress.skipped,
			sLastError: progress.lastError,
			dCreatedAt: progress.createdAt?.toISOString() ?? null,
		},
		sTestEmail: staff?.email ?? null,
	}
}

/** What each mailing was about, in words: titles looked up by kind, a few queries for the whole page. */
async function subjectsOf(db: Database, rows: { kind: MailingKind; subjectId: number }[]) {
	const ids = (...kinds: MailingKind[]) => [...new Set(rows.filter((row) => kinds.includes(row.kind)).map((row) => row.subjectId)), 0]
	const [issues, notices, reminded, offers, notes, eventNoticeRows, corrected] = await Promise.all([
		db
			.select({ id: newsletterIssues.id, title: newsletterIssues.title })
			.from(newsletterIssues)
			.where(inArray(newsletterIssues.id, ids('newsletter', 'newsletter-test'))),
		db
			.select({ id: announcements.id, title: announcements.title })
			.from(announcements)
			.where(inArray(announcements.id, ids('announcement'))),
		db
			.select({ id: events.id, title: events.title })
			.from(events)
			.where(inArray(events.id, ids('reminder', 'certificates'))),
		db
			.select({ id: waitingListEntries.id, title: events.title })
			.from(waitingListEntries)
			.innerJoin(events, eq(events.id, waitingListEntries.eventId))
			.where(inArray(waitingListEntries.id, ids('waiting-list-offer'))),
		db
			.select({ id: creditNotes.id, title: creditNotes.number })
			.from(creditNotes)
			.where(inArray(creditNotes.id, ids('refund'))),
		db
			.select({ id: eventNotices.id, kind: eventNotices.kind, subject: eventNotices.subject, title: events.title })
			.from(eventNotices)
			.innerJoin(events, eq(events.id, eventNotices.eventId))
			.where(inArray(eventNotices.id, ids('event-changed', 'event-message'))),
		db
			.select({ id: documentCodes.id, title: events.title })
			.from(documentCodes)
			.innerJoin(eventRegistrations, eq(eventRegistrations.id, documentCodes.subjectId))
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			.where(inArray(documentCodes.id, ids('certificate-correction'))),
	])
	const titles = (list: { id: number; title: string }[]) => new Map(list.map((row) => [row.id, row.title]))
	const days = (kind: MailingKind) =>
		new Map(rows.filter((row) => row.kind === kind).map((row) => [row.subjectId, formatDay(dayOfWelcomeMailing(row.subjectId))]))
	const noticeSubjects = new Map(
		eventNoticeRows.map((row) => [
			row.id,
			row.kind === 'message' ? `“${row.subject}” to the people of ${row.title}` : `${row.title} ${row.kind === 'moved' ? 'moved' : 'cancelled'}`,
		]),
	)
	const byKind: Record<MailingKind, Map<number, string>> = {
		newsletter: titles(issues),
		'newsletter-test': titles(issues),
		announcement: titles(notices),
		reminder: titles(reminded),
		'waiting-list-offer': titles(offers),
		refund: titles(notes),
		welcome: days('welcome'),
		'registration-received': days('registration-received'),
		'payment-confirmed': days('payment-confirmed'),
		'event-changed': noticeSubjects,
		'event-message': noticeSubjects,
		certificates: titles(reminded),
		'certificate-correction': titles(corrected),
	}
	const described: Record<MailingKind, (title: string) => string> = {
		newsletter: (title) => `Newsletter: ${title}`,
		'newsletter-test': (title) => `Test of the newsletter: ${title}`,
		announcement: (title) => `Announcement: ${title}`,
		reminder: (title) => `Reminder of ${title}`,
		'waiting-list-offer': (title) => `Seat offered from the waiting list of ${title}`,
		refund: (number) => `Refund, with credit note ${number}`,
		certificates: (title) => `Certificates of attendance of ${title}`,
		'certificate-correction': (title) => `Corrected certificate of ${title}`,
		welcome: (day) => `Welcome mails of ${day}, asking to confirm`,
		'registration-received': (day) => `Registrations received on ${day}`,
		'payment-confirmed': (day) => `Payments received on ${day}, with their tax invoices`,
		'event-changed': (what) => `Event notice: ${what}`,
		'event-message': (what) => `Message: ${what}`,
	}
	return (row: { kind: MailingKind; subjectId: number }) => described[row.kind](byKind[row.kind].get(row.subjectId) ?? '(removed since)')
}

export async function listMailings(db: Database) {
	const rows = await recentMailings(db, MAILINGS_LISTED)
	const subject = await subjectsOf(db, rows)
	return rows.map((row) => ({
		iMailingId: row.id,
		sKind: row.kind,
		sSubject: subject(row),
		nSent: row.sent,
		nFailed: row.failed,
		nLeft: row.left,
		nSkipped: row.skipped,
		sLastError: row.lastError,
		dCreatedAt: row.createdAt.toISOString(),
	}))
}

/** The address a test goes to is kept as the staff user's own, offered for the next test. */
export async function keepTestAddress(db: Database, staffId: number, email: string) {
	await db.update(staffUsers).set({ email }).where(eq(staffUsers.id, staffId))
}

export async function queueTest(db: Database, mail: MailDeps, staff: Staff, issueId: number, email: string) {
	await queueMailing(db, mail, { kind: 'newsletter-test', subjectId: issueId, createdBy: staff.id }, [{ email, name: staff.fullName }])
}

/** Every confirmed subscriber of a published issue; refused when there is nobody to send it to. */
export async function issueRecipients(db: Database, issue: Issue) {
	if (!issue.isPublished) throw new ApiError(409, MAILING_MESSAGES.notPublished)
	const subscribers = await db.select().from(newsletterSubscriptions).where(confirmed).orderBy(asc(newsletterSubscriptions.id))
	if (subscribers.length === 0) throw new ApiError(409, MAILING_MESSAGES.noSubscribers)
	return subscribers.map((s) => ({ email: s.email, name: s.fullName, details: { subscriptionId: s.id } }))
}

export async function queueIssue(db: Database, mail: MailDeps, staff: Staff, issue: Issue, recipients: Awaited<ReturnType<typeof issueRecipients>>) {
	// Sending again adds only those who subscribed since: nobody gets the issue twice.
	const { added } = await queueMailing(db, mail, { kind: 'newsletter', subjectId: issue.id, createdBy: staff.id }, recipients)
	if (added === 0) throw new ApiError(409, MAILING_MESSAGES.alreadySent)
	await recordAudit(db, staff, { action: 'send', entity: 'newsletter', entityId: issue.id, summary: `Sent “${issue.title}” to ${added} subscribers` })
}

export async function issueMailingOf(db: Database, issueId: number) {
	const [mailing] = await db
		.select({ id: mailings.id, kind: mailings.kind })
		.from(mailings)
		.where(and(eq(mailings.kind, 'newsletter'), eq(mailings.subjectId, issueId)))
	return mailing
}
