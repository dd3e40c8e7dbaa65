// Shapes the portal's server modules (app/.server) hand to its pages and components. They live
// here because components must never import server code, and server modules should not reach
// into a component for a type.
import type { QrDrawing } from '~/contract/qr-drawing'
import type { SubmissionResult } from '@conform-to/react'
import type { Role } from '~/contract/constants'
import type { RegistrationState } from '~/contract/registrations'

/** An alert or toast a redirect carries to the next page; an alert hides after 3000 ms, a toast after 5000 ms (docs/spec.md §9). */
export type Alert = { id: string; kind: 'success' | 'error' | 'info'; text: string; variant: 'alert' | 'toast' }

/** What the footer's newsletter sign-up answers: to a fetcher as data, or through the session flash. */
export type NewsletterOutcome = { result: SubmissionResult<string[]>; dialog: { tone: 'success' | 'error'; text: string } | null }

/**
 * The event page's registration panel: the event's availability and the visitor's own registration;
 * `bPaysAtDesk` when fees are paid at the branch office only (the offline provider), not online;
 * `oTicket`: a confirmed registration's ticket, its QR code drawn on the server.
 */
export type RegistrationPanel = RegistrationState & {
	role: Role | null
	sLoginPath: string
	sStudentLoginPath: string
	bPaysAtDesk: boolean
	oTicket?: TicketWithQr | null
}
export type TicketWithQr = { iRegistrationId: number; sTicketCode: string; oQr: QrDrawing }

/** The branch's particulars the footer shows; the configuration reads them. */
export type BranchParticulars = {
	name: string
	institute: string
	address: string
	phone: string
	email: string
	mapUrl: string
	/** Whom the privacy notice names for questions and complaints about personal data. */
	grievance: { officer: string; email: string }
	/** Only the accounts the branch has, by network name. */
	social: Record<string, string>
}

/** A ticket's one-page PDF, from the member dashboard. */
export const ticketPdfPath = (iRegistrationId: number) => `/member/tickets/${iRegistrationId}/ticket.pdf`

/** One field of a stale office edit: what the person typed, and what someone else saved meanwhile. */
export type ConflictField = { label: string; yours: string; current: string }
