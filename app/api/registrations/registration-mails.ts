// The mails about a person's own registration: "registration received" (what to pay and where, how
// to cancel) and "payment received" with the tax invoice attached. The one that confirms the seat
// (the first for a free event, the second for a paid one) also brings the ticket. Each day's mails of a kind are
// one mailing (like the welcome mails, decision 0040), with one delivery per registration or
// payment: a rerun job or a repeated call never sends one twice. The text is made when the mail
// goes, from the registration as it is then (a fee paid meanwhile is not asked for again).
import { desc, eq } from 'drizzle-orm'
import { formatRupees } from '~/contract/payments'
import { receiptFileName } from '~/contract/receipts'
import { eventWhen, formatMoment } from '~/utils/event-format'
import type { Database } from '../db/client'
import { creditNotes, eventRegistrations, events, payments, type mailDeliveries } from '../db/schema'
import { invoiceDocument } from '../receipts/service'
import { accountRecipient, openAccount } from '../mailings/account-recipient'
import type { Mail } from '../mail/mailer'
import { mailLink } from '../mail/compose'
import { documentSettingsOf, queueMailing } from '../mailings/add-to-mailing'
import { welcomeMailingDay } from '../newsletters/welcome'
import { ticketInMail } from '../documents/ticket-in-mail'
import type { MailDeps } from '../env'

type Delivery = typeof mailDeliveries.$inferSelect

/** "Seminar on GST, Sat, 5 Dec 2026, 10:00 am – 1:00 pm IST, at Accountants’ Bhavan, 14 Tilak Road, Pune" as lines. */
export function eventLines(event: { startsAt: Date; endsAt: Date; venueName: string; venueAddress: string; city: string }) {
	const when = eventWhen(event.startsAt.toISOString(), event.endsAt.toISOString())
	return `When: ${when.day}, ${when.time}\nWhere: ${event.venueName}, ${event.venueAddress}${event.venueAddress.includes(event.city) ? '' : `, ${event.city}`}`
}

/** Queues the "registration received" mail of a new registration; nothing without mail (tests of other areas). */
export async function queueRegistrationReceived(db: Database, mail: MailDeps | undefined, registrationId: number, now = new Date()) {
	if (!mail) return
	const [registration] = await db.select({ accountId: eventRegistrations.accountId }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId))
	const account = registration && (await openAccount(db, registration.accountId))
	if (!account) return
	const recipient = { ...accountRecipient(account, { registrationId }), occurrence: registrationId }
	await queueMailing(db, mail, { kind: 'registration-received', subjectId: welcomeMailingDay(now) }, [recipient])
}

/** Queues the mail with the tax invoice of a payment just settled. */
export async function queuePaymentConfirmed(db: Database, mail: MailDeps | undefined, paymentId: number, now = new Date()) {
	if (!mail) return
	const [payment] = await db.select({ accountId: payments.accountId }).from(payments).where(eq(payments.id, paymentId))
	const account = payment && (await openAccount(db, payment.accountId))
	if (!account) return
	const recipient = { ...accountRecipient(account, { paymentId }), occurrence: paymentId }
	await queueMailing(db, mail, { kind: 'payment-confirmed', subjectId: welcomeMailingDay(now) }, [recipient])
}

function cancelAdvice(deps: MailDeps, event: typeof events.$inferSelect, eventPage: string, paid: boolean) {
	if (paid) return `To cancel, write to the branch office (${deps.branch.email}, ${deps.branch.phone}): it refunds the fee and sends you a credit note.`
	const cutoff = event.cancellationCutoffAt ?? event.registrationClosesAt ?? event.startsAt
	return `To cancel, sign in, open the event's page and press "Cancel registration", until ${formatMoment(cutoff.toISOString())}: ${eventPage}`
}

