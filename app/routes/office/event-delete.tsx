// /office/events/{iEventId}/delete: says what deleting removes before it does. An event with
// registrations cannot be deleted: the page says why and offers cancelling instead.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { replyButtonRefused } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { eventIdOf, loadEvent } from '~/.server/office-records'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { ConfirmPage } from '~/components/office/confirm-page'
import { linkClass } from '~/components/office/office-nav'
import { OFFICE_EVENT_MESSAGES } from '~/contract/office/events'
import type { Route } from './+types/event-delete'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeEvents.remove)
	const event = await loadEvent(api, args.params)
	return { event, hasRegistrations: OFFICE_EVENT_MESSAGES.hasRegistrations }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeEvents.remove)
	const answer = await api.officeEvents.remove({ iEventId: eventIdOf(args.params) })
	if (!answer.ok) return replyButtonRefused(answer)
	throw await redirectWithOfficeAlert(session, '/office/events', answer.message)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Delete: ${loaderData.event.sTitle} | Office` : 'Office' }]

export default function EventDelete({ loaderData: { event, hasRegistrations }, actionData }: Route.ComponentProps) {
	const blocked = event.nRegistrations > 0
	return (
		<ConfirmPage
			title={`Delete “${event.sTitle}”?`}
			confirmLabel="Delete the event"
			keepTo={`/office/events/${event.iEventId}`}
			blocked={blocked}
			error={actionData?.error}
		>
			{blocked ? (
				<p className="text-lg">
					{hasRegistrations}{' '}
					<Link to={`/office/events/${event.iEventId}/cancel`} className={linkClass}>
						Cancel the event
					</Link>
				</p>
			) : (
				<p className="text-lg">The event and its pictures are removed for good. Nobody has registered for it.</p>
			)}
		</ConfirmPage>
	)
}
