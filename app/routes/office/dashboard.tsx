// /office: what waits for the office today, and the way to each part of it.
import { Link } from 'react-router'
import { officeContext } from '~/.server/office-loaders'
import { dataOf } from '~/.server/replies'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/dashboard'

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = await officeContext(args)
	return { summary: dataOf(await api.officeDashboard.summary({})), isAdmin: staff.sRole === 'admin' }
}

export const meta: Route.MetaFunction = () => [{ title: 'Office dashboard' }]

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
	return (
		<div className="rounded border border-slate-200 bg-white p-4">
			<dt className="text-sm text-slate-700">{label}</dt>
			<dd className="mt-1 text-3xl font-semibold text-brand-900">{to ? <Link to={to} className="underline underline-offset-4">{value}</Link> : value}</dd>
		</div>
	)
}

export default function OfficeDashboard({ loaderData: { summary, isAdmin } }: Route.ComponentProps) {
	return (
		<OfficePage title="Office dashboard" lead="What waits for the office, and the next events with their seats.">
			<dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				<Figure label="Payments waiting at the office" value={summary.nPaymentsWaiting} to={isAdmin ? '/office/payments?sStatus=pending&sProvider=offline' : undefined} />
				<Figure label="Registrations in the last 7 days" value={summary.nRegistrationsThisWeek} />
				<Figure label="New subscribers in the last 7 days" value={summary.nNewSubscribersThisWeek} to={isAdmin ? '/office/subscribers' : undefined} />
				<Figure label="Disabled accounts" value={summary.nDisabledAccounts} to={isAdmin ? '/office/accounts' : undefined} />
			</dl>
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Upcoming events</h2>
			{summary.aUpcomingEvents.length === 0 ? (
				<p className="text-slate-700">No upcoming events. <Link to="/office/events/new" className={linkClass}>Create one</Link>.</p>
			) : (
				<OfficeTable caption="Upcoming events with seats taken and left" headings={['Event', 'Starts', 'Seats taken', 'Seats left', '']}>
					{summary.aUpcomingEvents.map((event) => (
						<tr key={event.iEventId}>
							<td className={cellClass}>{event.sTitle}</td>
							<td className={cellClass}>{formatInstantDay(event.dStartDate)}</td>
							<td className={cellClass}>{event.nSeatsTaken}</td>
							<td className={cellClass}>{event.nSeatsLeft ?? 'No limit'}</td>
							<td className={cellClass}>
								<Link to={`/office/events/${event.iEventId}/registrations`} className={linkClass}>
									Registrations<span className="sr-only"> for {event.sTitle}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
