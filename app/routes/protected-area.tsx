// The protected areas /member/* and /student/* (spec §2, §6): one layout for both, whose
// middleware checks the role before any page below it runs. The member area adds its dashboard
// navigation, with the count of unread announcements.
import { data, Outlet, useMatches, type ShouldRevalidateFunction } from 'react-router'
import { accountApi } from '~/.server/accounts'
import { areaRole, requireRole } from '~/.server/guard'
import { commitSession, getSession, recall, remember } from '~/.server/session'
import { MemberNav } from '~/components/member-nav'
import type { Route } from './+types/protected-area'

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url }) => {
		await requireRole(request, url, areaRole(url))
	},
]

/** How long the unread count is shown without asking the API again; reading an announcement refreshes it. */
export const UNREAD_KEPT_MS = 60_000

export async function loader({ request, url }: Route.LoaderArgs) {
	if (areaRole(url) !== 'member') return { nUnread: null }
	const session = await getSession(request)
	const kept = recall(session, 'unread', UNREAD_KEPT_MS)
	if (kept !== undefined) return { nUnread: kept }
	const answer = await (await accountApi(request, 'member')).announcements.unreadCount({})
	const nUnread = answer.ok ? answer.data.nUnread : 0
	remember(session, 'unread', nUnread)
	return data({ nUnread }, { headers: { 'set-cookie': await commitSession(session) } })
}

/** Leaving an announcement (which it marked read) changes the count; other moves keep it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, defaultShouldRevalidate }) =>
	defaultShouldRevalidate || currentUrl.pathname.startsWith('/member/announcements/')

export default function ProtectedArea({ loaderData }: Route.ComponentProps) {
	// A page that changes the count (an announcement, read on opening) loads the fresh one itself.
	const fresher = useMatches().findLast((match) => typeof (match.loaderData as { nUnread?: unknown } | undefined)?.nUnread === 'number')
	const unread = (fresher?.loaderData as { nUnread: number } | undefined)?.nUnread ?? loaderData.nUnread
	return (
		<>
			{unread === null ? null : <MemberNav unread={unread} />}
			<Outlet />
		</>
	)
}
