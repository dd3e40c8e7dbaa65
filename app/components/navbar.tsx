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
 * Below the lg breakpoint the links fold into a native disclosure, which opens and closes
 * without JavaScript; from lg (992 px) up they stand in one row.
 */
export function Navbar({ branchName, role }: NavbarProps) {
	return (
		<header className="border-b border-slate-200 bg-white">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
				<a href="/" className="text-lg font-semibold text-brand-900">
					{branchName}
				</a>
				<nav aria-label="Main" className="contents">
					<details className="collapse-menu w-full lg:hidden [&:not([open])]:w-auto">
						<summary className="ml-auto w-fit cursor-pointer list-none rounded border border-slate-300 px-3 py-2 font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
							Menu
						</summary>
						<ul className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2">
							<NavItems role={role} />
						</ul>
					</details>
					<ul className="hidden items-center gap-1 lg:flex">
						<NavItems role={role} />
					</ul>
				</nav>
			</div>
		</header>
	)
}
