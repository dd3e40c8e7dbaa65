// Every office page but sign-in sits in this layout: its middleware reads and checks the office
// session once for the layout and the page (a signed-out visitor signs in and comes back) and shows the office's frame (in place of the public
// navbar and footer: app/root.tsx reads `handle`) and its notices. A page the role may not open,
// or a missing record, is shown here in the office's frame.
import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router'
import { officeMiddleware, officeStaff } from '~/.server/office-caller'
import { officePagesFor } from '~/.server/office-pages'
import { commitOfficeSession } from '~/.server/office-session'
import { OfficeHeader } from '~/components/office/office-nav'
import { OfficeNotice } from '~/components/office/office-notice'
import { OFFICE_FRAME } from '~/utils/office-frame'
import type { Route } from './+types/layout'

export const handle = OFFICE_FRAME

export const middleware: Route.MiddlewareFunction[] = [officeMiddleware]

export async function loader(args: Route.LoaderArgs) {
	const { session, staff } = officeStaff(args)
	const alert = session.get('alert') ?? null
	const payload = { staff, alert, pages: officePagesFor(staff.sRole) }
	// Reading a flash message consumes it; only then does the session need writing back.
	return alert ? data(payload, { headers: { 'set-cookie': await commitOfficeSession(session) } }) : payload
}

export default function OfficeLayout({ loaderData: { staff, alert, pages } }: Route.ComponentProps) {
	return (
		<>
			<meta name="robots" content="noindex, nofollow" />
			<OfficeHeader signedIn={{ staff, pages }} />
			<main id="main" className="flex-1">
				<OfficeNotice alert={alert} className="px-4 lg:px-6" />
				<Outlet />
			</main>
		</>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const status = isRouteErrorResponse(error) ? error.status : 500
	const [title, text] =
		status === 403
			? ['Not for your role', 'Your office role does not open this page. Ask an administrator if you need it.']
			: status === 404
				? ['Not found', typeof (error as { data?: unknown }).data === 'string' ? (error as { data: string }).data : 'There is no such record.']
				: ['Something went wrong', 'The office could not show this page just now. Please try again in a moment.']
	// A page's own error keeps the frame the layout's data allows; the layout's own failure shows the bare header.
	const office = useRouteLoaderData<typeof loader>('routes/office/layout')
	return (
		<>
			<OfficeHeader signedIn={office ?? undefined} />
			<main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
				<meta name="robots" content="noindex, nofollow" />
				<title>{title}</title>
				<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
				<p className="mt-4 text-lg text-slate-700">{text}</p>
				<p className="mt-8">
					<a className="font-medium text-brand-700 underline" href="/office">
						Back to the office dashboard
					</a>
				</p>
			</main>
		</>
	)
}
