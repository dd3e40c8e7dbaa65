// A committee's people as the office lists them, on the committees page and on the committee's own.
import { Link } from 'react-router'
import { cellClass, linkClass, OfficeTable } from '~/components/office/office-nav'
import type { OfficeCommittee } from '~/contract/office/committees'
import { formatDay } from '~/utils/kolkata-date'

export function CommitteePeople({ committee }: { committee: OfficeCommittee }) {
	if (committee.aPeople.length === 0) return <p className="mt-2 text-slate-700">No people yet.</p>
	return (
		<OfficeTable caption={`People of ${committee.sTitle}`} headings={['Order', 'Name', 'Role', 'Term', 'Message', '']}>
			{committee.aPeople.map((person) => (
				<tr key={person.iPersonId}>
					<td className={cellClass}>{person.nSortOrder}</td>
					<td className={cellClass}>{person.sFullName}</td>
					<td className={cellClass}>{person.sRole}</td>
					<td className={cellClass}>
						{formatDay(person.dTermStart)} to {formatDay(person.dTermEnd)}
					</td>
					<td className={cellClass}>{person.aMessage.length === 0 ? '–' : `${person.sMessageTitle} (${person.bMessagePublished ? 'published' : 'draft'})`}</td>
					<td className={cellClass}>
						<Link to={`/office/committees/${committee.iCommitteeId}/people/${person.iPersonId}`} className={linkClass}>
							Edit<span className="sr-only"> {person.sFullName}</span>
						</Link>
					</td>
				</tr>
			))}
		</OfficeTable>
	)
}
