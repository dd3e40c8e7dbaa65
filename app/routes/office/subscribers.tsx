// /office/subscribers (administrators): the newsletter's subscribers with each one's consent (double
// opt-in: when and from where the address was confirmed, or that it is still waiting), search,
// removal and a CSV.
import { Form } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, alertOutcome, UNKNOWN_BUTTON } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { FilterActions } from '~/components/filter-field'
import { controlClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficePager, OfficeTable } from '~/components/office/office-nav'
import { recordIdSchema } from '~/contract/api'
import { CONFIRM_WITHIN_DAYS } from '~/contract/constants'
import type { Subscriber } from '~/contract/office/subscribers'
import { formatIndiaMoment, formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/subscribers'
import { counted } from '~/contract/vocabulary'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeSubscribers.list)
	const sSearch = (args.url.searchParams.get('sSearch') ?? '').slice(0, 100)
	const nPage = Number(args.url.searchParams.get('nPage') ?? 1) || 1
	return { sSearch, list: dataOf(await api.officeSubscribers.list({ query: { oFilter: { sSearch: sSearch || undefined }, oPaging: { nPage } } })) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeSubscribers.list)
	return officeAction(
		args.request,
		{
			remove: async (formData) => {
				const id = recordIdSchema.safeParse(formData.get('iSubscriberId'))
				const answer = id.success ? await api.officeSubscribers.remove({ iSubscriberId: id.data }) : { ok: false as const, message: UNKNOWN_BUTTON }
				return alertOutcome(
					session,
					answer.ok ? { ...answer, message: `${answer.data.sEmail} is removed from the list.` } : answer,
					`/office/subscribers${args.url.search}`,
				)
			},
		},
		'remove',
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Subscribers | Office' }]

export default function OfficeSubscribers({ loaderData: { sSearch, list } }: Route.ComponentProps) {
	const page = (nPage: number) => `?${new URLSearchParams({ sSearch, nPage: String(nPage) })}`
	return (
		<OfficePage
			title="Newsletter subscribers"
			actions={
				<a href={`/office/files/subscribers${sSearch ? `?${new URLSearchParams({ sSearch })}` : ''}`} className={linkClass} download>
					Download CSV
				</a>
			}
		>
			<search>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Name, number or e-mail
						<input name="sSearch" defaultValue={sSearch} className={controlClass} />
					</label>
					<FilterActions label="Search" clearTo="/office/subscribers" filtered={Boolean(sSearch)} />
				</Form>
			</search>
			<p role="status" className="my-4 text-slate-700">
				{list.nTotal === 0 ? 'No subscribers match.' : counted(list.nTotal, 'subscriber')}
			</p>
			{list.aSubscribers.length > 0 ? (
				<OfficeTable caption="Subscribers" headings={['Name', 'Membership number', 'E-mail', 'Subscribed', 'Consent', '']}>
					{list.aSubscribers.map((subscriber) => (
						<tr key={subscriber.iSubscriberId}>
							<td className={cellClass}>{subscriber.sFullName}</td>
							<td className={cellClass}>{subscriber.sMembershipNumber}</td>
							<td className={cellClass}>{subscriber.sEmail}</td>
							<td className={cellClass}>
								{formatInstantDay(subscriber.dSubscribedAt)}
								{subscriber.sRequestedFrom ? <span className="block text-slate-600">from {subscriber.sRequestedFrom}</span> : null}
							</td>
							<td className={cellClass}>
								<Consent subscriber={subscriber} />
							</td>
							<td className={cellClass}>
								<Form method="post">
									<button type="submit" name="iSubscriberId" value={subscriber.iSubscriberId} className="min-h-11 font-medium text-brand-700 underline">
										Remove<span className="sr-only"> {subscriber.sEmail}</span>
									</button>
								</Form>
							</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
			<OfficePager nPage={list.nPage} nPageSize={list.nPageSize} nTotal={list.nTotal} href={page} />
		</OfficePage>
	)
}

/** Subscriptions from before double opt-in count as confirmed when made, with no address on record. */
function Consent({ subscriber }: { subscriber: Subscriber }) {
	if (!subscriber.dConfirmedAt) return <>{`Waiting for confirmation (removed after ${CONFIRM_WITHIN_DAYS} days)`}</>
	return (
		<>
			Confirmed {formatIndiaMoment(subscriber.dConfirmedAt)}
			{subscriber.sConfirmedFrom ? <span className="block text-slate-600">from {subscriber.sConfirmedFrom}</span> : null}
		</>
	)
}
