// /office/committees/{iCommitteeId}: a committee's title, description and order, and its people;
// deleting it is its own page (committee-delete.tsx).
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { committeeIdOf, loadCommittee } from '~/.server/office-records'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { buttonClass } from '~/components/forms'
import { CommitteeForm } from '~/components/office/committee-form'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { CommitteePeople } from '~/components/office/committee-people'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { committeeFieldsSchema, OFFICE_COMMITTEE_MESSAGES } from '~/contract/office/committees'
import type { Route } from './+types/committee'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.update)
	const formSpec = { constraint: getZodConstraint(committeeFieldsSchema), conflictMessage: OFFICE_COMMITTEE_MESSAGES.committeeConflict }
	return { committee: await loadCommittee(api, args.params), formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.update)
	const iCommitteeId = committeeIdOf(args.params)
	const formData = await args.request.formData()
	return officeForm(formData, {
		schema: committeeFieldsSchema,
		call: (value) => api.officeCommittees.update({ iCommitteeId, body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/committees/${iCommitteeId}`, answer.message),
		conflict: async (yours) => {
			const current = await loadCommittee(api, args.params)
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

export default function OfficeCommittee({ loaderData: { committee, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as { result?: SubmissionResult<string[]>; conflict?: ConflictField[]; currentVersion?: number } | undefined
	const base = `/office/committees/${committee.iCommitteeId}`
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
			<CommitteeForm committee={committee} constraint={formSpec.constraint} lastResult={refused?.result} version={refused?.currentVersion} />
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
