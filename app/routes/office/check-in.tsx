// /office/events/{iEventId}/check-in: the door. Without JavaScript, a field that takes a ticket's
// code (a USB or Bluetooth scanner types it and presses Enter) or a membership or registration
// number; with JavaScript, also the camera scanning continuously and a queue that keeps working
// when the venue's network drops (app/components/office/door-scanner.tsx). Every check-in is a
// mark through the one attendance path, which credits the event's CPE hours; undo stays.
import { useCallback, useRef } from 'react'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { dataOf, recordIdParam } from '~/.server/replies'
import { DoorResultBox, DoorScanner, useDoor } from '~/components/office/door-scanner'
import { controlClass, ErrorList, SubmitButton } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { useHydrated } from '~/components/use-hydrated'
import { checkInSchema, OFFICE_REGISTRATION_MESSAGES } from '~/contract/office/registrations'
import { apiTable } from '~/contract/table'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/check-in'

const eventId = (params: { iEventId?: string }) => recordIdParam(params.iEventId, OFFICE_REGISTRATION_MESSAGES.eventNotFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeRegistrations.checkInDesk)
	const iEventId = eventId(args.params)
	return { iEventId, desk: dataOf(await api.officeRegistrations.checkInDesk({ iEventId })) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeRegistrations.checkIn)
	const iEventId = eventId(args.params)
	return officeAction(
		args.request,
		{
			undo: async (formData) => {
				const answer = await api.officeRegistrations.unmarkAttendance({ body: { iEventId, aRegistrationIds: [Number(formData.get('iRegistrationId'))] } })
				return alertOutcome(session, answer.ok ? { ...answer, message: 'Check-in undone.' } : answer, `/office/events/${iEventId}/check-in`)
			},
			check: (formData) =>
				officeForm(formData, {
					schema: checkInSchema,
					call: (body) => api.officeRegistrations.checkIn({ iEventId, body }),
					done: (answer) => ({ checkIn: answer.data }),
				}),
		},
		'check',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Check-in: ${loaderData.desk.oEvent.sTitle} | Office` : 'Check-in | Office' },
]

export default function CheckIn({ loaderData: { iEventId, desk }, actionData }: Route.ComponentProps) {
	const served = actionData && 'checkIn' in actionData ? actionData.checkIn : null
	const door = useDoor(iEventId, desk, served)
	const hydrated = useHydrated()
	const count = useRef<HTMLParagraphElement>(null)
	// The same function every render: the camera's effect restarts when it changes.
	const showCount = useCallback(() => count.current?.scrollIntoView({ block: 'start' }), [])
	const fieldErrors = actionData && 'result' in actionData ? actionData.result.error?.sCode : undefined
	return (
		<OfficePage
			title={`Check-in: ${desk.oEvent.sTitle}`}
			lead={`Starts ${formatInstantDay(desk.oEvent.dStartDate)}.`}
			actions={
				<Link to={`/office/events/${iEventId}/registrations`} className={linkClass}>
					Registrations
				</Link>
			}
		>
			<p ref={count} id="door-count" className="scroll-mt-2 text-2xl font-semibold text-slate-900" aria-live="polite">
				<span data-testid="present-count">{door.present}</span> present of {door.expected} expected
				{door.queued > 0 ? <span className="ml-3 rounded bg-amber-100 px-2 text-lg text-amber-900">{door.queued} waiting to be sent</span> : null}
			</p>
			<DoorResultBox result={door.result} />
			{door.result?.sOutcome === 'checked-in' && door.result.iRegistrationId && !door.result.bQueued ? (
				// A whole page load after undoing: the screen starts afresh from the server's counts.
				<Form method="post" reloadDocument className="mt-2">
					<input type="hidden" name="iRegistrationId" value={door.result.iRegistrationId} />
					<button type="submit" name="intent" value="undo" className="font-medium text-brand-700 underline">
						Undo this check-in
					</button>
				</Form>
			) : null}
			{/* The camera and photos need scripts: without them the page offers only what works, the typed code.
			    The video comes right under the outcome, so that a phone shows both. */}
			{hydrated ? <DoorScanner onCode={door.scan} onStart={showCount} /> : null}
			{/* Without scripts the answer is a new page: it opens at the count and outcome, not at the header. */}
			<Form
				method="post"
				action={`/office/events/${iEventId}/check-in#door-count`}
				onSubmit={door.onSubmit}
				className="mt-6 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-slate-50 p-4"
			>
				<label className="block min-w-64 flex-1 font-medium text-slate-800">
					Ticket code, membership or registration number
					<input
						name="sCode"
						autoFocus
						autoComplete="off"
						autoCapitalize="characters"
						spellCheck={false}
						required
						maxLength={40}
						aria-invalid={fieldErrors ? true : undefined}
						aria-describedby={fieldErrors ? 'sCode-error' : undefined}
						className={controlClass}
					/>
					<ErrorList id="sCode-error" errors={fieldErrors} />
				</label>
				<SubmitButton>Check in</SubmitButton>
			</Form>
		</OfficePage>
	)
}
