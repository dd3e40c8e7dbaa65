// /office/events/{iEventId}/cancel: says what cancelling does (the event stays public, marked
// cancelled; paid registrations wait for their refunds) before it does.
import { officeCaller } from '~/.server/office-caller'
import { replyButtonRefused } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { eventIdOf, loadEvent } from '~/.server/office-records'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/event-cancel'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeEvents.cancel)
	return { event: await loadEvent(api, args.params) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeEvents.cancel)
	const iEventId = eventIdOf(args.params)
	const answer = await api.officeEvents.cancel({ iEventId, body: { nVersion: Number((await args.request.formData()).get('nVersion')) } })
	if (!answer.ok) return replyButtonRefused(answer)
	throw await redirectWithOfficeAlert(session, `/office/events/${iEventId}`, answer.message)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Cancel: ${loaderData.event.sTitle} | Office` : 'Office' }]

export default function EventCancel({ loaderData: { event }, actionData }: Route.ComponentProps) {
	return (
		<ConfirmPage
			title={`Cancel “${event.sTitle}”?`}
			confirmLabel="Cancel the event"
			keepTo={`/office/events/${event.iEventId}`}
			keepLabel="Do not cancel"
			version={event.nVersion}
			error={actionData?.error}
		>
			<div className="space-y-3 text-lg">
				<p>The event stays on the public pages marked “Cancelled”, and registration closes.</p>
				<p>
					{event.nPaidRegistrations > 0
						? `${event.nPaidRegistrations} paid registrations are waiting for a refund: refund each from the event’s registrations.`
						: 'No paid registrations need a refund.'}
				</p>
			</div>
		</ConfirmPage>
	)
}
