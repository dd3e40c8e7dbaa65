// Where a member lands after signing in (spec §2). The CPE ledger itself comes with the member
// dashboard; until then this page says so plainly.
import { Link } from 'react-router'
import type { Route } from './+types/member-cpe'

export const meta: Route.MetaFunction = () => [{ title: 'CPE' }]

export default function MemberCpe({ matches }: Route.ComponentProps) {
	const name = matches[0].loaderData.profile?.sFullName
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">CPE</h1>
			<p className="mt-4 text-lg text-slate-700">{name ? `Welcome, ${name}. ` : ''}Your CPE hours ledger is coming to this page soon.</p>
			<p className="mt-4">
				<Link className="font-medium text-brand-700 underline" to="/member/profile">
					Your profile
				</Link>
				{' · '}
				<Link className="font-medium text-brand-700 underline" to="/member/change-password">
					Change password
				</Link>
			</p>
		</div>
	)
}
