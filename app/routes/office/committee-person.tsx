// /office/committees/{iCommitteeId}/people/new and .../people/{iPersonId}: a person's name, role,
// term and order, their message (paragraphs separated by a blank line) with its publishing, and
// their portrait; .../delete asks before the person goes.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome, replyFileRefused, uploadOf } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { loadMediaBaseUrl } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { ConfirmPage } from '~/components/office/confirm-page'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { FileField } from '~/components/office/file-field'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { ResponsiveImg } from '~/components/responsive-image'
import { OFFICE_COMMITTEE_MESSAGES, personFieldsSchema, type OfficePerson } from '~/contract/office/committees'
import type { Route } from './+types/committee-person'

const ids = (params: { iCommitteeId?: string; iPersonId?: string }) => ({
	iCommitteeId: recordIdParam(params.iCommitteeId, OFFICE_COMMITTEE_MESSAGES.notFound),
	iPersonId: params.iPersonId === undefined ? null : recordIdParam(params.iPersonId, OFFICE_COMMITTEE_MESSAGES.personNotFound),
})
const deleting = (url: URL) => url.pathname.endsWith('/delete')

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.updatePerson)
	const { iCommitteeId, iPersonId } = ids(args.params)
	const [committees, mediaBaseUrl] = await Promise.all([api.officeCommittees.list({}).then(dataOf), loadMediaBaseUrl(api)])
	const committee = committees.find((item) => item.iCommitteeId === iCommitteeId)
	if (!committee) throw data(OFFICE_COMMITTEE_MESSAGES.notFound, { status: 404 })
	const person = iPersonId === null ? null : committee.aPeople.find((item) => item.iPersonId === iPersonId)
	if (person === undefined) throw data(OFFICE_COMMITTEE_MESSAGES.personNotFound, { status: 404 })
	const formSpec = { constraint: getZodConstraint(personFieldsSchema), conflictMessage: OFFICE_COMMITTEE_MESSAGES.personConflict }
	return { committee: { iCommitteeId, sTitle: committee.sTitle }, person, mediaBaseUrl, confirmDelete: deleting(args.url), formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.updatePerson)
	const { iCommitteeId, iPersonId } = ids(args.params)
	const committeePage = `/office/committees/${iCommitteeId}`
	if (iPersonId !== null && deleting(args.url)) throw await alertOutcome(session, await api.officeCommittees.removePerson({ iPersonId }), committeePage, `${committeePage}/people/${iPersonId}`)
	const save = (formData: FormData) =>
		officeForm(formData, {
			schema: personFieldsSchema,
			call: (value) => (iPersonId === null ? api.officeCommittees.addPerson({ iCommitteeId, body: value }) : api.officeCommittees.updatePerson({ iPersonId, body: { ...value, nVersion: Number(formData.get('nVersion')) } })),
			done: (answer) => alertOutcome(session, answer, iPersonId === null ? `${committeePage}/people/${answer.data.iPersonId}` : committeePage),
			conflict: async (yours) => {
				const current = dataOf(await api.officeCommittees.list({}))
					.flatMap((committee) => committee.aPeople)
					.find((person) => person.iPersonId === iPersonId)
				if (!current) throw data(OFFICE_COMMITTEE_MESSAGES.personNotFound, { status: 404 })
				const fields: ConflictField[] = [
					{ label: 'Name', yours: yours.sFullName, current: current.sFullName },
					{ label: 'Role', yours: yours.sRole, current: current.sRole },
					{ label: 'Message title', yours: yours.sMessageTitle ?? '', current: current.sMessageTitle },
					{ label: 'Message published', yours: yours.bMessagePublished ? 'yes' : 'no', current: current.bMessagePublished ? 'yes' : 'no' },
				]
				return { fields, nVersion: current.nVersion }
			},
		})
	if (iPersonId === null) return officeAction(args.request, { save }, 'save')
	const personPage = `${committeePage}/people/${iPersonId}`
	return officeAction(
		args.request,
		{
			save,
			'remove-portrait': async () => alertOutcome(session, await api.officeCommittees.removePortrait({ iPersonId }), personPage),
			portrait: async (formData) => {
				const answer = await api.officeCommittees.setPortrait({ iPersonId, body: uploadOf(formData, ['file']) })
				return answer.ok ? alertOutcome(session, answer, personPage) : replyFileRefused(answer)
			},
		},
		'save',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.person ? `${loaderData.person.sFullName} | Office` : 'New person | Office' }]

