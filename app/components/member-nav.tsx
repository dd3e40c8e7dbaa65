// The member dashboard's own navigation, under the site's navbar on every /member page.
// The current page carries aria-current="page"; a page inside a section (one announcement) "true".
import { Link, useLocation } from 'react-router'

const MEMBER_PAGES = [
	{ to: '/member/cpe', label: 'CPE hours' },
	{ to: '/member/tickets', label: 'Tickets' },
	{ to: '/member/payments', label: 'Payments' },
	{ to: '/member/announcements', label: 'Announcements' },
	{ to: '/member/profile', label: 'Profile' },
	{ to: '/member/change-password', label: 'Change password' },
] as const

export function MemberNav({ unread }: { unread: number }) {
	const { pathname } = useLocation()
	return (
		<div className="border-b border-slate-200 bg-slate-50">
			<nav aria-label="Member dashboard" className="mx-auto max-w-6xl px-4">
				<ul className="flex flex-wrap gap-x-1 gap-y-0 py-1">
					{MEMBER_PAGES.map(({ to, label }) => {
						const current = pathname === to ? 'page' : pathname.startsWith(`${to}/`) ? 'true' : undefined
						return (
							<li key={to}>
								<Link
									to={to}
									aria-current={current}
									className={`inline-flex min-h-11 items-center gap-2 rounded px-3 font-medium hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 ${
										current ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-800'
									}`}
								>
									{label}
									{to === '/member/announcements' && unread > 0 ? (
										<>
											<span aria-hidden="true" className="rounded-full bg-brand-700 px-2 text-sm leading-6 font-semibold text-white no-underline">
												{unread}
											</span>
											<span className="sr-only">({unread} unread)</span>
										</>
									) : null}
								</Link>
							</li>
						)
					})}
				</ul>
			</nav>
		</div>
	)
}
