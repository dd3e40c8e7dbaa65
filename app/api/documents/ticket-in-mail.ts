// A confirmed registration's ticket in a mail: its code written in the text and the one-page PDF
// attached. The confirmation mails and the reminder carry it alike; a registration not (yet)
// confirmed has no ticket, and the mail then says and attaches nothing about one.
import type { Database } from '../db/client'
import { ticketOf, ticketPdf } from './tickets'
import { mailLink } from '../mail/compose'
import type { MailAttachment } from '../mail/mailer'
import type { MailDeps } from '../env'

export async function ticketInMail(db: Database, deps: MailDeps, registrationId: number): Promise<{ paragraphs: string[]; attachments: MailAttachment[] }> {
	const ticket = await ticketOf(db, deps.ticketSecret, registrationId)
	if (!ticket) return { paragraphs: [], attachments: [] }
	// The event's page shows the ticket to members and students alike (only members have a dashboard).
	const eventPage = mailLink(deps, `/events/event-details/${ticket.ticket.iEventId}`)
	return {
		paragraphs: [
			`Your ticket: ${ticket.ticket.sTicketCode}\nShow it at the door: the attached ticket.pdf has its QR code, as has the event's page while you are signed in (${eventPage}).`,
		],
		attachments: [{ filename: 'ticket.pdf', content: await ticketPdf(deps.branch, ticket), contentType: 'application/pdf' }],
	}
}
