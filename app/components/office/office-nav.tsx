// The office's own navigation, under the site's navbar on every /office page: the pages the
// staff user's role may open (app/.server/office-pages.ts), who is signed in, their own two-factor
// sign-in, and signing out.
import { Form, Link, useLocation } from 'react-router'
import type { StaffSummary } from '~/contract/office'
import { STAFF_ROLE_NAMES } from '~/contract/staff-roles'

export function OfficeNav({ staff, pages }: { staff: StaffSummary; pages: { to: string; label: string }[] }) {
	const { pathname } = useLocation()
	return (
		<div data-print="hide" className="border-b border-slate-300 bg-slate-100">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-1">
				<nav aria-label="Office">
					<ul className="flex flex-wrap gap-x-1">
						{pages.map(({ to, label }) => {
							const current = pathname === to ? 'page' : to !== '/office' && pathname.startsWith(`${to}/`) ? 'true' : undefined
							return (
								<li key={to}>
									<Link
										to={to}
										aria-current={current}
										className={`inline-flex min-h-11 items-center rounded px-3 font-medium hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 ${
											current ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-800'
										}`}
									>
										{label}
									</Link>
								</li>
							)
						})}
					</ul>
				</nav>
				<Form method="post" action="/office/logout" className="flex items-center gap-3 text-sm">
					<span className="text-slate-700">
						{staff.sFullName} ({STAFF_ROLE_NAMES[staff.sRole].toLowerCase()})
					</span>
					<Link to="/office/two-factor" aria-current={pathname === '/office/two-factor' ? 'page' : undefined} className="inline-flex min-h-11 items-center rounded px-3 font-medium text-brand-800 underline hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
						Two-factor sign-in
					</Link>
					<button type="submit" className="min-h-11 rounded px-3 font-medium text-brand-800 underline hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
						Sign out of the office
					</button>
				</Form>
			</div>
		</div>
	)
}

/** A page of the office: its heading, an optional lead and actions, then the content. */
export function OfficePage({ title, lead, actions, children }: { title: string; lead?: React.ReactNode; actions?: React.ReactNode; children: React.ReactNode }) {
	return (
		// What the office typed (titles, addresses, descriptions) may hold a long word or web address:
		// on a phone it wraps rather than widening the page (tables scroll in their own region instead).
		<div className="mx-auto max-w-6xl px-4 py-8 break-words">
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
		<div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}>
			{children}
		</div>
	)
}

/** Tables of the office scroll sideways on a phone rather than squeezing their columns. */
export function OfficeTable({ caption, headings, children }: { caption: string; headings: string[]; children: React.ReactNode }) {
	return (
		<TableScroller label={caption} className="rounded border border-slate-200">
			<table className="w-full min-w-[40rem] border-collapse text-left text-sm">
				<caption className="sr-only">{caption}</caption>
				<thead className="bg-slate-50">
					<tr>
						{headings.map((heading) => (
							<th key={heading} scope="col" className="border-b border-slate-200 px-3 py-2 font-semibold text-slate-800">
								{heading || <span className="sr-only">Actions</span>}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-100">{children}</tbody>
			</table>
		</TableScroller>
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
