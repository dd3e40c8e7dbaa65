import { Link, useSearchParams } from 'react-router'

type Props = { label: string; page: number; pageCount: number }

/** Previous / next links and "page N of M"; each link keeps the other query parameters (the filters). */
export function Pagination({ label, page, pageCount }: Props) {
	const [search] = useSearchParams()
	if (pageCount <= 1) return null
	const hrefFor = (target: number) => {
		const params = new URLSearchParams(search)
		if (target === 1) params.delete('page')
		else params.set('page', String(target))
		const query = params.toString()
		return query ? `?${query}` : '?'
	}
	const linkClass = 'rounded border border-brand-700 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600'
	return (
		<nav aria-label={label} className="mt-10 flex items-center justify-between gap-4">
			{page > 1 ? (
				<Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
					Previous
				</Link>
			) : (
				<span />
			)}
			<p className="text-slate-700" aria-current="page">
				Page {page} of {pageCount}
			</p>
			{page < pageCount ? (
				<Link to={hrefFor(page + 1)} className={linkClass} rel="next">
					Next
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
