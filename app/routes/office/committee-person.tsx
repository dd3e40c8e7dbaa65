// /office/committees/{iCommitteeId}/people/{iPersonId}: a person's name, role, term and order,
// their message with its publishing, and their portrait; deleting them is its own page
// (committee-person-delete.tsx).
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { committeeIdOf, loadPerson, personIdOf } from '~/.server/office-records'
import { officeAction, officeForm, alertOutcome, replyFileRefused, uploadOf } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, loadMediaBaseUrl } from '~/.server/replies'
import { SubmitButton, useIsSubmitting } from '~/components/forms'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { FileField } from '~/components/office/file-field'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PersonForm } from '~/components/office/person-form'
import { ResponsiveImg } from '~/components/responsive-image'
import { OFFICE_COMMITTEE_MESSAGES, personFieldsSchema, type OfficePerson } from '~/contract/office/committees'
import type { Route } from './+types/committee-person'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.updatePerson)
	const [{ committee, person }, mediaBaseUrl] = await Promise.all([loadPerson(api, args.params), loadMediaBaseUrl(api)])
	const formSpec = { constraint: getZodConstraint(personFieldsSchema), conflictMessage: OFFICE_COMMITTEE_MESSAGES.personConflict }
	return { committee, person, mediaBaseUrl, formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.updatePerson)
	const committeePage = `/office/committees/${committeeIdOf(args.params)}`
	const iPersonId = personIdOf(args.params)
	const personPage = `${committeePage}/people/${iPersonId}`
	return officeAction(
		args.request,
		{
			save: (formData) =>
				officeForm(formData, {
					schema: personFieldsSchema,
					call: (value) => api.officeCommittees.updatePerson({ iPersonId, body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
					done: (answer) => alertOutcome(session, answer, committeePage),
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
				}),
			'remove-portrait': async () => alertOutcome(session, await api.officeCommittees.removePortrait({ iPersonId }), personPage),
			portrait: async (formData) => {
				const answer = await api.officeCommittees.setPortrait({ iPersonId, body: uploadOf(formData, ['file']) })
				return answer.ok ? alertOutcome(session, answer, personPage) : replyFileRefused(answer)
			},
		},
		'save',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.person.sFullName} | Office` : 'New person | Office' }]

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
				<FileField
					id="portrait-file"
					name="file"
					label="New portrait (JPEG, PNG or WebP, up to 5 MB)"
					accept="image/jpeg,image/png,image/webp"
					required
					errors={errors?.file ?? errors?.form}
				/>
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

export default function OfficeCommitteePerson({ loaderData: { committee, person, mediaBaseUrl, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as Refused | undefined
	const committeePage = `/office/committees/${committee.iCommitteeId}`
	return (
		<OfficePage
			title={person.sFullName}
			lead={
				<Link to={committeePage} className={linkClass}>
					{committee.sTitle}
				</Link>
			}
			actions={
				<Link to={`${committeePage}/people/${person.iPersonId}/delete`} className={linkClass}>
					Delete
				</Link>
			}
		>
			{refused?.conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={refused.conflict} /> : null}
			<PersonForm person={person} constraint={formSpec.constraint} lastResult={refused?.result} version={refused?.currentVersion} />
			<Portrait person={person} mediaBaseUrl={mediaBaseUrl} errors={refused?.fileErrors} />
		</OfficePage>
	)
}
