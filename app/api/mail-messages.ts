// What each kind of mailing says, for the job that sends them (mailings/mailings.ts): the areas' own
// mails and the few written here. At the top floor, beside app.ts: it calls into the areas, which
// queue mail through mailings/ below them. A message is made when it is sent, from the database as
// it is then: a reminder names the event's current venue and time. Null when its subject is gone.
import { eq } from 'drizzle-orm'
import { CONFIRM_WITHIN_DAYS } from '~/contract/constants'
import { buildIcs } from '~/utils/ics'
import { eventWhen, formatMoment, monthLabel } from '~/utils/event-format'
import type { Database } from './db/client'
import {
	announcements,
	eventRegistrations,
	events,
	type mailDeliveries,
	type mailings,
	newsletterIssues,
	newsletterSubscriptions,
	waitingListEntries,
} from './db/schema'
import { certificateMail } from './documents/certificate-mail'
import type { Mail } from './mail/mailer'
import { mailLink as link } from './mail/compose'
import { refundMail } from './payments/refund-mail'
import { renderEventNotice } from './registrations/event-notices'
import { ticketInMail } from './documents/ticket-in-mail'
import { renderPaymentConfirmed, renderRegistrationReceived } from './registrations/registration-mails'
import { SIGNED_LINKS, signedLinkToken } from './mail/signed-links'
import type { MailDeps } from './env'

type Mailing = typeof mailings.$inferSelect
type Delivery = typeof mailDeliveries.$inferSelect

const unsubscribeUrl = (deps: MailDeps, subscriptionId: number) =>
	link(deps, `/newsletter/unsubscribe/${signedLinkToken(deps.signingKey, SIGNED_LINKS.unsubscribe, subscriptionId)}`)
const confirmUrl = (deps: MailDeps, subscriptionId: number) =>
	link(deps, `/newsletter/confirm/${signedLinkToken(deps.signingKey, SIGNED_LINKS.confirm, subscriptionId)}`)

