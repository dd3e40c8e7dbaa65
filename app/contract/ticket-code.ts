// The ticket code of a confirmed registration: `{event}-{registration}-{signature}`, the two ids in
// base 36 and the signature in base 32, all capitals and digits, so a QR code holds it in its
// compact alphanumeric mode and a USB scanner or a person can type it. The signature is HMAC-SHA-256
// under the event's own key, cut to 80 bits: the API checks it without the database, and the
// check-in page, given that event's key, checks it offline (decision 0053). No zod and no node
// modules: the check-in page ships this to the browser.

/** 16 base-32 characters: 80 bits of the HMAC. */
export const TICKET_SIGNATURE_LENGTH = 16
const SIGNATURE_BYTES = 10
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export const TICKET_CODE_PATTERN = /^([0-9A-Z]{1,7})-([0-9A-Z]{1,7})-([A-Z2-7]{16})$/

export type TicketParts = { eventId: number; registrationId: number; signature: string }

/** What the event's key signs: both ids, so a ticket of one event never opens another. */
export const ticketSigningText = (eventId: number, registrationId: number) => `ticket:${eventId}:${registrationId}`
/** What the branch's secret signs to make one event's key. */
export const eventKeyText = (eventId: number) => `ticket-event:${eventId}`

/** The first 80 bits of an HMAC, in base 32. */
export function signatureText(mac: Uint8Array) {
	let bits = 0
	let value = 0
	let text = ''
	for (const byte of mac.subarray(0, SIGNATURE_BYTES)) {
		value = (value << 8) | byte
		bits += 8
		while (bits >= 5) {
			text += BASE32[(value >>> (bits - 5)) & 31]
			bits -= 5
		}
	}
	return text
}

export const formatTicketCode = (eventId: number, registrationId: number, signature: string) =>
	`${eventId.toString(36)}-${registrationId.toString(36)}-${signature}`.toUpperCase()

/** The parts of something shaped like a ticket code (spaces and case forgiven); null for anything else. Says nothing of its signature. */
export function parseTicketCode(text: string): TicketParts | null {
	const match = TICKET_CODE_PATTERN.exec(text.trim().toUpperCase())
	if (!match) return null
	const [, event, registration, signature] = match as unknown as [string, string, string, string]
	return { eventId: parseInt(event, 36), registrationId: parseInt(registration, 36), signature }
}
