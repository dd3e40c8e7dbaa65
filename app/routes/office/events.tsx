// /office/events: the branch's events, drafts and cancelled ones included, with registrations.
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { admits } from '~/contract/office/staff-roles'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { FilterActions } from '~/components/filter-field'
import { buttonClass, controlClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { formatRupees } from '~/contract/payments'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/events'
import { counted } from '~/contract/vocabulary'

const WHEN = ['upcoming', 'past', 'all'] as const
const STATES = ['published', 'draft', 'cancelled'] as const

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = officeCaller(args, apiTable.officeEvents.list)
	const params = args.url.searchParams
	const sWhen = WHEN.find((when) => when === params.get('sWhen')) ?? 'upcoming'
	const sState = STATES.find((state) => state === params.get('sState'))
	const sSearch = (params.get('sSearch') ?? '').slice(0, 100)
	const events = dataOf(await api.officeEvents.list({ query: { oFilter: { sWhen, sState, sSearch: sSearch || undefined } } }))
	const may = {
		edit: admits(apiTable.officeEvents.update.access, staff.sRole),
		registrations: admits(apiTable.officeRegistrations.list.access, staff.sRole),
		write: admits(apiTable.officeRegistrantMail.send.access, staff.sRole),
	}
	return { events, filter: { sWhen, sState: sState ?? '', sSearch }, may }
}

export const meta: Route.MetaFunction = () => [{ title: 'Events | Office' }]

export default function OfficeEvents({ loaderData: { events, filter, may } }: Route.ComponentProps) {
	const filtered = filter.sWhen !== 'upcoming' || Boolean(filter.sState || filter.sSearch)
	return (
		<OfficePage
			title="Events"
			lead="Drafts are invisible to the public until published. An event with registrations is cancelled, not deleted."
			actions={
				may.edit ? (
					<Link to="/office/events/new" className={buttonClass()}>
						New event
					</Link>
				) : null
			}
		>
			<search>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Show
						<select name="sWhen" defaultValue={filter.sWhen} className={controlClass}>
							<option value="upcoming">Upcoming</option>
							<option value="past">Past</option>
							<option value="all">All</option>
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						State
						<select name="sState" defaultValue={filter.sState} className={controlClass}>
							<option value="">Any</option>
							<option value="published">Published</option>
							<option value="draft">Draft</option>
							<option value="cancelled">Cancelled</option>
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						Title, venue or speaker
						<input name="sSearch" defaultValue={filter.sSearch} className={controlClass} />
					</label>
					<FilterActions label="Filter" clearTo="/office/events" filtered={filtered} />
				</Form>
			</search>
			<p role="status" className="my-4 text-slate-700">
				{events.length === 0 ? 'No events match.' : counted(events.length, 'event')}
			</p>
			{events.length > 0 ? (
				<OfficeTable caption="Events" headings={['Event', 'Starts', 'State', 'Fee', 'Registered', '']}>
					{events.map((event) => (
						<tr key={event.iEventId}>
							<td className={cellClass}>
								{may.edit ? (
									<Link to={`/office/events/${event.iEventId}`} className={linkClass}>
										{event.sTitle}
									</Link>
								) : (
									<span className="font-medium">{event.sTitle}</span>
								)}
								<span className="block text-slate-600">{event.sCategory}</span>
							</td>
							<td className={cellClass}>{formatInstantDay(event.dStartDate)}</td>
							<td className={cellClass}>{event.dCancelledAt ? 'Cancelled' : event.bIsPublished ? 'Published' : 'Draft'}</td>
							<td className={cellClass}>{event.nFeePaise ? formatRupees(event.nFeePaise) : 'Free'}</td>
							<td className={cellClass}>
								{event.nRegistrations}
								{event.nSeatLimit ? ` of ${event.nSeatLimit}` : ''}
							</td>
							<td className={cellClass}>
								{may.registrations ? (
									<Link to={`/office/events/${event.iEventId}/registrations`} className={linkClass}>
										Registrations<span className="sr-only"> for {event.sTitle}</span>
									</Link>
								) : null}
								{may.write && event.nRegistrations > 0 ? (
									<Link to={`/office/events/${event.iEventId}/write-to-registrants`} className={`${linkClass} ml-3`}>
										Write to them<span className="sr-only"> (the people of {event.sTitle})</span>
									</Link>
								) : null}
							</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
		</OfficePage>
	)
}
