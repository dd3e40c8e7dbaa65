// /office/accounts (administrators): find a member or student by number, name or e-mail.
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { FilterActions } from '~/components/filter-field'
import { controlClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficePager, OfficeTable } from '~/components/office/office-nav'
import type { Route } from './+types/accounts'
import { counted, USER_TYPE_LABELS } from '~/contract/vocabulary'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAccounts.list)
	const raw = { sSearch: (args.url.searchParams.get('sSearch') ?? '').slice(0, 100), sUserType: args.url.searchParams.get('sUserType') ?? '' }
	const nPage = Number(args.url.searchParams.get('nPage') ?? 1) || 1
	const sUserType = raw.sUserType === 'M' || raw.sUserType === 'S' ? raw.sUserType : undefined
	return { raw, list: dataOf(await api.officeAccounts.list({ query: { oFilter: { sSearch: raw.sSearch || undefined, sUserType }, oPaging: { nPage } } })) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Accounts | Office' }]

export default function OfficeAccounts({ loaderData: { raw, list } }: Route.ComponentProps) {
	const filtered = Boolean(raw.sSearch || raw.sUserType)
	const page = (nPage: number) => `?${new URLSearchParams({ ...raw, nPage: String(nPage) })}`
	return (
		<OfficePage title="Accounts" lead="Members and students. Open one to see everything about it and to correct it.">
			<search>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Number, name or e-mail
						<input name="sSearch" defaultValue={raw.sSearch} className={controlClass} />
					</label>
					<label className="block font-medium text-slate-800">
						Kind
						<select name="sUserType" defaultValue={raw.sUserType} className={controlClass}>
							<option value="">Members and students</option>
							<option value="M">Members</option>
							<option value="S">Students</option>
						</select>
					</label>
					<FilterActions label="Search" clearTo="/office/accounts" filtered={filtered} />
				</Form>
			</search>
			<p role="status" className="my-4 text-slate-700">
				{list.nTotal === 0 ? 'No accounts match.' : counted(list.nTotal, 'account')}
			</p>
			{list.aAccounts.length > 0 ? (
				<OfficeTable caption="Accounts" headings={['Name', 'Kind', 'Number', 'E-mail', 'State', '']}>
					{list.aAccounts.map((account) => (
						<tr key={account.iAccountId}>
							<td className={cellClass}>{account.sFullName}</td>
							<td className={cellClass}>{USER_TYPE_LABELS[account.sUserType]}</td>
							<td className={cellClass}>{account.sNumber}</td>
							<td className={cellClass}>{account.sEmail}</td>
							<td className={cellClass}>{account.dClosedAt ? 'Closed' : account.dDisabledAt ? 'Disabled' : 'Active'}</td>
							<td className={cellClass}>
								<Link to={`/office/accounts/${account.iAccountId}`} className={linkClass}>
									Open<span className="sr-only"> {account.sFullName}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
			<OfficePager nPage={list.nPage} nPageSize={list.nPageSize} nTotal={list.nTotal} href={page} />
		</OfficePage>
	)
}
