// /office/committees/{iCommitteeId}/people/{iPersonId}/delete: asks before the person goes from
// the committees page, with their message.
import { officeCaller } from '~/.server/office-caller'
import { committeeIdOf, loadPerson, personIdOf } from '~/.server/office-records'
import { alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/committee-person-delete'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.removePerson)
	return await loadPerson(api, args.params)
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.removePerson)
	const committeePage = `/office/committees/${committeeIdOf(args.params)}`
	const iPersonId = personIdOf(args.params)
	throw await alertOutcome(session, await api.officeCommittees.removePerson({ iPersonId }), committeePage, `${committeePage}/people/${iPersonId}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.person.sFullName} | Office` : 'New person | Office' }]

export default function CommitteePersonDelete({ loaderData: { committee, person } }: Route.ComponentProps) {
	return (
		<ConfirmPage
			title={`Delete ${person.sFullName} from “${committee.sTitle}”?`}
			confirmLabel="Delete the person"
			keepTo={`/office/committees/${committee.iCommitteeId}/people/${person.iPersonId}`}
			keepLabel="Keep them"
		>
			<p className="text-lg">They go from the committees page for good{person.aMessage.length > 0 ? ', with their message' : ''}.</p>
		</ConfirmPage>
	)
}