export async function renderMail(db: Database, deps: MailDeps, mailing: Mailing, delivery: Delivery): Promise<Mail | null> {
	const to = delivery.email
	// A subscriber's name was typed by whoever signed the address up, perhaps not its owner: the
	// branch's mail to that address never carries it. An account's mail goes to its holder, whose name it is.
	const recipientName = delivery.name
	switch (mailing.kind) {
		case 'newsletter':
		case 'newsletter-test': {
			const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, mailing.subjectId))
			if (!issue) return null
			const subscriptionId = Number(delivery.details.subscriptionId ?? 0)
			// Someone who left the list while the issue was being sent gets nothing more.
			if (
				mailing.kind === 'newsletter' &&
				!(await db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId))).length
			)
				return null
			const test = mailing.kind === 'newsletter-test' ? '[Test] ' : ''
			return {
				to,
				subject: `${test}${deps.branch.name} newsletter: ${issue.title}`,
				text: [
					`The ${monthLabel(issue.issueMonth.slice(0, 7))} issue of the ${deps.branch.name} newsletter is out: ${issue.title}.`,
					issue.summary,
					issue.contents.length ? `In this issue:\n${issue.contents.map((item) => `- ${item}`).join('\n')}` : '',
					`Read it here: ${deps.mediaBaseUrl}${issue.pdfPath}\nAll issues: ${link(deps, '/newsletters')}`,
				]
					.filter(Boolean)
					.join('\n\n'),
				unsubscribeUrl: unsubscribeUrl(deps, subscriptionId),
			}
		}
		case 'welcome': {
			const subscriptionId = Number(delivery.details.subscriptionId ?? 0)
			const [subscription] = await db
				.select({ confirmedAt: newsletterSubscriptions.confirmedAt })
				.from(newsletterSubscriptions)
				.where(eq(newsletterSubscriptions.id, subscriptionId))
			// Confirmed since (by an earlier day's mail), or gone (expired, unsubscribed): nothing to ask.
			if (!subscription || subscription.confirmedAt) return null
			return {
				to,
				subject: `Please confirm your subscription to the ${deps.branch.name} newsletter`,
				text: [
					`Thank you for subscribing to the ${deps.branch.name} newsletter. Before the first issue comes, please confirm that this address is yours and that you want it (the link works for ${CONFIRM_WITHIN_DAYS} days):`,
					confirmUrl(deps, subscriptionId),
					`If you did not ask for the newsletter, ignore this mail: nothing more will come, and the address is removed from the list in ${CONFIRM_WITHIN_DAYS} days.`,
					`Past issues are at ${link(deps, '/newsletters')}.`,
				].join('\n\n'),
				unsubscribeUrl: unsubscribeUrl(deps, subscriptionId),
			}
		}
		case 'announcement': {
			const [announcement] = await db.select().from(announcements).where(eq(announcements.id, mailing.subjectId))
			if (!announcement) return null
			return {
				to,
				recipientName,
				subject: `${deps.branch.name}: ${announcement.title}`,
				text: [
					...announcement.body,
					`On the portal: ${link(deps, `/member/announcements/${announcement.id}`)}`,
					`You get announcements by e-mail because you chose "updates by e-mail". To stop them, untick it on your profile: ${link(deps, '/member/profile')}`,
				].join('\n\n'),
			}
		}
		case 'reminder': {
			const [event] = await db.select().from(events).where(eq(events.id, mailing.subjectId))
			const registrationId = Number(delivery.details.registrationId)
			const [registration] = await db.select({ status: eventRegistrations.status }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId))
			// Cancelled since it was queued (the event or the registration), or already begun: no reminder.
			if (!event || event.cancelledAt || event.startsAt <= new Date() || !registration || registration.status === 'cancelled') return null
			const when = eventWhen(event.startsAt.toISOString(), event.endsAt.toISOString())
			const page = link(deps, `/events/event-details/${event.id}`)
			// A confirmed registration's reminder carries its ticket; one still waiting for payment has none yet.
			const ticket = await ticketInMail(db, deps, registrationId)
			const ics = buildIcs(
				{
					uid: `event-${event.id}@${new URL(deps.publicUrl).hostname}`,
					title: event.title,
					description: `${event.summary}\n\n${page}`,
					location: `${event.venueName}, ${event.venueAddress}`,
					url: page,
					start: event.startsAt,
					end: event.endsAt,
					stamp: new Date(),
				},
				`-//${deps.branch.name}//Branch portal//EN`,
			)
			return {
				to,
				recipientName,
				subject: `Reminder: ${event.title}, ${when.day}`,
				text: [
					`This is a reminder that you are registered for ${event.title}.`,
					`When: ${when.day}, ${when.time}\nWhere: ${event.venueName}, ${event.venueAddress}\nMap: ${event.mapUrl}`,
					`Details: ${page}`,
					...ticket.paragraphs,
					'The attached calendar file adds the event to your calendar.',
				].join('\n\n'),
				attachments: [{ filename: 'event.ics', content: ics, contentType: 'text/calendar; charset=utf-8' }, ...ticket.attachments],
			}
		}
		case 'refund':
			return refundMail(db, deps, mailing.subjectId, delivery)
		case 'registration-received':
			return renderRegistrationReceived(db, deps, delivery)
		case 'payment-confirmed':
			return renderPaymentConfirmed(db, deps, delivery)
		case 'event-changed':
		case 'event-message':
			return renderEventNotice(db, deps, mailing.subjectId, delivery)
		case 'certificates':
		case 'certificate-correction':
			return certificateMail(db, deps, mailing, delivery)
		case 'waiting-list-offer': {
			const [offer] = await db
				.select({
					status: waitingListEntries.status,
					expiresAt: waitingListEntries.offerExpiresAt,
					title: events.title,
					eventId: events.id,
					startsAt: events.startsAt,
				})
				.from(waitingListEntries)
				.innerJoin(events, eq(events.id, waitingListEntries.eventId))
				.where(eq(waitingListEntries.id, mailing.subjectId))
			if (!offer || offer.status !== 'offered' || !offer.expiresAt) return null
			return {
				to,
				recipientName,
				subject: `A seat is free for you: ${offer.title}`,
				text: [
					`A seat has become free at ${offer.title} (${formatMoment(offer.startsAt.toISOString())}), and you are first on its waiting list.`,
					`It is held for you until ${formatMoment(offer.expiresAt.toISOString())}. Register (and pay, if there is a fee) before then: ${link(deps, `/events/event-details/${offer.eventId}`)}`,
					'If you do not register by then, the seat goes to the next person in line.',
				].join('\n\n'),
			}
		}
	}
}
