// /office/events/{iEventId}/write-to-registrants: the office writes to an event's people (everyone
// registered, the confirmed, those present, or the waiting list), each choice showing how many it
// reaches; sent as a mailing, whose progress follows on the same page like a newsletter issue's.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { dataOf, recordIdParam } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SelectField, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { MailingProgress, useRefreshWhileSending } from '~/components/office/mailing-progress'
import { useHydrated } from '~/components/use-hydrated'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import {
	REGISTRANT_AUDIENCE_LABELS,
	REGISTRANT_AUDIENCES,
	REGISTRANT_MAIL_MESSAGES,
	registrantMessageSchema,
	type RegistrantMessage,
} from '~/contract/office/registrant-mail'
import { admits } from '~/contract/office/staff-roles'
import { apiTable } from '~/contract/table'
import { formatInstantDay, formatIndiaMoment } from '~/utils/kolkata-date'
import type { Route } from './+types/event-write'

const eventId = (params: { iEventId?: string }) => recordIdParam(params.iEventId, REGISTRANT_MAIL_MESSAGES.eventNotFound)
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = officeCaller(args, apiTable.officeRegistrantMail.overview)
	const iEventId = eventId(args.params)
	const overview = dataOf(await api.officeRegistrantMail.overview({ iEventId }))
	return {
		overview,
		constraint: getZodConstraint(registrantMessageSchema),
		mayListRegistrations: admits(apiTable.officeRegistrations.list.access, staff.sRole),
	}
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeRegistrantMail.send)
	const iEventId = eventId(args.params)
	const here = `/office/events/${iEventId}/write-to-registrants`
	return officeAction(
		args.request,
		{
			'retry-failed': async (formData) => {
				const iRecordId = recordIdParam(String(formData.get('iRecordId') ?? ''), REGISTRANT_MAIL_MESSAGES.messageNotFound)
				return alertOutcome(session, await api.officeRegistrantMail.retryFailed({ iEventId, iRecordId }), here)
			},
			send: (formData) =>
				officeForm(formData, {
					schema: registrantMessageSchema,
					call: (body) => api.officeRegistrantMail.send({ iEventId, body }),
					done: (answer) => redirectWithOfficeAlert(session, here, `${answer.message} (${people(answer.data.aMessages[0]?.oProgress.nLeft ?? 0)} to go)`),
				}),
		},
		'send',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Write to the people of “${loaderData.overview.oEvent.sTitle}” | Office` : 'Write to registrants | Office' },
]

export default function WriteToRegistrants({ loaderData: { overview, constraint, mayListRegistrations }, actionData }: Route.ComponentProps) {
	const busy = useIsSubmitting()
	const { oEvent: event, oAudiences: counts, aMessages: messages } = overview
	useRefreshWhileSending(messages.some((message) => message.oProgress.nLeft > 0))
	const [form, fields, formProps] = useCheckedForm<RegistrantMessage>({
		id: 'registrant-message',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/registrant-mail').then((contract) => contract.registrantMessageSchema)),
		defaultValue: { sAudience: 'registered' },
	})
	// The count follows the choice only in a browser running the page's script; without it, each choice names its own.
	const live = useHydrated()
	const chosen = REGISTRANT_AUDIENCES.find((audience) => audience === fields.sAudience.value)
	const here = `/office/events/${event.iEventId}/write-to-registrants`
	return (
		<OfficePage
			title={`Write to the people of “${event.sTitle}”`}
			lead={`${formatInstantDay(event.dStartDate)}${event.bCancelled ? ' · cancelled' : ''} · each person gets one mail with your subject and text, the event's date, venue and page, and why they get it. A move or a cancellation is mailed by itself when you save it.`}
			actions={
				<Link to={mayListRegistrations ? `/office/events/${event.iEventId}/registrations` : '/office/events'} className={linkClass}>
					{mayListRegistrations ? 'Registrations' : 'Events'}
				</Link>
			}
		>
			<div className="grid gap-6 lg:grid-cols-2">
				<Form method="post" {...formProps} className="grid content-start gap-4 rounded border border-slate-300 p-4">
					<h2 className="text-xl font-semibold text-brand-900">New message</h2>
					<ErrorList id={form.errorId} errors={form.errors} />
					<SelectField
						meta={fields.sAudience}
						label="To"
						options={REGISTRANT_AUDIENCES.map((audience) => ({
							value: audience,
							label: `${REGISTRANT_AUDIENCE_LABELS[audience]}: ${people(counts[audience])}`,
						}))}
					/>
					{live && chosen ? (
						<p role="status" className="text-slate-700">
							{`This message goes to ${people(counts[chosen])}.`}
						</p>
					) : null}
					<TextField meta={fields.sSubject} label="Subject" hint="The mail's subject is this, then the event's title." />
					<TextareaField meta={fields.sBody} label="Message" rows={8} hint="Leave a blank line between paragraphs. Addresses on the web become links." />
					<div>
						<SubmitButton disabled={busy}>Send</SubmitButton>
					</div>
				</Form>
				<section aria-labelledby="sent-heading" className="grid content-start gap-4">
					<h2 id="sent-heading" className="text-xl font-semibold text-brand-900">
						Sent
					</h2>
					{messages.length === 0 ? <p className="text-slate-700">Nothing yet.</p> : null}
					{messages.some((message) => message.oProgress.nLeft > 0) ? (
						<p>
							<Link to={here} className={linkClass}>
								See how far it has got
							</Link>
						</p>
					) : null}
					{messages.map((message) => (
						<article key={message.iRecordId} className="grid gap-2">
							<MailingProgress
								progress={message.oProgress}
								title={message.sSubject}
								headingId={`message-${message.iRecordId}`}
								skippedNote="they cancelled their registration or closed their account since"
							/>
							<p className="text-slate-700">
								{`To ${REGISTRANT_AUDIENCE_LABELS[message.sAudience].toLowerCase()}, ${formatIndiaMoment(message.dCreatedAt)}${message.sSentBy ? `, by ${message.sSentBy}` : ''}`}
							</p>
							{message.oProgress.nFailed > 0 ? (
								<Form method="post">
									<input type="hidden" name="iRecordId" value={message.iRecordId} />
									<SubmitButton name="intent" value="retry-failed" tone="secondary" disabled={busy}>
										{`Send again to the ${message.oProgress.nFailed} failed`}
									</SubmitButton>
								</Form>
							) : null}
						</article>
					))}
				</section>
			</div>
		</OfficePage>
	)
}
