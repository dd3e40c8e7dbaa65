// /office/events/{iEventId}/attendance-sheet: the confirmed registrations on a sheet to print and
// sign at the door, in name order.
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { OFFICE_REGISTRATION_MESSAGES } from '~/contract/office/registrations'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/attendance-sheet'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeRegistrations.list)
	const iEventId = recordIdParam(args.params.iEventId, OFFICE_REGISTRATION_MESSAGES.eventNotFound)
	const list = dataOf(await api.officeRegistrations.list({ iEventId, query: { oFilter: { sStatus: 'confirmed' } } }))
	return { event: list.oEvent, people: [...list.aRegistrations].sort((a, b) => a.sFullName.localeCompare(b.sFullName)) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Attendance sheet: ${loaderData.event.sTitle}` : 'Attendance sheet' }]

export default function AttendanceSheet({ loaderData: { event, people } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-4xl px-4 py-8 print:p-0">
			<h1 className="text-2xl font-semibold">Attendance sheet</h1>
			<p className="mt-1 text-lg">
				{event.sTitle} · {formatInstantDay(event.dStartDate)} · {event.nCpeHours} CPE hours
			</p>
			<p className="mt-1 text-slate-700 print:hidden">Print this page (Ctrl+P); the navigation is left off the printout.</p>
			<table className="mt-6 w-full border-collapse text-left">
				<caption className="sr-only">Confirmed registrations, to sign</caption>
				<thead>
					<tr>
						{['#', 'Name', 'Number', 'Signature'].map((heading) => (
							<th key={heading} scope="col" className="border border-slate-400 px-2 py-1">
								{heading}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{people.map((person, i) => (
						<tr key={person.iRegistrationId} className="h-12">
							<td className="border border-slate-400 px-2">{i + 1}</td>
							<td className="border border-slate-400 px-2">{person.sFullName}</td>
							<td className="border border-slate-400 px-2">{person.sNumber}</td>
							<td className="w-1/3 border border-slate-400 px-2" />
						</tr>
					))}
				</tbody>
			</table>
			{people.length === 0 ? <p className="mt-4">Nobody has a confirmed registration yet.</p> : null}
		</div>
	)
}
