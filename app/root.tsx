import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from 'react-router'
import { loadProfile } from '~/.server/accounts'
import { setVisitor, visitorContext } from '~/.server/caller'
import { getConfig } from '~/.server/config'
import { requestInfoContext } from '~/.server/context'
import { islandEntryUrl } from '~/.server/island'
import { commitSession, getSession, noteSeen, recall, remember, signedInRole, takeCookieAlert, TOKEN_KEY } from '~/.server/session'
import { Footer } from '~/components/footer'
import { Navbar } from '~/components/navbar'
import { Notices } from '~/components/notices'
import { PageError } from '~/components/page-error'
import { MESSAGES } from '~/contract/constants'
import { useTokenMirror } from '~/utils/token-mirror'
import { mergeHeaders } from '~/utils/headers'
import { inOfficeFrame } from '~/utils/office-frame'
import { THEME_COLOR } from '~/utils/page-meta'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'

export const links: Route.LinksFunction = () => [
	// Named, so browsers do not ask for /favicon.ico (an unknown path, which redirects home); the PNG
	// is for browsers that cannot show an SVG icon. The PNGs are drawn by scripts/make-icons.mjs.
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon-32x32.png', type: 'image/png', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
	{ rel: 'manifest', href: '/site.webmanifest' },
]

/** Every request's caller for the API (app/.server/caller.ts); it reads no session by itself. */
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }) => {
		await setVisitor(request, context)
	},
]

/** How long the signed-in person's name and address are shown without asking the API again. */
const PROFILE_KEPT_MS = 5 * 60_000

export async function loader({ request, context }: Route.LoaderArgs) {
	const { branch, publicUrl } = getConfig()
	const { saveData, island, nonce } = context.get(requestInfoContext)
	const session = await getSession(request)
	const fromCookie = await takeCookieAlert(request)
	const sessionAlert = session.get('alert')
	const alert = sessionAlert ?? fromCookie?.alert
	const role = signedInRole(session)
	// Spec §4: with a token, the matching profile is fetched (member first); a 401 ends the session.
	// It is kept in the session for a few minutes (saving the profile forgets it). The 401 rule
	// still ends a revoked sign-in at the next protected page: each of them asks the API with the
	// token itself (change-password loads the address it shows).
	let profile = role ? recall(session, 'profile', PROFILE_KEPT_MS) : undefined
	const fetched = role && !profile ? await loadProfile(await context.get(visitorContext).as(role)) : undefined
	if (fetched) {
		profile = { sFullName: fetched.sFullName, sEmail: fetched.sEmail }
		remember(session, 'profile', profile)
	}
	const newsletter = session.get('newsletter')
	const payload = {
		branch,
		// Canonical addresses and link previews name the configured address, not the host a request came in on.
		publicUrl: publicUrl.href,
		role,
		profile: profile ?? null,
		// Mirrored into local storage by the client (docs/spec.md §3); the session stays the authority.
		tokens: { memberToken: session.get(TOKEN_KEY.member) ?? null, studentToken: session.get(TOKEN_KEY.student) ?? null },
		unauthorized: alert?.text === MESSAGES.authenticationFailed,
		alert: alert ?? null,
		newsletter: newsletter ?? null,
		saveData,
		// Only on a document that is never hydrated, so the nonce is not written into any page's data.
		island: island ? { src: islandEntryUrl, nonce } : null,
		year: new Date().getFullYear(),
	}
	// Reading a flash message consumes it, and a sign-in's last-seen time moves on now and then:
	// only then does the session need writing back.
	const seen = noteSeen(session)
	const headers = new Headers()
	if (fromCookie) headers.append('set-cookie', fromCookie.clear)
	if (sessionAlert || newsletter || seen || fetched) headers.append('set-cookie', await commitSession(session))
	return headers.has('set-cookie') ? data(payload, { headers }) : payload
}

export const headers = mergeHeaders

export function Layout({ children }: { children: React.ReactNode }) {
	const root = useRouteLoaderData<typeof loader>('root')
	const saveData = root?.saveData ?? false
	// The 'unauthorized' listener sends the user home with the alert (docs/spec.md §4) through navigation state.
	const unauthorized = (useLocation().state as { unauthorized?: boolean } | null)?.unauthorized
	const alert =
		root?.alert ?? (unauthorized ? { id: 'unauthorized', kind: 'error' as const, text: MESSAGES.authenticationFailed, variant: 'alert' as const } : null)
	// The office draws its own frame (app/routes/office/layout.tsx): no public navbar, alerts or footer.
	const office = inOfficeFrame(useMatches())
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="color-scheme" content="light" />
				<meta name="theme-color" content={THEME_COLOR} />
				{/* With a precedence React writes the stylesheet at the top of <head>, before the module
				    preloads of <Scripts />: the browser asks for it first, and the page paints sooner. */}
				<link rel="stylesheet" href={stylesheet} precedence="default" />
				<Meta />
				<Links />
			</head>
			<body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
				<a
					href="#main"
					className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
				>
					Skip to content
				</a>
				{office ? (
					children
				) : (
					<>
						<Navbar branchName={root?.branch.name ?? 'Branch portal'} role={root?.role ?? null} />
						<Notices alert={alert} />
						<main id="main" className="flex-1">
							{children}
						</main>
						{root ? <Footer branch={root.branch} year={root.year} newsletter={root.newsletter} /> : null}
					</>
				)}
				{/* An anonymous visitor's public page ships only the island script, which enhances it in
				    plain DOM code (decision 0032). With Save-Data the page ships no script at all and
				    works as it does without JavaScript. */}
				{root?.island ? (
					<script type="module" src={root.island.src} nonce={root.island.nonce} />
				) : saveData ? null : (
					<>
						{/* New paths open at the top; back and forward restore the position (docs/spec.md §2). */}
						<ScrollRestoration />
						<Scripts />
					</>
				)}
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	useTokenMirror(loaderData.tokens, loaderData.unauthorized)
	return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <PageError error={error} />
}
