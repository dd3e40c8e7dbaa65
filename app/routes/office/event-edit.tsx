// /office/events/new and /office/events/{iEventId}: the event form (times in IST, the fee in
// rupees, speakers as rows added with a button that works without JavaScript), publishing (its
// checkbox, saved with the rest, as for every record the public sees), pictures with their descriptions. A save from a form someone else saved after it
// was opened is refused, and both versions are shown.
import { getFieldsetProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome, replyFileRefused, uploadOf } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { CheckboxField, ErrorList, SelectField, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PictureUpload } from '~/components/office/picture-upload'
import { ResponsiveImg } from '~/components/responsive-image'
import { CPE_KINDS } from '~/contract/cpe'
import { EVENT_CATEGORIES } from '~/contract/events'
import { eventCopyFormValues, eventFormFieldsSchema, eventFormSchema, eventFormValues, FORM_FIELD } from '~/contract/office/event-form'
import { OFFICE_EVENT_MESSAGES, type OfficeEvent } from '~/contract/office/events'
import { loadMediaBaseUrl } from '~/.server/replies'
import { formatRupees } from '~/contract/payments'
import type { Route } from './+types/event-edit'
import { formatIndiaMoment } from '~/utils/kolkata-date'
import { CPE_KIND_LABELS } from '~/contract/vocabulary'

const idOf = (param: string | undefined) => (param === undefined ? null : recordIdParam(param, OFFICE_EVENT_MESSAGES.notFound))
/** The event edited, or the one copied on /office/events/{iCopyOf}/copy; neither on /office/events/new. */
const targetOf = ({ params }: { params: { iEventId?: string; iCopyOf?: string } }) => ({ iEventId: idOf(params.iEventId), copyOf: idOf(params.iCopyOf) })

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeEvents.update)
	const { iEventId, copyOf } = targetOf(args)
	const [event, source, mediaBaseUrl] = await Promise.all([
		iEventId ? api.officeEvents.details({ iEventId }).then(dataOf) : null,
		copyOf ? api.officeEvents.details({ iEventId: copyOf }).then(dataOf) : null,
		loadMediaBaseUrl(api),
	])
	// The form's fields, choices and starting values: the browser loads the event schema only for its checks.
	const formSpec = {
		constraint: getZodConstraint(eventFormFieldsSchema),
		defaultValue: event ? eventFormValues(event) : source ? eventCopyFormValues(source) : { sCategory: 'Seminar', sCpeKind: 'structured', aSpeakers: [] },
		categories: EVENT_CATEGORIES,
		cpeKinds: CPE_KINDS,
		conflictMessage: OFFICE_EVENT_MESSAGES.conflict,
	}
	const copied = source ? { iEventId: source.iEventId, sTitle: source.sTitle, nPictures: source.aImages.length } : null
	return { event, copyOf: copied, mediaBaseUrl, formSpec }
}

/** The API's field errors, moved to the form's own field names. */

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeEvents.update)
	const { iEventId, copyOf } = targetOf(args)
	const save = (formData: FormData) =>
		officeForm(formData, {
			schema: eventFormSchema,
			renamed: FORM_FIELD,
			call: (value) =>
				iEventId
					? api.officeEvents.update({ iEventId, body: { ...value, nVersion: Number(formData.get('nVersion')) } })
					: copyOf
						? api.officeEvents.copy({ iEventId: copyOf, body: value })
						: api.officeEvents.create({ body: value }),
			done: (answer) => redirectWithOfficeAlert(session, `/office/events/${answer.data.iEventId}`, answer.message),
			conflict: async (yours) => {
				// Someone else saved first: both versions, the typed one kept in the form.
				const current = dataOf(await api.officeEvents.details({ iEventId: iEventId! }))
				return { fields: conflictFields(yours, current), nVersion: current.nVersion }
			},
		})
	if (!iEventId) return officeAction(args.request, { save }, 'save')
	const eventPage = `/office/events/${iEventId}`
	return officeAction(
		args.request,
		{
			save,
			picture: async (formData) => {
				const answer = await api.officeEvents.addPicture({ iEventId, body: uploadOf(formData, ['file', 'sAlt']) })
				return answer.ok ? redirectWithOfficeAlert(session, eventPage, answer.message) : replyFileRefused(answer)
			},
			'remove-picture': async (formData) =>
				alertOutcome(session, await api.officeEvents.removePicture({ iEventId, nIndex: Number(formData.get('nIndex')) }), eventPage),
		},
		'save',
	)
}

