// Mail goes in two lanes (decision 0040), each a queue with workers of its own, and the urgent lane
// takes the next sending slot before the bulk one (pacer.ts): a reminder, a seat offered from a
// waiting list or a staff member's test never waits behind an issue to every subscriber or a
// day's welcome mails. (Account mail, one-time passwords above all, is sent while the page waits,
// over a connection of its own: it never queues at all.)
import type { MailingKind } from '../db/schema'

export type MailLane = 'urgent' | 'bulk'

/** Every kind names its lane, so a new kind cannot be added without choosing one. */
const LANE_OF: Record<MailingKind, MailLane> = {
	reminder: 'urgent',
	'waiting-list-offer': 'urgent',
	'newsletter-test': 'urgent',
	refund: 'urgent',
	// Someone is waiting for these: a registration's terms, a paid fee's invoice, a moved or cancelled event.
	'registration-received': 'urgent',
	'payment-confirmed': 'urgent',
	'event-changed': 'urgent',
	// The office's own message to an event's people may go to hundreds: beside an issue, not before reminders.
	'event-message': 'bulk',
	'certificate-correction': 'urgent',
	certificates: 'bulk',
	newsletter: 'bulk',
	announcement: 'bulk',
	welcome: 'bulk',
}

export const laneOf = (kind: MailingKind): MailLane => LANE_OF[kind]
