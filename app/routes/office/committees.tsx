// /office/committees: the committees in their public order, each with its people; a new one is
// added on /office/committees/new.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { buttonClass } from '~/components/forms'
import { CommitteePeople } from '~/components/office/committee-people'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import type { Route } from './+types/committees'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.list)
	return { committees: dataOf(await api.officeCommittees.list({})) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Committees | Office' }]

export default function OfficeCommittees({ loaderData: { committees } }: Route.ComponentProps) {
	return (
		<OfficePage
			title="Committees"
			lead="The committees page and the home page’s message show these, in this order. A message is public once published."
			actions={
				<Link to="/office/committees/new" className={buttonClass()}>
					New committee
				</Link>
			}
		>
			{committees.length === 0 ? <p className="text-slate-700">No committees yet.</p> : null}
			{committees.map((committee) => (
				<section key={committee.iCommitteeId} aria-labelledby={`committee-${committee.iCommitteeId}`} className="mb-8">
					<h2 id={`committee-${committee.iCommitteeId}`} className="text-xl font-semibold text-brand-900">
						<Link to={`/office/committees/${committee.iCommitteeId}`} className={linkClass}>
							{committee.sTitle}
						</Link>
					</h2>
					<CommitteePeople committee={committee} />
				</section>
			))}
		</OfficePage>
	)
}
