// /member/announcements: the office's announcements, newest first; unread ones say so
// in words and weight, not colour alone. Each opens its own page, which marks it read.
import { Link } from 'react-router'
import { accountContext } from '~/.server/caller'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/member-announcements'

export async function loader({ context }: Route.LoaderArgs) {
	const answer = await context.get(accountContext).api.announcements.list({})
	if (!answer.ok) throw new Error(`Announcements: ${answer.status} ${answer.message}`)
	return answer.data
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Announcements | ${matches[0].loaderData.branch.name}` }]

export default function MemberAnnouncements({ loaderData: { aAnnouncements, nUnread } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Announcements</h1>
			{aAnnouncements.length === 0 ? (
				<p className="mt-4 text-lg text-slate-700">There are no announcements yet. News from the branch office will appear here.</p>
			) : (
				<>
					<p className="mt-2 text-slate-700">
						{nUnread === 0 ? 'You have read them all.' : `${nUnread} unread ${nUnread === 1 ? 'announcement' : 'announcements'}.`} Newest first.
					</p>
					<ol className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
						{aAnnouncements.map((item) => (
							<li key={item.iAnnouncementId} className={`py-4 ${item.bIsRead ? '' : 'border-l-4 border-brand-700 bg-brand-50 pl-3'}`}>
								<article aria-labelledby={`announcement-${item.iAnnouncementId}`}>
									<h2 id={`announcement-${item.iAnnouncementId}`} className={`text-lg ${item.bIsRead ? 'font-medium' : 'font-bold'}`}>
										<Link to={`/member/announcements/${item.iAnnouncementId}`} className="text-brand-800 underline underline-offset-4 hover:text-brand-900">
											{item.sTitle}
										</Link>
										{item.bIsRead ? null : (
											<span className="ml-2 rounded bg-brand-700 px-2 py-0.5 align-middle text-xs font-semibold tracking-wide text-white uppercase">
												Unread
											</span>
										)}
									</h2>
									<p className="mt-1 text-sm text-slate-600">
										<time dateTime={item.dPublishedAt}>{formatInstantDay(item.dPublishedAt)}</time>
									</p>
									<p className="mt-2 text-slate-800">{item.sSummary}</p>
								</article>
							</li>
						))}
					</ol>
				</>
			)}
		</div>
	)
}
