// Signing and checking ticket codes on the server (app/contract/ticket-code.ts has the format).
// The branch's ticket secret never leaves the server; each event's key is derived from it, and only
// the check-in page of that event is given it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { eventKeyText, formatTicketCode, parseTicketCode, signatureText, ticketSigningText, type TicketParts } from '~/contract/ticket-code'

/** The key one event's tickets are signed with. */
export const eventTicketKey = (secret: string, eventId: number) => createHmac('sha256', secret).update(eventKeyText(eventId)).digest()

const sign = (secret: string, eventId: number, registrationId: number) =>
	signatureText(createHmac('sha256', eventTicketKey(secret, eventId)).update(ticketSigningText(eventId, registrationId)).digest())

export const ticketCode = (secret: string, eventId: number, registrationId: number) =>
	formatTicketCode(eventId, registrationId, sign(secret, eventId, registrationId))

/** The ids of a genuine ticket code; null for a forged, altered or malformed one. */
export function readTicketCode(secret: string, code: string): Omit<TicketParts, 'signature'> | null {
	const parts = parseTicketCode(code)
	if (!parts) return null
	const expected = Buffer.from(sign(secret, parts.eventId, parts.registrationId))
	if (!timingSafeEqual(expected, Buffer.from(parts.signature))) return null
	return { eventId: parts.eventId, registrationId: parts.registrationId }
}
