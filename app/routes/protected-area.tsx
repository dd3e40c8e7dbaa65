// The protected areas /member/* and /student/* (docs/spec.md §2, §6): one layout for both, whose
// middleware checks the role before any page below it runs and sets the person's caller
// (app/.server/caller.ts) that every page below calls the API through. The member area adds its dashboard
// navigation, with the count of unread announcements.
import { data, Outlet, useMatches, type ShouldRevalidateFunction } from 'react-router'
import { accountContext, setAccount } from '~/.server/caller'
import { areaRole, requireRole } from '~/.server/guard'
import { commitSession, recall, remember } from '~/.server/session'
import { MemberNav } from '~/components/member-nav'
import type { Route } from './+types/protected-area'

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url, context }) => {
		const role = areaRole(url)
		await requireRole(request, url, role)
		await setAccount(request, context, role)
	},
]

/** How long the unread count is shown without asking the API again; reading an announcement refreshes it. */
export const UNREAD_KEPT_MS = 60_000

export async function loader({ context }: Route.LoaderArgs) {
	const { api, role, session } = context.get(accountContext)
	if (role !== 'member') return { nUnread: null }
	const kept = recall(session, 'unread', UNREAD_KEPT_MS)
	if (kept !== undefined) return { nUnread: kept }
	const answer = await api.announcements.unreadCount({})
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
