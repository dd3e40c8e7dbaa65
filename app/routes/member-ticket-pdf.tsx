// /member/tickets/{iRegistrationId}/ticket.pdf: one ticket as a one-page PDF to print or keep on a
// phone. Anything else (not confirmed, another member's) gets the site's 404 page, as certificates do.
import { data } from 'react-router'
import { accountContext } from '~/.server/caller'
import { fileResponse } from '~/.server/downloads'
import { recordIdSchema } from '~/contract/api'
import { DOCUMENT_MESSAGES } from '~/contract/documents'
import type { Route } from './+types/member-ticket-pdf'

export const middleware: Route.MiddlewareFunction[] = [
	async ({ params, context }) => {
		const registrationId = recordIdSchema.safeParse(params.iRegistrationId)
		if (!registrationId.success) return
		const answer = await context.get(accountContext).api.documents.ticketPdf({ iRegistrationId: registrationId.data })
		if (!answer.ok) return
		return fileResponse(answer.file)
	},
]

export function loader() {
	throw data(DOCUMENT_MESSAGES.noTicket, { status: 404 })
}

export default function TicketNotFound() {
	return null
}
