// Logout (docs/spec.md §2, §4): a confirmation page that works without JavaScript; with it, the navbar's
// Logout opens the same question in a dialog (components/logout-dialog.tsx) that posts here.
import { Form, Link, redirect } from 'react-router'
import { loadProfile } from '~/.server/accounts'
import { visitorContext } from '~/.server/caller'
import { endSignIn, getSession, redirectWithAlert, signedInRole } from '~/.server/session'
import { ACCOUNT_MESSAGES } from '~/contract/accounts'
import { MESSAGES, USER_TYPES } from '~/contract/constants'
import { safeReturnPath } from '~/utils/return-path'
import type { Route } from './+types/logout'

const buttonClass = 'rounded px-5 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

/** "No" goes back to the page the visitor came from, when it is ours. */
function backPath(request: Request, url: URL) {
	const referrer = request.headers.get('referer')
	const from = referrer && URL.canParse(referrer) ? new URL(referrer) : null
	const path = from && from.origin === url.origin && from.pathname !== '/logout' ? `${from.pathname}${from.search}` : '/'
	return safeReturnPath(path, '/')
}

export async function loader({ request, url }: Route.LoaderArgs) {
	if (!signedInRole(await getSession(request))) throw redirect('/')
	return { back: backPath(request, url) }
}

export async function action({ context }: Route.ActionArgs) {
	const account = await context.get(visitorContext).signedIn()
	if (!account) return redirect('/')
	const { api, role, session } = account
	const profile = await loadProfile(account)
	const answer = await api.accounts.logout({ body: { sEmail: profile.sEmail.toLowerCase(), sUserType: USER_TYPES[role] } })
	if (!answer.ok) return redirectWithAlert(session, '/logout', { kind: 'error', text: answer.message })
	// Spec §4: both tokens go, then home.
	endSignIn(session)
	return redirectWithAlert(session, '/', { kind: 'success', text: ACCOUNT_MESSAGES.loggedOut })
}

export const meta: Route.MetaFunction = () => [{ title: 'Log out' }]

export default function Logout({ loaderData: { back } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-md px-4 py-16">
			<section aria-labelledby="logout-title" className="rounded-lg border border-slate-200 p-6 shadow-sm">
				<h1 id="logout-title" className="text-2xl font-semibold text-brand-900">
					Confirmation
				</h1>
				<p className="mt-3 text-slate-800">{MESSAGES.logoutQuestion}</p>
				<div className="mt-6 flex justify-end gap-3">
					<Link to={back} className={`${buttonClass} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}>
						No
					</Link>
					<Form method="post" action="/logout">
						<button type="submit" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
							Yes
						</button>
					</Form>
				</div>
			</section>
		</div>
	)
}