function conflictFields(
	yours: {
		sTitle: string
		sSummary: string
		dStartDate: string
		dEndDate: string
		sVenueName: string
		nFeePaise: number
		nSeatLimit: number | null
		bIsPublished: boolean
	},
	current: OfficeEvent,
): ConflictField[] {
	const when = formatIndiaMoment
	return [
		{ label: 'Title', yours: yours.sTitle, current: current.sTitle },
		{ label: 'Summary', yours: yours.sSummary, current: current.sSummary },
		{ label: 'Starts', yours: when(yours.dStartDate), current: when(current.dStartDate) },
		{ label: 'Ends', yours: when(yours.dEndDate), current: when(current.dEndDate) },
		{ label: 'Venue', yours: yours.sVenueName, current: current.sVenueName },
		{ label: 'Fee', yours: formatRupees(yours.nFeePaise), current: formatRupees(current.nFeePaise) },
		{ label: 'Seats', yours: String(yours.nSeatLimit ?? 'no limit'), current: String(current.nSeatLimit ?? 'no limit') },
		{ label: 'Published', yours: yours.bIsPublished ? 'yes' : 'no', current: current.bIsPublished ? 'yes' : 'no' },
	]
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: loaderData?.event
			? `${loaderData.event.sTitle} | Office`
			: loaderData?.copyOf
				? `Copy of ${loaderData.copyOf.sTitle} | Office`
				: 'New event | Office',
	},
]

type EventFormSpec = Route.ComponentProps['loaderData']['formSpec']

function EventForm({
	event,
	copyOf,
	spec: { constraint, defaultValue, categories, cpeKinds },
	lastResult,
	version,
}: {
	event: OfficeEvent | null
	copyOf: number | null
	spec: EventFormSpec
	lastResult?: SubmissionResult<string[]>
	version?: number
}) {
	const [form, fields, formProps] = useCheckedForm({
		id: event ? `event-${event.iEventId}` : copyOf ? `copy-of-${copyOf}` : 'new-event',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/event-form').then((contract) => contract.eventFormSchema)),
		defaultValue,
	})
	const busy = useIsSubmitting()
	const speakers = fields.aSpeakers.getFieldList()
	return (
		<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
			<input type="hidden" name="nVersion" value={version ?? event?.nVersion ?? 0} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sTitle} label="Title" className="sm:col-span-2" />
			<SelectField meta={fields.sCategory} label="Category" options={categories.map((value) => ({ value, label: value }))} />
			<TextField meta={fields.sSummary} label="Summary (one or two lines for the list)" />
			<TextareaField meta={fields.sDescription} label="Description" hint="Leave a blank line between paragraphs." rows={8} className="sm:col-span-2" />
			<TextField meta={fields.dStart} label="Starts (India time)" type="datetime-local" />
			<TextField meta={fields.dEnd} label="Ends (India time)" type="datetime-local" />
			<TextField meta={fields.sVenueName} label="Venue" />
			<TextField meta={fields.sCity} label="City" />
			<TextField meta={fields.sVenueAddress} label="Venue address" className="sm:col-span-2" />
			<TextField
				meta={fields.sMapUrl}
				label="Map link (optional)"
				type="url"
				hint="Left empty, a map search for the venue is used."
				className="sm:col-span-2"
			/>
			<fieldset className="rounded border border-slate-200 p-4 sm:col-span-2">
				<legend className="px-1 font-medium text-slate-800">Speakers</legend>
				{speakers.length === 0 ? <p className="text-slate-600">No speakers yet.</p> : null}
				{speakers.map((speaker, index) => {
					const parts = speaker.getFieldset()
					return (
						<div key={speaker.key} {...getFieldsetProps(speaker)} className="mb-4 grid gap-3 border-b border-slate-100 pb-4 sm:grid-cols-3">
							<TextField meta={parts.sFullName} label={`Speaker ${index + 1}: name`} />
							<TextField meta={parts.sDesignation} label="Designation" />
							<TextField meta={parts.sTopic} label="Topic" />
							<button
								{...form.remove.getButtonProps({ name: fields.aSpeakers.name, index })}
								className="justify-self-start font-medium text-brand-700 underline"
							>
								Remove speaker {index + 1}
							</button>
						</div>
					)
				})}
				<button
					{...form.insert.getButtonProps({ name: fields.aSpeakers.name, defaultValue: { sFullName: '', sDesignation: '', sTopic: '' } })}
					className="min-h-11 font-medium text-brand-700 underline"
				>
					Add a speaker
				</button>
				<ErrorList id={fields.aSpeakers.errorId} errors={fields.aSpeakers.errors} />
			</fieldset>
			<TextField meta={fields.nCpeHours} label="CPE hours" inputMode="decimal" />
			<SelectField meta={fields.sCpeKind} label="CPE kind" options={cpeKinds.map((value) => ({ value, label: CPE_KIND_LABELS[value] }))} />
			<fieldset className="grid gap-4 rounded border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2">
				<legend className="px-1 font-medium text-slate-800">Fees</legend>
				<TextField
					meta={fields.sFeeRupees}
					label="Fee in rupees, before GST (0 or empty: free)"
					hint="Members pay it, and students too unless they have a fee of their own."
					inputMode="decimal"
				/>
				<TextField meta={fields.sStudentFeeRupees} label="Students’ fee in rupees (empty: as the fee)" inputMode="decimal" />
				<TextField meta={fields.sEarlyBirdFeeRupees} label="Early-bird fee in rupees (empty: none)" inputMode="decimal" />
				<TextField meta={fields.sEarlyBirdStudentFeeRupees} label="Students’ early-bird fee in rupees (empty: none)" inputMode="decimal" />
				<TextField meta={fields.dEarlyBirdUntil} label="Early-bird fee until (last day, India time)" type="date" />
			</fieldset>
			<TextField meta={fields.nSeatLimit} label="Seat limit (empty: no limit)" inputMode="numeric" />
			<TextField meta={fields.dRegistrationCloses} label="Registration closes (India time; empty: at the start)" type="datetime-local" />
			<TextField meta={fields.dCancellationCutoff} label="Cancellations allowed until (empty: until registration closes)" type="datetime-local" />
			<CheckboxField meta={fields.bIsPublished} label="Published: the public sees it" className="sm:col-span-2" />
			<div className="sm:col-span-2">
				<SubmitButton name="intent" value="save" disabled={busy}>
					{busy ? 'Saving…' : event ? 'Save the event' : copyOf ? 'Save the copy as a draft' : 'Create the event'}
				</SubmitButton>
			</div>
		</Form>
	)
}

