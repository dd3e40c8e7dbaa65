// /office/pages: the information pages, with whether each has a draft waiting to be published.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { PAGE_LABELS } from '~/contract/office/pages'
import type { Route } from './+types/pages'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officePages.list)
	// Each page with its public address and name (from the contract, which the browser does not load for this page).
	return { pages: dataOf(await api.officePages.list({})).map((page) => ({ ...page, label: PAGE_LABELS[page.sSlug] })) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Pages | Office' }]

export default function OfficePages({ loaderData: { pages } }: Route.ComponentProps) {
	return (
		<OfficePage title="Information pages" lead="Edit a page as a draft, preview it, then publish it. The public sees only what is published.">
			<OfficeTable caption="Information pages" headings={['Page', 'Address', 'State', '']}>
				{pages.map((page) => (
					<tr key={page.sSlug}>
						<td className={cellClass}>{page.sTitle}</td>
						<td className={cellClass}>{page.label.path}</td>
						<td className={cellClass}>
							{[page.bIsPublished ? 'Published' : 'Not published yet', page.bHasDraft ? 'a draft is waiting' : null].filter(Boolean).join('; ')}
						</td>
						<td className={cellClass}>
							<Link to={`/office/pages/${page.sSlug}`} className={linkClass}>
								Edit<span className="sr-only"> {page.label.name}</span>
							</Link>
						</td>
					</tr>
				))}
			</OfficeTable>
		</OfficePage>
	)
}
