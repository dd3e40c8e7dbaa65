import { Link } from 'react-router'

type Props = {
	/** The page's path and its current query (filters); the page number is replaced per link. */
	path: string
	query: URLSearchParams
	page: number
	pageCount: number
	/** The query parameter holding the page number. */
	param?: string
}

/** Page numbers to show: the first, the last and two either side of the current one; null for a gap. */
export function pageWindow(page: number, pageCount: number) {
	const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b)
	return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]))
}

/** Previous, numbered and next links that keep every filter in the address. */
export function Pagination({ path, query, page, pageCount, param = 'nPage' }: Props) {
	if (pageCount <= 1) return null
	const href = (target: number) => {
		const params = new URLSearchParams(query)
		if (target === 1) params.delete(param)
		else params.set(param, String(target))
		const search = params.toString()
		return search ? `${path}?${search}` : path
	}
	const linkClass = 'block min-w-11 rounded border px-3 py-2 text-center font-medium focus-visible:outline-2 focus-visible:outline-brand-600'
	return (
		<nav aria-label="Pages" className="mt-8">
			<ul className="flex flex-wrap items-center gap-2">
				{page > 1 ? (
					<li>
						<Link to={href(page - 1)} rel="prev" className={`${linkClass} border-slate-300 text-brand-800 hover:bg-brand-50`}>
							Previous
						</Link>
					</li>
				) : null}
				{pageWindow(page, pageCount).map((target, i) =>
					target === null ? (
						<li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
							…
						</li>
					) : (
						<li key={target}>
							<Link
								to={href(target)}
								aria-current={target === page ? 'page' : undefined}
								aria-label={`Page ${target}`}
								className={`${linkClass} ${target === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-brand-800 hover:bg-brand-50'}`}
							>
								{target}
							</Link>
						</li>
					),
				)}
				{page < pageCount ? (
					<li>
						<Link to={href(page + 1)} rel="next" className={`${linkClass} border-slate-300 text-brand-800 hover:bg-brand-50`}>
							Next
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}
