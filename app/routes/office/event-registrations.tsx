// /office/events/{iEventId}/registrations: who registered for an event, with search and a status
// filter, the CSV and a printable attendance sheet; on the day, attendance is marked with a
// checkbox per person or by the number a person gives at the desk, and can be taken back. Each
// mark credits the event's CPE hours through the ledger's rules.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { admits } from '~/contract/office/staff-roles'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { FilterActions } from '~/components/filter-field'
import { controlClass, ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { CardCell, CardRow, cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { deskAttendanceSchema, OFFICE_REGISTRATION_MESSAGES, type WaitingListEntry } from '~/contract/office/registrations'
import { NO_PAYMENT_LABEL, PAYMENT_STATUS_LABELS, REGISTRATION_STATUS_LABELS, WAITING_LIST_STATUS_LABELS } from '~/contract/vocabulary'
import { REGISTRATION_STATUSES } from '~/contract/registrations'
import { formatInstantDay } from '~/utils/kolkata-date'
import { formatMoment } from '~/utils/event-format'
import type { Route } from './+types/event-registrations'

const eventId = (params: { iEventId?: string }) => recordIdParam(params.iEventId, OFFICE_REGISTRATION_MESSAGES.eventNotFound)

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = officeCaller(args, apiTable.officeRegistrations.list)
	const iEventId = eventId(args.params)
	const raw = { sStatus: args.url.searchParams.get('sStatus') ?? '', sSearch: args.url.searchParams.get('sSearch') ?? '' }
	const status = (REGISTRATION_STATUSES as readonly string[]).includes(raw.sStatus) ? raw.sStatus : ''
	const [list, waitingList] = await Promise.all([
		api.officeRegistrations.list({ iEventId, query: { oFilter: { sStatus: status, sSearch: raw.sSearch.slice(0, 100) } } }).then(dataOf),
		api.officeRegistrations.waitingList({ iEventId }).then(dataOf),
	])
	const mayWrite = admits(apiTable.officeRegistrantMail.send.access, staff.sRole)
	return { iEventId, raw, list, waitingList, statuses: REGISTRATION_STATUSES, deskConstraint: getZodConstraint(deskAttendanceSchema), mayWrite }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeRegistrations.list)
	const iEventId = eventId(args.params)
	const back = `/office/events/${iEventId}/registrations`
	/** An "Undo" button names its registration; the main button sends the ticked boxes. */
	const attendance = async (formData: FormData) => {
		const undo = formData.has('iUndoId')
		const ids = formData
			.getAll(undo ? 'iUndoId' : 'aRegistrationIds')
			.map((value) => Number(value))
			.filter((id) => Number.isInteger(id) && id > 0)
		if (ids.length === 0) return redirectWithOfficeAlert(session, back, 'Tick at least one person to mark present.', 'error')
		const call = undo ? api.officeRegistrations.unmarkAttendance : api.officeRegistrations.markAttendance
		const answer = await call({ body: { iEventId, aRegistrationIds: ids } })
		// The reasons themselves (the event has not started, who is not confirmed), not "correct the fields" above a list of boxes.
		return alertOutcome(
			session,
			answer.ok
				? answer
				: {
						...answer,
						message:
							Object.values(answer.errors ?? {})
								.flat()
								.join(' ') || answer.message,
					},
			back,
		)
	}
	return officeAction(
		args.request,
		{
			desk: (formData) =>
				officeForm(formData, {
					schema: deskAttendanceSchema,
					call: (body) => api.officeRegistrations.markAtDesk({ iEventId, body }),
					done: (answer) => redirectWithOfficeAlert(session, back, answer.message),
				}),
			mark: attendance,
		},
		'mark',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Registrations: ${loaderData.list.oEvent.sTitle} | Office` : 'Registrations | Office' },
]

function DeskForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'desk-attendance',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/registrations').then((contract) => contract.deskAttendanceSchema)),
	})
	const busy = useIsSubmitting('desk')
	return (
		<Form method="post" {...formProps} className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-slate-50 p-4">
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sNumber} label="Membership or registration number" autoComplete="off" autoCapitalize="characters" className="min-w-64 flex-1" />
			<SubmitButton name="intent" value="desk" disabled={busy}>
				{busy ? 'Marking…' : 'Mark present'}
			</SubmitButton>
		</Form>
	)
}

function WaitingList({ entries }: { entries: WaitingListEntry[] }) {
	if (entries.length === 0) return null
	return (
		<section aria-labelledby="waiting-list-heading" className="mt-10">
			<h2 id="waiting-list-heading" className="mb-2 text-xl font-semibold text-brand-900">
				Waiting list
			</h2>
			<p className="mb-3 text-slate-700">A freed seat is offered to the first person waiting, by e-mail, and held for them for a while; then it passes on.</p>
			<OfficeTable caption="Waiting list, in the order people joined" headings={['Name', 'Number', 'E-mail', 'Joined', 'Status']}>
				{entries.map((entry) => (
					<tr key={entry.iEntryId}>
						<td className={cellClass}>{entry.sFullName}</td>
						<td className={cellClass}>{entry.sNumber}</td>
						<td className={cellClass}>{entry.sEmail}</td>
						<td className={cellClass}>{formatMoment(entry.dJoinedAt)}</td>
						<td className={cellClass}>
							{WAITING_LIST_STATUS_LABELS[entry.sStatus]}
							{entry.sStatus === 'offered' && entry.dOfferExpiresAt ? `, until ${formatMoment(entry.dOfferExpiresAt)}` : ''}
						</td>
					</tr>
				))}
			</OfficeTable>
		</section>
	)
}

export default function EventRegistrations({
	loaderData: { iEventId, raw, list, waitingList, statuses, deskConstraint, mayWrite },
	actionData,
}: Route.ComponentProps) {
	const { oEvent: event, oCounts: counts } = list
	const filtered = Boolean(raw.sStatus || raw.sSearch)
	const query = new URLSearchParams({
		iEventId: String(iEventId),
		...(raw.sStatus ? { sStatus: raw.sStatus } : {}),
		...(raw.sSearch ? { sSearch: raw.sSearch } : {}),
	})
	return (
		<OfficePage
			title={event.sTitle}
			lead={`Registrations · starts ${formatInstantDay(event.dStartDate)} · ${event.nCpeHours} CPE hours · ${counts.nConfirmed} confirmed, ${counts.nPending} waiting for payment, ${counts.nCancelled} cancelled, ${counts.nAttended} present`}
			actions={
				<>
					<a href={`/office/files/registrations?${query}`} className={linkClass} download>
						Download CSV
					</a>
					<Link to={`/office/events/${iEventId}/attendance-sheet`} className={linkClass}>
						Attendance sheet to print
					</Link>
					<Link to={`/office/events/${iEventId}/check-in`} className={linkClass}>
						Check-in at the door
					</Link>
					{mayWrite ? (
						<Link to={`/office/events/${iEventId}/write-to-registrants`} className={linkClass}>
							Write to registrants
						</Link>
					) : null}
				</>
			}
		>
			<h2 className="mb-2 text-xl font-semibold text-brand-900">At the desk</h2>
			<DeskForm constraint={deskConstraint} lastResult={actionData?.result} />
			<search className="mt-6 block">
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Status
						<select name="sStatus" defaultValue={raw.sStatus} className={controlClass}>
							<option value="">Any</option>
							{statuses.map((status) => (
								<option key={status} value={status}>
									{REGISTRATION_STATUS_LABELS[status]}
								</option>
							))}
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						Name, number or e-mail
						<input name="sSearch" defaultValue={raw.sSearch} className={controlClass} />
					</label>
					<FilterActions label="Filter" clearTo={`/office/events/${iEventId}/registrations`} filtered={filtered} />
				</Form>
			</search>
			<p role="status" className="my-4 text-slate-700">
				{list.aRegistrations.length === 0 ? 'Nobody matches.' : `${list.aRegistrations.length} shown`}
			</p>
			{list.aRegistrations.length > 0 ? (
				<Form method="post">
					<OfficeTable
						caption="Registrations; tick the people who are present"
						headings={['Present', 'Name', 'Number', 'Status', 'Payment', 'Registered', 'CPE hours', '']}
						cards
					>
						{list.aRegistrations.map((row) => (
							<CardRow key={row.iRegistrationId}>
								<CardCell label="Present">
									{row.dAttendedAt ? (
										<span>Yes</span>
									) : row.sStatus === 'confirmed' ? (
										<input
											type="checkbox"
											name="aRegistrationIds"
											value={row.iRegistrationId}
											aria-label={`${row.sFullName} is present`}
											className="size-5 accent-brand-700"
										/>
									) : (
										<span className="text-slate-600">—</span>
									)}
								</CardCell>
								<CardCell label="Name" className="font-medium md:font-normal">
									{row.sFullName}
								</CardCell>
								<CardCell label="Number">{row.sNumber}</CardCell>
								<CardCell label="Status">{REGISTRATION_STATUS_LABELS[row.sStatus]}</CardCell>
								<CardCell label="Payment">
									{row.iPaymentId ? (
										<Link to={`/office/payments/${row.iPaymentId}`} className={linkClass}>
											{row.sPaymentStatus ? PAYMENT_STATUS_LABELS[row.sPaymentStatus] : 'Open'}
										</Link>
									) : (
										NO_PAYMENT_LABEL
									)}
								</CardCell>
								<CardCell label="Registered">{formatInstantDay(row.dRegisteredAt)}</CardCell>
								<CardCell label="CPE hours">{row.nCpeHoursCredited || '—'}</CardCell>
								<CardCell label="">
									{row.dAttendedAt ? (
										<button type="submit" name="iUndoId" value={row.iRegistrationId} className="min-h-11 font-medium text-brand-700 underline">
											Undo<span className="sr-only"> the mark for {row.sFullName}</span>
										</button>
									) : null}
								</CardCell>
							</CardRow>
						))}
					</OfficeTable>
					<div className="mt-4">
						<SubmitButton name="intent" value="mark">
							Mark ticked people present
						</SubmitButton>
					</div>
				</Form>
			) : null}
			<WaitingList entries={waitingList} />
		</OfficePage>
	)
}
