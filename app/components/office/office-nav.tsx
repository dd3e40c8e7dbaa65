// The office's own frame, in place of the public site's navbar and footer on every /office page:
// the branch, a way back to the public site, the pages the staff user's role may open
// (app/.server/office-pages.ts), who is signed in, their own two-factor sign-in, and signing
// out; then the office's page
// blocks (a page, its tables, its pager).
import { Form, Link, useLocation, useRouteLoaderData } from 'react-router'
import type { StaffSummary } from '~/contract/office/auth'
import { STAFF_ROLE_NAMES } from '~/contract/vocabulary'
import type { loader as rootLoader } from '~/root'

type OfficeLink = { to: string; label: string }

function SignedIn({ staff }: { staff: StaffSummary }) {
	const { pathname } = useLocation()
	return (
		<Form method="post" action="/office/logout" className="ms-auto flex flex-wrap items-center gap-x-3 text-sm">
			<p className="text-slate-800">
				<span className="sr-only">Signed in as </span>
				<span className="font-medium">{staff.sFullName}</span> · {STAFF_ROLE_NAMES[staff.sRole]}
			</p>
			<Link
				to="/office/two-factor"
				aria-current={pathname === '/office/two-factor' ? 'page' : undefined}
				className="inline-flex min-h-11 items-center rounded px-2 font-medium text-brand-800 underline hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
			>
				Two-factor sign-in
			</Link>
			<button
				type="submit"
				className="min-h-11 rounded px-2 font-medium text-brand-800 underline hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
			>
				Sign out<span className="sr-only"> of the office</span>
			</button>
		</Form>
	)
}

/**
 * The office's pages as one list. Below lg it folds under "Menu", the public navbar's native
 * disclosure (app.css), so it opens without JavaScript; with it, the menu closes again once a
 * link is followed (the new path remounts it).
 */
function OfficeMenu({ pages }: { pages: OfficeLink[] }) {
	const { pathname } = useLocation()
	return (
		<nav aria-label="Office" className="border-t border-slate-200 px-4 py-1 lg:py-0">
			<details key={pathname} className="nav-toggle lg:hidden">
				<summary className="my-1 w-fit cursor-pointer list-none rounded border border-slate-300 bg-white px-3 py-2 font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
					Menu
				</summary>
			</details>
			<div className="nav-links">
				<ul className="flex flex-col gap-x-1 pb-1 lg:flex-row lg:flex-wrap lg:pb-0">
					{pages.map(({ to, label }) => {
						const current = pathname === to ? 'page' : to !== '/office' && pathname.startsWith(`${to}/`) ? 'true' : undefined
						return (
							<li key={to}>
								<Link
									to={to}
									aria-current={current}
									className={`flex min-h-11 items-center rounded px-3 font-medium hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 ${
										current ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-800'
									}`}
								>
									{label}
								</Link>
							</li>
						)
					})}
				</ul>
			</div>
		</nav>
	)
}

/** The office's header; without a signed-in user (sign-in, sign-out) only the branch and the public site. */
export function OfficeHeader({ signedIn }: { signedIn?: { staff: StaffSummary; pages: OfficeLink[] } }) {
	const branchName = useRouteLoaderData<typeof rootLoader>('root')?.branch.name ?? 'Branch'
	return (
		<header data-print="hide" className="border-b border-slate-300 bg-slate-100">
			<div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1">
				<Link to="/office" className="flex min-h-11 items-center font-semibold text-brand-900">
					{branchName} · Office
				</Link>
				{/* A whole new document: the public site is not part of the office's app. */}
				<a href="/" className="text-sm font-medium text-brand-700 underline underline-offset-2">
					Public site
				</a>
				{signedIn ? <SignedIn staff={signedIn.staff} /> : null}
			</div>
			{signedIn ? <OfficeMenu pages={signedIn.pages} /> : null}
		</header>
	)
}