export async function renderRegistrationReceived(db: Database, deps: MailDeps, delivery: Delivery): Promise<Mail | null> {
	const [row] = await db
		.select({ registration: eventRegistrations, event: events })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(eq(eventRegistrations.id, Number(delivery.details.registrationId)))
	const account = row && (await openAccount(db, row.registration.accountId))
	// Cancelled before the mail went, or the account closed: nothing to tell.
	if (!row || !account || row.registration.status === 'cancelled') return null
	const { event } = row
	const [payment] = await db.select().from(payments).where(eq(payments.registrationId, row.registration.id)).orderBy(desc(payments.id)).limit(1)
	const eventPage = mailLink(deps, `/events/event-details/${event.id}`)
	const fee = payment
		? `${formatRupees(payment.totalPaise)} (${formatRupees(payment.taxablePaise)} and GST ${formatRupees(payment.totalPaise - payment.taxablePaise)})`
		: ''
	const paying = !payment
		? 'The event is free: there is nothing to pay, and your seat is confirmed.'
		: payment.status === 'paid'
			? `Your fee of ${fee} is paid and your seat is confirmed; the tax invoice comes in a mail of its own.`
			: payment.provider === 'offline'
				? `Your seat is held until you pay the fee of ${fee} at the branch desk: ${deps.branch.name}, ${deps.branch.address} (${deps.branch.phone}). Quote the payment reference ${payment.providerReference}. The office confirms your registration when it receives the fee, and the tax invoice comes by e-mail.`
				: `Your seat is held until you pay the fee of ${fee} online: sign in and open the event's page, ${eventPage}. The tax invoice comes by e-mail once it is paid.`
	// A fee paid already: its own mail, with the invoice, brings the ticket.
	const ticket = payment?.status === 'paid' ? { paragraphs: [], attachments: [] } : await ticketInMail(db, deps, row.registration.id)
	return {
		to: account.email,
		recipientName: account.fullName,
		subject: `Registration received: ${event.title}`,
		text: [
			`We have received your registration for ${event.title}.`,
			eventLines(event),
			paying,
			...ticket.paragraphs,
			cancelAdvice(deps, event, eventPage, payment?.status === 'paid'),
			`Details: ${eventPage}`,
		].join('\n\n'),
		attachments: ticket.attachments,
	}
}

export async function renderPaymentConfirmed(db: Database, deps: MailDeps, delivery: Delivery): Promise<Mail | null> {
	const [row] = await db
		.select({ payment: payments, eventTitle: events.title, eventStartsAt: events.startsAt, eventId: events.id, creditNote: creditNotes })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
		.where(eq(payments.id, Number(delivery.details.paymentId)))
	const account = row && (await openAccount(db, row.payment.accountId))
	const invoiceNumber = row?.payment.invoiceNumber
	if (!row || !account || !invoiceNumber || !row.payment.paidAt) return null
	const { payment } = row
	const pdf = await invoiceDocument(db, row, account, { billing: deps.billing, branch: deps.branch, documents: documentSettingsOf(deps) })
	const ticket = await ticketInMail(db, deps, payment.registrationId)
	const where =
		account.userType === 'M'
			? `It is also on your payments page: ${mailLink(deps, '/member/payments')}`
			: "You can download it again from the event's page while signed in."
	return {
		to: account.email,
		recipientName: account.fullName,
		subject: `Payment received: ${row.eventTitle} (tax invoice ${invoiceNumber})`,
		text: [
			`We have received your payment of ${formatRupees(payment.totalPaise)} for ${row.eventTitle}, and your registration is confirmed.`,
			`Your tax invoice and receipt ${invoiceNumber} is attached as a PDF. ${where}`,
			...ticket.paragraphs,
			`Details of the event: ${mailLink(deps, `/events/event-details/${row.eventId}`)}`,
		].join('\n\n'),
		attachments: [{ filename: receiptFileName(invoiceNumber), content: Buffer.from(pdf), contentType: 'application/pdf' }, ...ticket.attachments],
	}
}