function Pictures({ event, mediaBaseUrl, errors }: { event: OfficeEvent; mediaBaseUrl: string; errors?: Record<string, string[]> }) {
	return (
		<section aria-labelledby="pictures-title" className="mt-10">
			<h2 id="pictures-title" className="text-xl font-semibold text-brand-900">
				Pictures
			</h2>
			{event.aImages.length === 0 ? <p className="mt-2 text-slate-700">No pictures yet. The first picture is the event’s cover.</p> : null}
			<ul className="mt-3 grid gap-4 sm:grid-cols-3">
				{event.aImages.map((image, index) => (
					<li key={image.sPath} className="min-w-0 rounded border border-slate-200 p-2">
						<ResponsiveImg image={image} mediaBaseUrl={mediaBaseUrl} sizes="(min-width: 576px) 33vw, 100vw" className="aspect-[3/2] w-full object-cover" />
						<p className="mt-1 text-sm">{image.sAlt}</p>
						<Form method="post">
							<input type="hidden" name="nIndex" value={index} />
							<button type="submit" name="intent" value="remove-picture" className="min-h-11 font-medium text-brand-700 underline">
								Remove<span className="sr-only"> the picture “{image.sAlt}”</span>
							</button>
						</Form>
					</li>
				))}
			</ul>
			<PictureUpload id="picture" label="Picture" submitLabel="Add the picture" errors={errors} />
		</section>
	)
}

export default function EventEdit({ loaderData: { event, copyOf, mediaBaseUrl, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as { conflict?: ConflictField[]; currentVersion?: number } | undefined
	const conflict = refused?.conflict && refused.currentVersion !== undefined ? { fields: refused.conflict, version: refused.currentVersion } : null
	const result = actionData && 'result' in actionData ? actionData.result : undefined
	const pictureErrors = actionData && 'fileErrors' in actionData ? (actionData.fileErrors as Record<string, string[]>) : undefined
	const state = !event ? null : event.dCancelledAt ? 'Cancelled' : event.bIsPublished ? 'Published' : 'Draft: the public does not see it'
	return (
		<OfficePage
			title={event ? event.sTitle : copyOf ? `Copy of “${copyOf.sTitle}”` : 'New event'}
			lead={
				<>
					<Link to="/office/events" className={linkClass}>
						All events
					</Link>
					{state ? ` · ${state}` : null}
					{event ? ` · ${event.nRegistrations} registered` : null}
				</>
			}
			actions={
				event ? (
					<>
						<Link to={`/office/events/${event.iEventId}/registrations`} className={linkClass}>
							Registrations
						</Link>
						<Link to={`/office/events/${event.iEventId}/copy`} className={linkClass}>
							Copy event
						</Link>
						{event.bIsPublished && !event.dCancelledAt ? (
							<Link to={`/events/event-details/${event.iEventId}`} className={linkClass}>
								Public page
							</Link>
						) : null}
						{event.dCancelledAt ? null : (
							<Link to={`/office/events/${event.iEventId}/cancel`} className={linkClass}>
								Cancel the event
							</Link>
						)}
						<Link to={`/office/events/${event.iEventId}/delete`} className={linkClass}>
							Delete
						</Link>
					</>
				) : null
			}
		>
			{conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={conflict.fields} /> : null}
			{copyOf ? (
				<p className="border-brand-200 mb-4 rounded border bg-brand-50 p-3 text-slate-800">
					Everything but the dates is copied from the event
					{copyOf.nPictures > 0 ? `, and its ${copyOf.nPictures === 1 ? 'picture comes' : `${copyOf.nPictures} pictures come`} with it` : ''}. Give the new
					dates, then save: the copy is a draft until you publish it.
				</p>
			) : null}
			<EventForm event={event} copyOf={copyOf?.iEventId ?? null} spec={formSpec} lastResult={result} version={conflict?.version} />
			{event ? <Pictures event={event} mediaBaseUrl={mediaBaseUrl} errors={pictureErrors} /> : null}
		</OfficePage>
	)
}