/** A page of the office: its heading, an optional lead and actions, then the content. */
export function OfficePage({
	title,
	lead,
	actions,
	children,
}: {
	title: string
	lead?: React.ReactNode
	actions?: React.ReactNode
	children: React.ReactNode
}) {
	return (
		// What the office typed (titles, addresses, descriptions) may hold a long word or web address:
		// on a phone it wraps rather than widening the page (tables scroll in their own region instead).
		<div className="px-4 py-8 break-words lg:px-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="min-w-0">
					<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
					{lead ? <p className="mt-2 max-w-3xl text-slate-700">{lead}</p> : null}
				</div>
				{actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
			</div>
			<div className="mt-6">{children}</div>
		</div>
	)
}

/**
 * A wide table's own sideways scroll, so that on a phone the table scrolls and the page does not.
 * `relative` makes it the containing block of the table's `sr-only` texts (absolutely positioned):
 * without it they escape the scroll box at the table's far edge and widen the whole page. It is a
 * named region a keyboard can focus, so its hidden columns can be scrolled to with the arrow keys.
 */
export function TableScroller({ label, className = '', children }: { label: string; className?: string; children: React.ReactNode }) {
	return (
		<div
			role="region"
			aria-label={label}
			tabIndex={0}
			className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
		>
			{children}
		</div>
	)
}

/**
 * Tables of the office scroll sideways on a phone rather than squeezing their columns. A table a
 * clerk reads on a phone at the desk (`cards`) turns each row into a card below md instead, every
 * cell a line led by its column's name (app.css): its rows use `CardCell`. The roles are written
 * out because a table shown as blocks loses them in some browsers.
 */
export function OfficeTable({
	caption,
	headings,
	cards = false,
	children,
}: {
	caption: string
	headings: string[]
	cards?: boolean
	children: React.ReactNode
}) {
	const role = (name: string) => (cards ? name : undefined)
	return (
		<TableScroller label={caption} className="rounded border border-slate-200">
			<table role={role('table')} className={`w-full border-collapse text-left text-sm ${cards ? 'table-cards md:min-w-[40rem]' : 'min-w-[40rem]'}`}>
				<caption className="sr-only">{caption}</caption>
				<thead role={role('rowgroup')} className="bg-slate-50">
					<tr role={role('row')}>
						{headings.map((heading) => (
							<th key={heading} role={role('columnheader')} scope="col" className="border-b border-slate-200 px-3 py-2 font-semibold text-slate-800">
								{heading || <span className="sr-only">Actions</span>}
							</th>
						))}
					</tr>
				</thead>
				<tbody role={role('rowgroup')} className="divide-y divide-slate-100">
					{children}
				</tbody>
			</table>
		</TableScroller>
	)
}

/** A row of a `cards` table. */
export function CardRow({ children }: { children: React.ReactNode }) {
	return <tr role="row">{children}</tr>
}

/** A cell of a `cards` table, named by its column (shown before it on a phone). */
export function CardCell({ label, className = '', children }: { label: string; className?: string; children: React.ReactNode }) {
	return (
		<td role="cell" data-label={label} className={`${cellClass} ${className}`}>
			{children}
		</td>
	)
}

export const cellClass = 'px-3 py-2 align-top'
export const linkClass = 'font-medium text-brand-700 underline underline-offset-2'

/** Previous and next page links of an office list; `href(n)` is page n's address with the filters kept. */
export function OfficePager({ nPage, nPageSize, nTotal, href }: { nPage: number; nPageSize: number; nTotal: number; href: (nPage: number) => string }) {
	if (nTotal <= nPageSize) return null
	return (
		<nav aria-label="Pages" className="mt-4 flex gap-4">
			{nPage > 1 ? (
				<Link to={href(nPage - 1)} className={linkClass}>
					Previous page
				</Link>
			) : null}
			{nPage * nPageSize < nTotal ? (
				<Link to={href(nPage + 1)} className={linkClass}>
					Next page
				</Link>
			) : null}
		</nav>
	)
}
