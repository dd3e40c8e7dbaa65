// A person's tickets: every confirmed registration of an event that has not ended, with its signed
// code, and one ticket as a one-page PDF with its QR code (for the confirmation mail, or to print).
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Ticket } from '~/contract/documents'
import { eventWhen } from '~/utils/event-format'
import type { BranchIdentity } from '../branch-settings'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events } from '../db/schema'
import { encodableText, rgb, wrapText } from '../pdf-text'
import { ticketCode } from '../tickets/ticket-code'
import { drawQr } from '../stamps/pdf-stamp'
import { qrDrawing } from '~/contract/qr-drawing'

const BRAND = rgb(0.05, 0.16, 0.31)
const MUTED = rgb(0.3, 0.33, 0.38)

const ticketColumns = {
	id: eventRegistrations.id,
	eventId: events.id,
	title: events.title,
	startsAt: events.startsAt,
	endsAt: events.endsAt,
	venueName: events.venueName,
	venueAddress: events.venueAddress,
}
type TicketRow = { id: number; eventId: number; title: string; startsAt: Date; endsAt: Date; venueName: string; venueAddress: string }

const toTicket = (secret: string, row: TicketRow): Ticket => ({
	iRegistrationId: row.id,
	iEventId: row.eventId,
	sEventTitle: row.title,
	dStartDate: row.startsAt.toISOString(),
	dEndDate: row.endsAt.toISOString(),
	sVenue: `${row.venueName}, ${row.venueAddress}`,
	sTicketCode: ticketCode(secret, row.eventId, row.id),
})

const confirmedOf = (accountId: number) => and(eq(eventRegistrations.accountId, accountId), eq(eventRegistrations.status, 'confirmed'))

export async function ticketsOf(db: Database, secret: string, accountId: number, now = new Date()) {
	const rows = await db
		.select(ticketColumns)
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(and(confirmedOf(accountId), gt(events.endsAt, now)))
		.orderBy(asc(events.startsAt))
	return rows.map((row) => toTicket(secret, row))
}

/** One confirmed registration's ticket with its holder, whether or not the event is over; undefined for anything else. */
export async function ticketOf(db: Database, secret: string, registrationId: number, accountId?: number) {
	const [row] = await db
		.select({ ...ticketColumns, fullName: accounts.fullName, number: accounts.number })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(
			and(
				eq(eventRegistrations.id, registrationId),
				eq(eventRegistrations.status, 'confirmed'),
				accountId === undefined ? undefined : eq(eventRegistrations.accountId, accountId),
			),
		)
		.limit(1)
	return row && { ticket: toTicket(secret, row), holder: { fullName: row.fullName, number: row.number } }
}

/**
 * The ticket as a one-page A5 PDF: event, time, venue, holder, and the QR code with its code under
 * it. Exported for the confirmation mail to attach.
 */
export async function ticketPdf(branch: BranchIdentity, { ticket, holder }: NonNullable<Awaited<ReturnType<typeof ticketOf>>>) {
	const { PDFDocument, StandardFonts } = await import('pdf-lib')
	const pdf = await PDFDocument.create()
	pdf.setTitle(`Ticket: ${ticket.sEventTitle}`)
	pdf.setAuthor(branch.name)
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	const page = pdf.addPage([419.53, 595.28])
	const width = page.getWidth()
	let y = page.getHeight() - 48
	const line = (text: string, size: number, font = regular, color = MUTED) => {
		for (const part of wrapText(encodableText(text, font), font, size, width - 64)) {
			page.drawText(part, { x: 32, y, size, font, color })
			y -= size * 1.35
		}
	}
	const when = eventWhen(ticket.dStartDate, ticket.dEndDate)
	line(branch.name, 12, bold, BRAND)
	line('Ticket', 26, bold, BRAND)
	y -= 4
	line(ticket.sEventTitle, 15, bold, BRAND)
	line(`${when.day}, ${when.time}`, 11)
	line(ticket.sVenue, 11)
	y -= 6
	line(`${holder.fullName}, ${holder.number}`, 13, bold, BRAND)
	const side = 220
	drawQr(page, qrDrawing(ticket.sTicketCode), { x: (width - side) / 2, top: y - 4, side })
	const code = ticket.sTicketCode
	page.drawText(code, { x: (width - regular.widthOfTextAtSize(code, 12)) / 2, y: y - side - 20, size: 12, font: regular, color: BRAND })
	y = 40
	line('Show this code at the door; the desk scans it, or types the code under it.', 9)
	return Buffer.from(await pdf.save())
}
