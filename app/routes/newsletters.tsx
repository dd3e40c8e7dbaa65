// /newsletters (spec §2): the archive, filtered by year, month and text with a plain GET form
// (it works without JavaScript), newest first, a page at a time.
import { Form, Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { loadNewsletters } from '~/.server/public-content'
import { NewsletterIssueCard } from '~/components/newsletter-issue'
import { Pagination } from '~/components/pagination'
import { MONTH_NAMES, NEWSLETTER_PAGE_SIZE, NEWSLETTER_SEARCH_MAX_LENGTH, newsletterListQuerySchema } from '~/contract/newsletters'
import type { Route } from './+types/newsletters'

// The page's own parameters are short and readable; a value the API would refuse is simply left out.
const filterShape = newsletterListQuerySchema.shape.oFilter.unwrap().shape
const pageParamsSchema = z.object({
	year: filterShape.nYear.catch(undefined),
	month: filterShape.nMonth.catch(undefined),
	q: z.string().trim().max(NEWSLETTER_SEARCH_MAX_LENGTH).optional().catch(undefined),
	page: z.coerce.number().int().min(1).max(10_000).catch(1),
})

export async function loader({ url }: Route.LoaderArgs) {
	const params = pageParamsSchema.parse(Object.fromEntries(url.searchParams))
	const issues = await loadNewsletters({
		oFilter: { nYear: params.year, nMonth: params.month, sSearch: params.q || undefined },
		oPaging: { nPage: params.page, nPageSize: NEWSLETTER_PAGE_SIZE.default },
	})
	return { issues, filters: { year: params.year ?? '', month: params.month ?? '', q: params.q ?? '' } }
}

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: `Newsletters | ${matches[0].loaderData.branch.name}` },
	{ name: 'description', content: 'The branch’s monthly newsletter: every issue to read online or download as a PDF.' },
]

const controlClass = 'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600'

function FilterSelect({ name, label, value, allLabel, options }: { name: string; label: string; value: string | number; allLabel: string; options: Array<[value: string, label: string]> }) {
	return (
		<div>
			<label htmlFor={`newsletter-${name}`} className="block font-medium text-slate-800">
				{label}
			</label>
			<select id={`newsletter-${name}`} name={name} defaultValue={value} className={controlClass}>
				<option value="">{allLabel}</option>
				{options.map(([optionValue, optionLabel]) => (
					<option key={optionValue} value={optionValue}>
						{optionLabel}
					</option>
				))}
			</select>
		</div>
	)
}

export default function Newsletters({ loaderData: { issues, filters } }: Route.ComponentProps) {
	const filtered = Boolean(filters.year || filters.month || filters.q)
	const [search] = useSearchParams()
	const firstPage = new URLSearchParams(search)
	firstPage.delete('page')
	return (
		<div className="mx-auto max-w-4xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Newsletters</h1>
			<p className="mt-3 text-lg text-slate-700">The branch’s monthly newsletter: branch news, GST and tax updates, CPE reminders and more.</p>

			<Form method="get" role="search" aria-label="Filter newsletters" className="mt-8 grid gap-4 rounded-lg bg-slate-50 p-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
				<FilterSelect name="year" label="Year" value={filters.year} allLabel="All years" options={issues.aYears.map((year) => [String(year), String(year)])} />
				<FilterSelect name="month" label="Month" value={filters.month} allLabel="All months" options={MONTH_NAMES.map((name, i) => [String(i + 1), name])} />
				<div>
					<label htmlFor="newsletter-search" className="block font-medium text-slate-800">
						Search
					</label>
					<input id="newsletter-search" name="q" type="search" defaultValue={filters.q} maxLength={NEWSLETTER_SEARCH_MAX_LENGTH} className={controlClass} />
				</div>
				<div className="flex gap-3">
					<button type="submit" className="rounded bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
						Filter
					</button>
					{filtered ? (
						<Link to="/newsletters" className="self-center font-medium text-brand-700 underline underline-offset-4">
							Clear
						</Link>
					) : null}
				</div>
			</Form>

			<p className="mt-6 text-slate-700" role="status">
				{issues.nTotal === 0 ? 'No issues match these filters.' : `${issues.nTotal} ${issues.nTotal === 1 ? 'issue' : 'issues'}${filtered ? ' match' : ''}`}
			</p>
			{issues.aItems.length === 0 && issues.nTotal > 0 ? (
				<p className="mt-4 text-slate-700">
					There is no page {issues.nPage}.{' '}
					<Link to={`?${firstPage}`} className="font-medium text-brand-700 underline underline-offset-4">
						Go to the first page
					</Link>
				</p>
			) : null}
			<ul className="mt-4 space-y-6">
				{issues.aItems.map((issue) => (
					<li key={issue.iRecordId}>
						<NewsletterIssueCard issue={issue} heading="h2" />
					</li>
				))}
			</ul>
			<Pagination label="Newsletter pages" page={issues.nPage} pageCount={Math.ceil(issues.nTotal / issues.nPageSize)} />
		</div>
	)
}
