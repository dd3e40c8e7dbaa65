// /office/events/{iEventId}/delete and /cancel: a page that says what will happen before it does.
// An event with registrations cannot be deleted: the page says why and offers cancelling instead.
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { replyButtonRefused } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { ErrorList, SubmitButton } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { OFFICE_EVENT_MESSAGES } from '~/contract/office/events'
import type { Route } from './+types/event-confirm'

const kindOf = (url: URL) => (url.pathname.endsWith('/cancel') ? 'cancel' : 'delete')

const eventId = (params: { iEventId?: string }) => recordIdParam(params.iEventId, OFFICE_EVENT_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeEvents.publish)
	const event = dataOf(await api.officeEvents.details({ iEventId: eventId(args.params) }))
	return { kind: kindOf(args.url), event, hasRegistrations: OFFICE_EVENT_MESSAGES.hasRegistrations }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeEvents.publish)
	const iEventId = eventId(args.params)
	const deleting = kindOf(args.url) === 'delete'
	const answer = deleting ? await api.officeEvents.remove({ iEventId }) : await api.officeEvents.cancel({ iEventId, body: { nVersion: Number((await args.request.formData()).get('nVersion')) } })
	if (!answer.ok) return replyButtonRefused(answer)
	throw await redirectWithOfficeAlert(session, deleting ? '/office/events' : `/office/events/${iEventId}`, answer.message)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.kind === 'delete' ? 'Delete' : 'Cancel'}: ${loaderData.event.sTitle} | Office` : 'Office' }]

export default function EventConfirm({ loaderData: { kind, event, hasRegistrations }, actionData }: Route.ComponentProps) {
	const blocked = kind === 'delete' && event.nRegistrations > 0
	return (
		<OfficePage title={kind === 'delete' ? `Delete “${event.sTitle}”?` : `Cancel “${event.sTitle}”?`}>
			{kind === 'delete' ? (
				blocked ? (
					<p className="text-lg">
						{hasRegistrations}{' '}
						<Link to={`/office/events/${event.iEventId}/cancel`} className={linkClass}>
							Cancel the event
						</Link>
					</p>
				) : (
					<p className="text-lg">The event and its pictures are removed for good. Nobody has registered for it.</p>
				)
			) : (
				<div className="space-y-3 text-lg">
					<p>The event stays on the public pages marked “Cancelled”, and registration closes.</p>
					<p>
						{event.nPaidRegistrations > 0
							? `${event.nPaidRegistrations} paid registrations are waiting for a refund: refund each from the event’s registrations.`
							: 'No paid registrations need a refund.'}
					</p>
				</div>
			)}
			<ErrorList errors={actionData?.error ? [actionData.error] : undefined} />
			<div className="mt-6 flex flex-wrap items-center gap-4">
				{blocked ? null : (
					<Form method="post">
						<input type="hidden" name="nVersion" value={event.nVersion} />
						<SubmitButton>{kind === 'delete' ? 'Delete the event' : 'Cancel the event'}</SubmitButton>
					</Form>
				)}
				<Link to={`/office/events/${event.iEventId}`} className={linkClass}>
					{kind === 'delete' ? 'Keep it' : 'Do not cancel'}
				</Link>
			</div>
		</OfficePage>
	)
}
