// /office/mail: every mailing the portal has sent or is sending (newsletter issues, welcomes,
// announcements, reminders, waiting-list offers), newest first, with what went, what failed, what
// is left and the mail server's last error, so that a failure is seen whatever sent it.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { formatIndiaMoment } from '~/utils/kolkata-date'
import type { Route } from './+types/mail'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeMailings.list)
	return { mailings: dataOf(await api.officeMailings.list({})) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Mail | Office' }]

export default function OfficeMail({ loaderData: { mailings } }: Route.ComponentProps) {
	const failing = mailings.filter((mailing) => mailing.nFailed > 0 || mailing.sLastError)
	return (
		<OfficePage
			title="Mail"
			lead="What the portal has mailed, newest first. Mail the server refuses for now is tried again by itself, waiting longer each time; an issue's failed mails can be sent again from its mailing page."
		>
			<p role="status" className="mb-4 text-slate-700">
				{mailings.length === 0
					? 'Nothing has been mailed yet.'
					: failing.length === 0
						? 'Every mailing went through.'
						: `${failing.length} ${failing.length === 1 ? 'mailing has' : 'mailings have'} failures.`}
			</p>
			{mailings.length > 0 ? (
				<OfficeTable caption="Mailings, newest first" headings={['What', 'Started', 'Sent', 'Failed', 'Left', 'Last error']}>
					{mailings.map((mailing) => (
						<tr key={mailing.iMailingId}>
							<td className={cellClass}>{mailing.sSubject}</td>
							<td className={`${cellClass} whitespace-nowrap`}>{mailing.dCreatedAt ? formatIndiaMoment(mailing.dCreatedAt) : ''}</td>
							<td className={cellClass}>{mailing.nSent}</td>
							<td className={cellClass}>{mailing.nFailed}</td>
							<td className={cellClass}>{mailing.nLeft}</td>
							<td className={cellClass}>{mailing.sLastError ?? '—'}</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
			<p className="mt-6">
				<Link to="/office/newsletters" className={linkClass}>
					Mail a newsletter issue
				</Link>
			</p>
		</OfficePage>
	)
}
