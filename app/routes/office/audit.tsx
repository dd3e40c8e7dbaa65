// /office/audit (administrators): every office change, newest first, by person and kind. Read only.
import { Form } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { FilterActions } from '~/components/filter-field'
import { controlClass } from '~/components/forms'
import { cellClass, OfficePage, OfficePager, OfficeTable } from '~/components/office/office-nav'
import type { Route } from './+types/audit'
import { formatIndiaMoment } from '~/utils/kolkata-date'
import { counted } from '~/contract/vocabulary'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeStaff.audit)
	const raw = { iStaffId: args.url.searchParams.get('iStaffId') ?? '', sEntity: args.url.searchParams.get('sEntity') ?? '' }
	const nPage = Number(args.url.searchParams.get('nPage') ?? 1) || 1
	const [log, staff] = await Promise.all([
		api.officeStaff.audit({
			query: {
				oFilter: { iStaffId: /^\d+$/.test(raw.iStaffId) ? raw.iStaffId : undefined, sEntity: raw.sEntity.slice(0, 40) || undefined },
				oPaging: { nPage },
			},
		}),
		api.officeStaff.list({}),
	])
	return { raw, log: dataOf(log), staff: dataOf(staff) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Office' }]

export default function OfficeAudit({ loaderData: { raw, log, staff } }: Route.ComponentProps) {
	const filtered = Boolean(raw.iStaffId || raw.sEntity)
	const page = (nPage: number) => `?${new URLSearchParams({ ...raw, nPage: String(nPage) })}`
	return (
		<OfficePage title="Audit log" lead="Every change made in the office: who, when and what. Nobody can edit it.">
			<search>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Person
						<select name="iStaffId" defaultValue={raw.iStaffId} className={controlClass}>
							<option value="">Anyone</option>
							{staff.map((user) => (
								<option key={user.iStaffId} value={user.iStaffId}>
									{user.sFullName} ({user.sUsername})
								</option>
							))}
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						Kind
						<select name="sEntity" defaultValue={raw.sEntity} className={controlClass}>
							<option value="">Any</option>
							{log.aEntities.map((entity) => (
								<option key={entity} value={entity}>
									{entity}
								</option>
							))}
						</select>
					</label>
					<FilterActions label="Filter" clearTo="/office/audit" filtered={filtered} />
				</Form>
			</search>
			<p role="status" className="my-4 text-slate-700">
				{log.nTotal === 0 ? 'No changes recorded.' : counted(log.nTotal, 'change')}
			</p>
			{log.aEntries.length > 0 ? (
				<OfficeTable caption="Audit log, newest first" headings={['When (IST)', 'Who', 'What', 'Record', 'Summary']}>
					{log.aEntries.map((entry) => (
						<tr key={entry.iAuditId}>
							<td className={`${cellClass} whitespace-nowrap`}>{formatIndiaMoment(entry.dAt)}</td>
							<td className={cellClass}>{entry.sStaffUsername}</td>
							<td className={cellClass}>{entry.sAction}</td>
							<td className={cellClass}>
								{entry.sEntity}
								{entry.sEntityId ? ` ${entry.sEntityId}` : ''}
							</td>
							<td className={cellClass}>{entry.sSummary}</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
			<OfficePager nPage={log.nPage} nPageSize={log.nPageSize} nTotal={log.nTotal} href={page} />
		</OfficePage>
	)
}
