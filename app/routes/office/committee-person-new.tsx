// /office/committees/{iCommitteeId}/people/new: adds a person to the committee; their portrait is
// added on their page once they are saved.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { committeeIdOf, loadCommittee } from '~/.server/office-records'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PersonForm } from '~/components/office/person-form'
import { personFieldsSchema } from '~/contract/office/committees'
import type { Route } from './+types/committee-person-new'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.addPerson)
	const { iCommitteeId, sTitle } = await loadCommittee(api, args.params)
	return { committee: { iCommitteeId, sTitle }, constraint: getZodConstraint(personFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.addPerson)
	const iCommitteeId = committeeIdOf(args.params)
	return officeAction(
		args.request,
		{
			save: (formData) =>
				officeForm(formData, {
					schema: personFieldsSchema,
					call: (body) => api.officeCommittees.addPerson({ iCommitteeId, body }),
					done: (answer) => alertOutcome(session, answer, `/office/committees/${iCommitteeId}/people/${answer.data.iPersonId}`),
				}),
		},
		'save',
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'New person | Office' }]

export default function CommitteePersonNew({ loaderData: { committee, constraint }, actionData }: Route.ComponentProps) {
	return (
		<OfficePage
			title={`New person in “${committee.sTitle}”`}
			lead={
				<Link to={`/office/committees/${committee.iCommitteeId}`} className={linkClass}>
					{committee.sTitle}
				</Link>
			}
		>
			<PersonForm constraint={constraint} lastResult={actionData?.result} />
			<p className="mt-6 text-slate-700">Add the portrait once the person is saved.</p>
		</OfficePage>
	)
}
