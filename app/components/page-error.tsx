// What a page shows when it cannot be shown: the root's error boundary uses it for the whole
// document, and pages inside the member area for their own part, so the area's navigation stays.
import { useLocation } from 'react-router'
import { describeError } from '~/utils/error-page'

export function PageError({ error }: { error: unknown }) {
	const { title, text, retry } = describeError(error)
	const location = useLocation()
	return (
		<div className="mx-auto max-w-3xl px-4 py-16">
			<title>{title}</title>
			<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
			<p className="mt-4 text-lg text-slate-700">{text}</p>
			<p className="mt-8 flex flex-wrap gap-6">
				{retry ? (
					// A whole new page load, so a script that failed to arrive is fetched afresh.
					<a className="font-medium text-brand-700 underline" href={`${location.pathname}${location.search}`}>
						{retry}
					</a>
				) : null}
				<a className="font-medium text-brand-700 underline" href="/">
					Go to the home page
				</a>
			</p>
		</div>
	)
}
