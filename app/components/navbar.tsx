import { NavLink } from 'react-router'
import { ROLE_HOME, ROLE_LOGIN, type Role } from '~/contract/constants'
import { LogoutLink } from './logout-dialog'

type NavbarProps = { branchName: string; role: Role | null }

const linkClass = ({ isActive }: { isActive: boolean }) =>
	`block rounded px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 ${
		isActive ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-800'
	}`

/** Spec §2: the links and which of them each signed-in state shows. */
function NavItems({ role }: { role: Role | null }) {
	return (
		<>
			<li>
				<NavLink to="/" end className={linkClass}>
					Home
				</NavLink>
			</li>
			<li>
				<NavLink to="/managing-committee" className={linkClass}>
					Committees
				</NavLink>
			</li>
			<li>
				<NavLink to="/events" className={linkClass}>
					Events
				</NavLink>
			</li>
			<li>
				{role === 'student' ? (
					<span aria-disabled="true" title="Members only" className="block cursor-not-allowed px-3 py-2 font-medium text-slate-400">
						Members
					</span>
				) : (
					<NavLink to={role === 'member' ? ROLE_HOME.member : ROLE_LOGIN.member} className={linkClass}>
						Members
					</NavLink>
				)}
			</li>
			<li>
				<NavLink to={role === 'student' ? ROLE_HOME.student : ROLE_LOGIN.student} className={linkClass}>
					Students
				</NavLink>
			</li>
			{role ? (
				<li>
					<LogoutLink className={linkClass} />
				</li>
			) : (
				<li>
					<NavLink
						to="/register"
						className="block rounded bg-brand-700 px-3 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						Sign up
					</NavLink>
				</li>
			)}
		</>
	)
}

/**
 * One list of links (a text browser or a screen reader meets it once). Below the lg breakpoint it
 * folds under "Menu", a native disclosure that opens it without JavaScript (app.css); from lg
 * (992 px) up the links stand in one row.
 */
export function Navbar({ branchName, role }: NavbarProps) {
	return (
		<header className="border-b border-slate-200 bg-white">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 py-3">
				<a href="/" className="text-lg font-semibold text-brand-900">
					{branchName}
				</a>
				<nav aria-label="Main" className="contents">
					<details className="nav-toggle lg:hidden">
						<summary className="w-fit cursor-pointer list-none rounded border border-slate-300 px-3 py-2 font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
							Menu
						</summary>
					</details>
					<div className="nav-links w-full lg:w-auto">
						<ul className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2 lg:mt-0 lg:flex-row lg:items-center lg:border-0 lg:pt-0">
							<NavItems role={role} />
						</ul>
					</div>
				</nav>
			</div>
		</header>
	)
}
