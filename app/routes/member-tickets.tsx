// /member/tickets: a ticket for every confirmed registration of an event to come, each a QR code
// with its code written under it (drawn on the server), and its PDF to print.
import { Link } from 'react-router'
import { accountContext } from '~/.server/caller'
import { dataOf } from '~/.server/replies'
import { qrDrawing } from '~/contract/qr-drawing'
import { QrCode } from '~/components/qr-code'
import { eventWhen } from '~/utils/event-format'
import { ticketPdfPath } from '~/utils/page-data'
import type { Route } from './+types/member-tickets'

export async function loader({ context }: Route.LoaderArgs) {
	const tickets = dataOf(await context.get(accountContext).api.documents.tickets({}))
	return { tickets: tickets.map((ticket) => ({ ...ticket, oQr: qrDrawing(ticket.sTicketCode) })) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Tickets' }]

export default function MemberTickets({ loaderData: { tickets } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-4xl px-4 py-8">
			<h1 className="text-3xl font-semibold text-brand-900">Tickets</h1>
			<p className="mt-2 text-slate-700">Show a ticket at the door: the desk scans its code, or types the code written under it.</p>
			{tickets.length === 0 ? (
				<p className="mt-6">
					No tickets: you have no confirmed registration for an event to come.{' '}
					<Link to="/events/upcoming-events" className="font-medium text-brand-700 underline">
						Upcoming events
					</Link>
				</p>
			) : (
				<ul className="mt-6 grid gap-6 sm:grid-cols-2">
					{tickets.map((ticket) => {
						const when = eventWhen(ticket.dStartDate, ticket.dEndDate)
						return (
							<li key={ticket.iRegistrationId} className="rounded-lg border border-slate-200 p-4">
								<h2 className="text-xl font-semibold text-brand-900">
									<Link to={`/events/event-details/${ticket.iEventId}`} className="underline underline-offset-4">
										{ticket.sEventTitle}
									</Link>
								</h2>
								<p className="mt-1 text-slate-700">
									{when.day}, {when.time}
									<br />
									{ticket.sVenue}
								</p>
								<div className="mt-3">
									<QrCode drawing={ticket.oQr} text={ticket.sTicketCode} label={`Ticket for ${ticket.sEventTitle}, ${ticket.sTicketCode}`} />
								</div>
								<p className="mt-2">
									<a href={ticketPdfPath(ticket.iRegistrationId)} className="font-medium text-brand-700 underline" download>
										Download the ticket (PDF)
									</a>
								</p>
							</li>
						)
					})}
				</ul>
			)}
		</div>
	)
}
