import type { ReactNode } from 'react'
import { Link } from 'react-router'

type Props = { id: string; title: string; more: { href: string; label: string }; children: ReactNode }

/** A section of the home page: its heading, a link to the whole list, and its items. */
export function HomeSection({ id, title, more, children }: Props) {
	return (
		<section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-10">
			<div className="flex flex-wrap items-baseline justify-between gap-3">
				<h2 id={id} className="text-2xl font-semibold text-brand-900">
					{title}
				</h2>
				<Link to={more.href} className="font-medium text-brand-700 underline underline-offset-4">
					{more.label}
				</Link>
			</div>
			{children}
		</section>
	)
}
