// Certificates that send themselves: once an event has ended, every attendee's certificate is
// mailed (one mailing per event, so once); afterwards the minute's tick compares attendance with the
// certificates issued, and a correction (a late mark, changed hours) mails a corrected certificate,
// while attendance taken back withdraws the certificate (its code then verifies as revoked).
import { and, eq, gt, inArray, isNotNull, isNull, lte, notInArray } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accounts, documentCodes, eventRegistrations, events, mailings, type mailDeliveries } from '../db/schema'
import type { Mail } from '../mail/mailer'
import { documentSettingsOf, queueMailing } from '../mailings/add-to-mailing'
import { issueCertificate } from '../cpe/certificates'
import { documentCode, withdrawCertificate } from '../stamps/codes'
import type { MailDeps } from '../env'

/** Events that ended longer ago than this get no certificates by mail (a portal started on old data mails nothing). */
const MAIL_WITHIN_MS = 14 * 24 * 60 * 60 * 1000

const attendeesOf = (db: Database, eventIds: number[]) =>
	db
		.select({
			eventId: eventRegistrations.eventId,
			registrationId: eventRegistrations.id,
			email: accounts.email,
			name: accounts.fullName,
			cpeHours: events.cpeHours,
		})
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(and(inArray(eventRegistrations.eventId, [...eventIds, 0]), eq(eventRegistrations.status, 'confirmed'), isNotNull(eventRegistrations.attendedAt)))

/** Queues the certificates of events that ended, and the corrections of those already mailed; answers how many mails were added. */
export async function queueCertificates(db: Database, mail: MailDeps, now: Date) {
	const recent = and(lte(events.endsAt, now), gt(events.endsAt, new Date(now.getTime() - MAIL_WITHIN_MS)), isNull(events.cancelledAt))
	const ended = await db
		.select({ id: events.id, mailingId: mailings.id })
		.from(events)
		.leftJoin(mailings, and(eq(mailings.kind, 'certificates'), eq(mailings.subjectId, events.id)))
		.where(recent)
	let added = 0
	const fresh = ended.filter((event) => event.mailingId === null).map((event) => event.id)
	for (const attendee of await attendeesOf(db, fresh)) {
		// Issued now, so that what the tick later compares with is what was sent.
		await documentCode(db, mail.ticketSecret, 'certificate', attendee.registrationId, attendee.cpeHours)
		added += (
			await queueMailing(db, mail, { kind: 'certificates', subjectId: attendee.eventId }, [
				{ email: attendee.email, name: attendee.name, details: { registrationId: attendee.registrationId } },
			])
		).added
	}
	const mailed = ended.filter((event) => event.mailingId !== null)
	const mailedAt = new Map(
		(
			await db
				.select({ eventId: mailings.subjectId, createdAt: mailings.createdAt })
				.from(mailings)
				.where(and(eq(mailings.kind, 'certificates'), inArray(mailings.subjectId, [...mailed.map((event) => event.id), 0])))
		).map((row) => [row.eventId, row.createdAt]),
	)
	for (const attendee of await attendeesOf(db, [...mailedAt.keys()])) {
		const issued = await documentCode(db, mail.ticketSecret, 'certificate', attendee.registrationId, attendee.cpeHours)
		// A certificate issued (or issued anew) after the event's mailing is mailed as its correction, once.
		if (issued.issuedAt <= mailedAt.get(attendee.eventId)! || (await correctionQueued(db, issued.id))) continue
		added += (
			await queueMailing(db, mail, { kind: 'certificate-correction', subjectId: issued.id }, [
				{ email: attendee.email, name: attendee.name, details: { registrationId: attendee.registrationId } },
			])
		).added
	}
	await withdrawUnattended(db, [...mailedAt.keys()])
	return added
}

const correctionQueued = async (db: Database, documentId: number) =>
	(
		await db
			.select({ id: mailings.id })
			.from(mailings)
			.where(and(eq(mailings.kind, 'certificate-correction'), eq(mailings.subjectId, documentId)))
	).length > 0

/** Certificates of registrations no longer marked present are withdrawn. */
async function withdrawUnattended(db: Database, eventIds: number[]) {
	const stillAttended = (await attendeesOf(db, eventIds)).map((row) => row.registrationId)
	const issued = await db
		.select({ registrationId: eventRegistrations.id })
		.from(documentCodes)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, documentCodes.subjectId))
		.where(
			and(
				eq(documentCodes.kind, 'certificate'),
				isNull(documentCodes.supersededAt),
				inArray(eventRegistrations.eventId, [...eventIds, 0]),
				notInArray(eventRegistrations.id, [...stillAttended, 0]),
			),
		)
	for (const row of issued) await withdrawCertificate(db, row.registrationId)
}

type Mailing = typeof mailings.$inferSelect
type Delivery = typeof mailDeliveries.$inferSelect

/** The mail of one certificate, made when it is sent; null when it no longer stands. */
export async function certificateMail(db: Database, deps: MailDeps, mailing: Mailing, delivery: Delivery): Promise<Mail | null> {
	if (mailing.kind === 'certificate-correction') {
		const [document] = await db.select({ supersededAt: documentCodes.supersededAt }).from(documentCodes).where(eq(documentCodes.id, mailing.subjectId))
		// Superseded again since: a later correction carries the certificate.
		if (!document || document.supersededAt) return null
	}
	const issued = await issueCertificate(db, { documents: documentSettingsOf(deps), branch: deps.branch }, Number(delivery.details.registrationId))
	if (!issued) return null
	const corrected = mailing.kind === 'certificate-correction'
	const { title } = issued.facts.event
	return {
		to: delivery.email,
		recipientName: delivery.name,
		subject: `${corrected ? 'Corrected certificate' : 'Your certificate'}: ${title}`,
		text: [
			corrected
				? `The branch has corrected its record of your attendance at ${title}. The corrected certificate of attendance is attached; it replaces the one sent before.`
				: `Thank you for attending ${title}. Your certificate of attendance (${issued.facts.event.cpeHours} CPE hours) is attached.`,
			`Anyone can check it at the address printed on it. Your CPE hours: ${new URL('/member/cpe', deps.publicUrl).href}`,
		].join('\n\n'),
		attachments: [{ filename: `cpe-certificate-${issued.facts.registrationId}.pdf`, content: issued.pdf, contentType: 'application/pdf' }],
	}
}
