// /office/committees/{iCommitteeId}/delete: asks before the committee and its people go.
import { officeCaller } from '~/.server/office-caller'
import { committeeIdOf, loadCommittee } from '~/.server/office-records'
import { alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/committee-delete'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.remove)
	return { committee: await loadCommittee(api, args.params) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.remove)
	const iCommitteeId = committeeIdOf(args.params)
	throw await alertOutcome(session, await api.officeCommittees.remove({ iCommitteeId }), '/office/committees', `/office/committees/${iCommitteeId}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.committee.sTitle} | Office` : 'Committee | Office' }]

export default function CommitteeDelete({ loaderData: { committee } }: Route.ComponentProps) {
	return (
		<ConfirmPage title={`Delete “${committee.sTitle}”?`} confirmLabel="Delete the committee" keepTo={`/office/committees/${committee.iCommitteeId}`}>
			<p className="text-lg">
				The committee and its {committee.aPeople.length} {committee.aPeople.length === 1 ? 'person go' : 'people go'} from the committees page for good, with
				their messages.
			</p>
		</ConfirmPage>
	)
}
