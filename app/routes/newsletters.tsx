// /newsletters (docs/spec.md §2): the archive, filtered by year, month and text with a plain GET form
// (it works without JavaScript), newest first, a page at a time.
import { Form, Link } from 'react-router'
import { readNewsletterFilters } from '~/.server/newsletters'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { FilterActions, FilterField } from '~/components/filter-field'
import { NewsletterIssueCard } from '~/components/newsletter-issue'
import { Pagination } from '~/components/pagination'
import { LIST_SEARCH_MAX_LENGTH, MONTH_NAMES } from '~/contract/constants'
import { NEWSLETTER_PAGE_SIZE } from '~/contract/newsletters'
import { pageMeta, previewImage } from '~/utils/page-meta'
import type { Route } from './+types/newsletters'
import { counted } from '~/contract/vocabulary'

export async function loader({ url, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const { nPage, ...oFilter } = readNewsletterFilters(url)
	const [issues, mediaBaseUrl] = await Promise.all([
		api.newsletters
			.list({
				query: {
					oFilter: { ...oFilter, sSearch: oFilter.sSearch || undefined },
					oPaging: { nPage, nPageSize: NEWSLETTER_PAGE_SIZE.default },
				},
			})
			.then(pageData),
		api.site.mediaUrl({}).then(pageData),
	])
	const filters = new URLSearchParams()
	for (const [name, value] of Object.entries(oFilter)) if (value) filters.set(name, String(value))
	return { issues, mediaBaseUrl, filters: filters.toString() }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: `Newsletters | ${matches[0].loaderData.branch.name}`,
		description: 'The branch’s monthly newsletter: every issue to read online or download as a PDF.',
		// Issues have no page of their own: the list's preview shows the cover of the newest issue it lists.
		image: previewImage(loaderData.issues.aItems[0]?.oCover, loaderData.mediaBaseUrl),
		contentParams: ['nYear', 'nMonth', 'sSearch', 'nPage'],
	})

const linkClass = 'font-medium text-brand-700 underline underline-offset-4'

export default function Newsletters({ loaderData: { issues, mediaBaseUrl, filters: filterQuery } }: Route.ComponentProps) {
	const filters = new URLSearchParams(filterQuery)
	const filtered = filters.size > 0
	return (
		<div className="mx-auto max-w-4xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Newsletters</h1>
			<p className="mt-3 text-lg text-slate-700">The branch’s monthly newsletter: branch news, GST and tax updates, CPE reminders and more.</p>

			<search aria-label="Filter newsletters" className="mt-8 block rounded-lg border border-slate-200 bg-slate-50 p-4">
				{/* Keyed by the address: after a client-side navigation the fields show its filters, not stale ones. */}
				<Form key={filterQuery} method="get" className="grid gap-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
					<FilterField label="Year" name="nYear">
						<select defaultValue={filters.get('nYear') ?? ''}>
							<option value="">All years</option>
							{issues.aYears.map((year) => (
								<option key={year} value={year}>
									{year}
								</option>
							))}
						</select>
					</FilterField>
					<FilterField label="Month" name="nMonth">
						<select defaultValue={filters.get('nMonth') ?? ''}>
							<option value="">All months</option>
							{MONTH_NAMES.map((name, i) => (
								<option key={name} value={i + 1}>
									{name}
								</option>
							))}
						</select>
					</FilterField>
					<FilterField label="Search" name="sSearch">
						<input type="search" defaultValue={filters.get('sSearch') ?? ''} maxLength={LIST_SEARCH_MAX_LENGTH} placeholder="GST, CPE, study circle…" />
					</FilterField>
					<FilterActions label="Filter" clearTo="/newsletters" filtered={filtered} />
				</Form>
			</search>

			<p className="mt-6 text-slate-700" role="status">
				{issues.nTotal === 0
					? filtered
						? 'No issues match these filters.'
						: 'No newsletters yet. Issues the branch publishes will be listed here.'
					: `${counted(issues.nTotal, 'issue')}${filtered ? ' match' : ''}`}
			</p>
			{issues.aItems.length === 0 && issues.nTotal > 0 ? (
				<p className="mt-4 text-slate-700">
					There is no page {issues.nPage}.{' '}
					<Link to={filtered ? `/newsletters?${filterQuery}` : '/newsletters'} className={linkClass}>
						Go to the first page
					</Link>
				</p>
			) : null}
			<ul className="mt-4 space-y-6">
				{issues.aItems.map((issue) => (
					<li key={issue.iRecordId}>
						<NewsletterIssueCard issue={issue} mediaBaseUrl={mediaBaseUrl} heading="h2" />
					</li>
				))}
			</ul>
			<Pagination path="/newsletters" query={filters} page={issues.nPage} pageCount={Math.ceil(issues.nTotal / issues.nPageSize)} />
		</div>
	)
}
