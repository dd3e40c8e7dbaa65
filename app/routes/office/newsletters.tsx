// /office/newsletters: the issues, drafts included; a new one is added on /office/newsletters/new.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { buttonClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { formatMonth } from '~/utils/kolkata-date'
import type { Route } from './+types/newsletters'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeNewsletters.list)
	return { issues: dataOf(await api.officeNewsletters.list({})) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Newsletters | Office' }]

export default function OfficeNewsletters({ loaderData: { issues } }: Route.ComponentProps) {
	return (
		<OfficePage
			title="Newsletters"
			lead="Unpublished issues are invisible to the public."
			actions={
				<Link to="/office/newsletters/new" className={buttonClass()}>
					New issue
				</Link>
			}
		>
			{issues.length === 0 ? (
				<p className="text-slate-700">No issues yet.</p>
			) : (
				<OfficeTable caption="Newsletter issues" headings={['Issue', 'Month', 'State', 'PDF', '']}>
					{issues.map((issue) => (
						<tr key={issue.iRecordId}>
							<td className={cellClass}>{issue.sTitle}</td>
							<td className={cellClass}>{formatMonth(`${issue.sMonth}-01`)}</td>
							<td className={cellClass}>{issue.bIsPublished ? 'Published' : 'Draft'}</td>
							<td className={cellClass}>
								{issue.nPageCount} pages, {Math.ceil(issue.nPdfBytes / 1024)} KB
							</td>
							<td className={cellClass}>
								<Link to={`/office/newsletters/${issue.iRecordId}`} className={linkClass}>
									Edit<span className="sr-only"> {issue.sTitle}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
