import { ROLE_LOGIN, type Role } from '~/contract/constants'
import { safeReturnPath } from '~/utils/return-path'
import { getSession, redirectWithAlert, TOKEN_KEY } from './session'

/**
 * Protected pages (docs/spec.md §2, §6): a visitor who is not signed in with `role` goes to that
 * role's login page, which sends them back here afterwards.
 */
export async function requireRole(request: Request, url: URL, role: Role) {
	const session = await getSession(request)
	if (session.get(TOKEN_KEY[role])) return session
	const returnTo = safeReturnPath(`${url.pathname}${url.search}`, '/')
	// A sign-in that just ended for idleness says so rather than the plain request to sign in.
	const ended = session.get('alert')
	throw await redirectWithAlert(session, `${ROLE_LOGIN[role]}?${new URLSearchParams({ redirectTo: returnTo })}`, {
		kind: 'info',
		text: ended?.text ?? `Please sign in as a ${role} to continue.`,
	})
}

/** Which role a page belongs to: /student/* (and /student-login...) to students, the rest to members. */
export function areaRole(url: URL): Role {
	return url.pathname.startsWith('/student') ? 'student' : 'member'
}
