// The door page's work in the browser: checking a code locally when the network is down (the
// ticket's signature with the event's key, the person in the list the page came with), and the
// queue of check-ins kept in localStorage until they can be sent. No React, no zod.
import { formatIndiaClock } from '~/utils/kolkata-date'
import { checkInText, type CheckInOutcome } from '~/contract/check-in'
import type { RosterEntry } from '~/contract/office/registrations'
import { parseTicketCode, signatureText, ticketSigningText } from '~/contract/ticket-code'

export type DoorResult = { sOutcome: CheckInOutcome; sText: string; iRegistrationId: number | null; bQueued?: boolean }
export type QueuedScan = { sCode: string; dScannedAt: string }

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))

/** Whether a ticket's signature is the event key's; null where the browser cannot tell (no WebCrypto outside https). */
async function signatureHolds(eventKey: string, eventId: number, registrationId: number, signature: string) {
	if (!globalThis.crypto?.subtle) return null
	const key = await crypto.subtle.importKey('raw', fromBase64Url(eventKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
	const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ticketSigningText(eventId, registrationId))))
	return signatureText(mac) === signature
}

/** What the server would answer, worked out from the page's list; a person let in is marked in the list. */
export async function checkInOffline(
	code: string,
	{ eventId, eventKey, roster }: { eventId: number; eventKey: string; roster: RosterEntry[] },
): Promise<DoorResult> {
	const text = code.trim().toUpperCase()
	const ticket = parseTicketCode(text)
	const answer = (outcome: CheckInOutcome, person?: RosterEntry): DoorResult => ({
		sOutcome: outcome,
		sText: checkInText(outcome, {
			name: person?.sFullName ?? null,
			number: person?.sNumber ?? null,
			attendedAt: person?.dAttendedAt ? formatIndiaClock(person.dAttendedAt) : null,
		}),
		iRegistrationId: person?.iRegistrationId ?? null,
	})
	if (ticket) {
		if (ticket.eventId !== eventId) return answer('other-event')
		if ((await signatureHolds(eventKey, ticket.eventId, ticket.registrationId, ticket.signature)) === false) return answer('invalid')
	}
	const matches = roster.filter((person) => (ticket ? person.iRegistrationId === ticket.registrationId : person.sNumber.toUpperCase() === text))
	const person = matches.find((one) => one.sStatus !== 'cancelled') ?? matches[0]
	if (!person) return answer('not-registered')
	if (person.sStatus === 'cancelled') return answer('cancelled', person)
	if (person.sStatus !== 'confirmed') return answer('unpaid', person)
	if (person.dAttendedAt) return answer('already', person)
	const result = answer('checked-in', person)
	person.dAttendedAt = new Date().toISOString()
	return { ...result, bQueued: true }
}

const storageKey = (eventId: number) => `check-in-queue:${eventId}`

export function readQueue(eventId: number): QueuedScan[] {
	try {
		return JSON.parse(localStorage.getItem(storageKey(eventId)) ?? '[]') as QueuedScan[]
	} catch {
		return []
	}
}

export const writeQueue = (eventId: number, queue: QueuedScan[]) => localStorage.setItem(storageKey(eventId), JSON.stringify(queue))
