// /office/committees/{iCommitteeId}: a committee's title, description and order, and its people;
// /delete asks before the committee and its people go.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { buttonClass, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { ConfirmPage } from '~/components/office/confirm-page'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { CommitteePeople } from '~/components/office/committee-people'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { committeeFieldsSchema, OFFICE_COMMITTEE_MESSAGES } from '~/contract/office/committees'
import type { Route } from './+types/committee'

const committeeIdOf = (params: { iCommitteeId?: string }) => recordIdParam(params.iCommitteeId, OFFICE_COMMITTEE_MESSAGES.notFound)
const deleting = (url: URL) => url.pathname.endsWith('/delete')

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.update)
	const iCommitteeId = committeeIdOf(args.params)
	const committee = dataOf(await api.officeCommittees.list({})).find((item) => item.iCommitteeId === iCommitteeId)
	if (!committee) throw data(OFFICE_COMMITTEE_MESSAGES.notFound, { status: 404 })
	const formSpec = { constraint: getZodConstraint(committeeFieldsSchema), conflictMessage: OFFICE_COMMITTEE_MESSAGES.committeeConflict }
	return { committee, confirmDelete: deleting(args.url), formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.update)
	const iCommitteeId = committeeIdOf(args.params)
	const committeePage = `/office/committees/${iCommitteeId}`
	if (deleting(args.url)) throw await alertOutcome(session, await api.officeCommittees.remove({ iCommitteeId }), '/office/committees', committeePage)
	const formData = await args.request.formData()
	return officeForm(formData, {
		schema: committeeFieldsSchema,
		call: (value) => api.officeCommittees.update({ iCommitteeId, body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
		done: (answer) => redirectWithOfficeAlert(session, committeePage, answer.message),
		conflict: async (yours) => {
			const current = dataOf(await api.officeCommittees.list({})).find((item) => item.iCommitteeId === iCommitteeId)
			if (!current) throw data(OFFICE_COMMITTEE_MESSAGES.notFound, { status: 404 })
			const fields: ConflictField[] = [
				{ label: 'Title', yours: yours.sTitle, current: current.sTitle },
				{ label: 'Description', yours: yours.sDescription ?? '', current: current.sDescription },
				{ label: 'Order', yours: String(yours.nSortOrder ?? 0), current: String(current.nSortOrder) },
			]
			return { fields, nVersion: current.nVersion }
		},
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.committee.sTitle} | Office` : 'Committee | Office' }]

export default function OfficeCommittee({ loaderData: { committee, confirmDelete, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as { result?: SubmissionResult<string[]>; conflict?: ConflictField[]; currentVersion?: number } | undefined
	const [form, fields, formProps] = useCheckedForm({
		id: `committee-${committee.iCommitteeId}`,
		lastResult: refused?.result,
		constraint: formSpec.constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/committees').then((contract) => contract.committeeFieldsSchema)),
		defaultValue: { sTitle: committee.sTitle, sDescription: committee.sDescription, nSortOrder: String(committee.nSortOrder) },
	})
	const busy = useIsSubmitting()
	const base = `/office/committees/${committee.iCommitteeId}`
	if (confirmDelete) {
		return (
			<ConfirmPage title={`Delete “${committee.sTitle}”?`} confirmLabel="Delete the committee" keepTo={base}>
				<p className="text-lg">
					The committee and its {committee.aPeople.length} {committee.aPeople.length === 1 ? 'person go' : 'people go'} from the committees page for good, with their messages.
				</p>
			</ConfirmPage>
		)
	}
	return (
		<OfficePage
			title={committee.sTitle}
			lead={
				<Link to="/office/committees" className={linkClass}>
					All committees
				</Link>
			}
			actions={
				<Link to={`${base}/delete`} className={linkClass}>
					Delete the committee
				</Link>
			}
		>
			{refused?.conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<input type="hidden" name="nVersion" value={refused?.currentVersion ?? committee.nVersion} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" className="sm:col-span-2" />
				<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
				<TextField meta={fields.nSortOrder} label="Order on the committees page (0 first)" type="number" inputMode="numeric" />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Saving…' : 'Save the committee'}</SubmitButton>
				</div>
			</Form>
			<section aria-labelledby="people-title" className="mt-10">
				<div className="flex flex-wrap items-center justify-between gap-3">
					<h2 id="people-title" className="text-xl font-semibold text-brand-900">
						People
					</h2>
					<Link to={`${base}/people/new`} className={buttonClass('secondary')}>
						Add a person
					</Link>
				</div>
				<CommitteePeople committee={committee} />
			</section>
		</OfficePage>
	)
}