function Portrait({ person, mediaBaseUrl, errors }: { person: OfficePerson; mediaBaseUrl: string; errors?: Record<string, string[]> }) {
	const busy = useIsSubmitting('portrait')
	return (
		<section aria-labelledby="portrait-title" className="mt-10">
			<h2 id="portrait-title" className="text-xl font-semibold text-brand-900">
				Portrait
			</h2>
			{person.oPhoto ? (
				<div className="mt-2 flex flex-wrap items-end gap-4">
					<ResponsiveImg image={person.oPhoto} mediaBaseUrl={mediaBaseUrl} sizes="160px" className="h-40 w-40 rounded object-cover" />
					<Form method="post">
						<SubmitButton name="intent" value="remove-portrait" tone="secondary">
							Remove the portrait
						</SubmitButton>
					</Form>
				</div>
			) : (
				<p className="mt-2 text-slate-700">No portrait yet.</p>
			)}
			<Form method="post" encType="multipart/form-data" className="mt-4 grid gap-3 rounded border border-slate-200 p-4">
				<FileField id="portrait-file" name="file" label="New portrait (JPEG, PNG or WebP, up to 5 MB)" accept="image/jpeg,image/png,image/webp" required errors={errors?.file ?? errors?.form} />
				<div>
					<SubmitButton name="intent" value="portrait" disabled={busy}>
						{busy ? 'Uploading…' : 'Save the portrait'}
					</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

type Refused = { result?: SubmissionResult<string[]>; conflict?: ConflictField[]; currentVersion?: number; fileErrors?: Record<string, string[]> }

export default function OfficeCommitteePerson({ loaderData: { committee, person, mediaBaseUrl, confirmDelete, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as Refused | undefined
	const [form, fields, formProps] = useCheckedForm({
		id: `person-${person?.iPersonId ?? 'new'}`,
		lastResult: refused?.result,
		constraint: formSpec.constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/committees').then((contract) => contract.personFieldsSchema)),
		defaultValue: person
			? {
					sFullName: person.sFullName,
					sRole: person.sRole,
					dTermStart: person.dTermStart,
					dTermEnd: person.dTermEnd,
					nSortOrder: String(person.nSortOrder),
					sMessageTitle: person.sMessageTitle,
					sMessage: person.aMessage.join('\n\n'),
					bMessagePublished: person.bMessagePublished ? 'on' : undefined,
				}
			: undefined,
	})
	const busy = useIsSubmitting('save')
	const committeePage = `/office/committees/${committee.iCommitteeId}`
	if (person && confirmDelete) {
		return (
			<ConfirmPage title={`Delete ${person.sFullName} from “${committee.sTitle}”?`} confirmLabel="Delete the person" keepTo={`${committeePage}/people/${person.iPersonId}`} keepLabel="Keep them">
				<p className="text-lg">They go from the committees page for good{person.aMessage.length > 0 ? ', with their message' : ''}.</p>
			</ConfirmPage>
		)
	}
	return (
		<OfficePage
			title={person ? person.sFullName : `New person in “${committee.sTitle}”`}
			lead={
				<Link to={committeePage} className={linkClass}>
					{committee.sTitle}
				</Link>
			}
			actions={
				person ? (
					<Link to={`${committeePage}/people/${person.iPersonId}/delete`} className={linkClass}>
						Delete
					</Link>
				) : null
			}
		>
			{refused?.conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				{person ? <input type="hidden" name="nVersion" value={refused?.currentVersion ?? person.nVersion} /> : null}
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sFullName} label="Name" autoComplete="off" />
				<TextField meta={fields.sRole} label="Role" hint="Chairman, Secretary, Member…" />
				<TextField meta={fields.dTermStart} label="Term starts" type="date" />
				<TextField meta={fields.dTermEnd} label="Term ends" type="date" />
				<TextField meta={fields.nSortOrder} label="Order within the committee (0 first)" type="number" inputMode="numeric" />
				<TextField meta={fields.sMessageTitle} label="Message title (if they have a message)" hint="Like “Chairman’s message”" className="sm:col-start-1" />
				<TextareaField meta={fields.sMessage} label="Message (optional; a blank line between paragraphs)" rows={10} className="sm:col-span-2" />
				<CheckboxField meta={fields.bMessagePublished} label="Message published: the public sees it" className="sm:col-span-2" />
				<div className="sm:col-span-2">
					<SubmitButton name="intent" value="save" disabled={busy}>
						{busy ? 'Saving…' : person ? 'Save the person' : 'Add the person'}
					</SubmitButton>
				</div>
			</Form>
			{person ? <Portrait person={person} mediaBaseUrl={mediaBaseUrl} errors={refused?.fileErrors} /> : <p className="mt-6 text-slate-700">Add the portrait once the person is saved.</p>}
		</OfficePage>
	)
}
