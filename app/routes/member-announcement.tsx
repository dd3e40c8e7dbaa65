// /member/announcements/{iAnnouncementId}: one announcement; opening it marks it read.
// It loads the unread count after that, so the dashboard's badge already counts it as read.
import { data, Link } from 'react-router'
import { accountContext } from '~/.server/caller'
import { commitSession, remember } from '~/.server/session'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/member-announcement'

export async function loader({ params, context }: Route.LoaderArgs) {
	const {
		api: { announcements: api },
		session,
	} = context.get(accountContext)
	const answer = await api.one({ iAnnouncementId: params.iAnnouncementId })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok) throw new Error(`Announcement: ${answer.status} ${answer.message}`)
	const unread = await api.unreadCount({})
	const nUnread = unread.ok ? unread.data.nUnread : 0
	// Opening it marked it read: the count the member area remembers moves with it.
	remember(session, 'unread', nUnread)
	return data({ announcement: answer.data, nUnread }, { headers: { 'set-cookie': await commitSession(session) } })
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
	{ title: `${loaderData?.announcement.sTitle ?? 'Announcement'} | Announcements | ${matches[0].loaderData.branch.name}` },
]

export default function MemberAnnouncement({ loaderData: { announcement } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<p>
				<Link to="/member/announcements" className="font-medium text-brand-700 underline underline-offset-4">
					All announcements
				</Link>
			</p>
			<article className="mt-3">
				<h1 className="text-3xl font-semibold text-brand-900">{announcement.sTitle}</h1>
				<p className="mt-2 text-slate-600">
					<time dateTime={announcement.dPublishedAt}>{formatInstantDay(announcement.dPublishedAt)}</time>
					{' · '}
					{announcement.sPostedBy ? `Posted by ${announcement.sPostedBy}, branch office` : 'Branch office'}
				</p>
				<div className="mt-6 space-y-4 text-lg text-slate-800">
					{announcement.aBody.map((paragraph, index) => (
						<p key={index}>{paragraph}</p>
					))}
				</div>
			</article>
		</div>
	)
}
