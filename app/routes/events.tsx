// /events (docs/spec.md §2): every event, newest first, filtered by upcoming or past, month and text, in
// pages. The filters are a plain GET form: the address holds them, so they work without JavaScript.
import { data, Form, Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { readEventFilters } from '~/.server/events'
import { pageData } from '~/.server/replies'
import { EventGrid } from '~/components/event-card'
import { FilterActions, FilterField } from '~/components/filter-field'
import { Pagination } from '~/components/pagination'
import { LIST_SEARCH_MAX_LENGTH } from '~/contract/constants'
import { monthLabel, recentMonths } from '~/utils/event-format'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/events'
import { counted } from '~/contract/vocabulary'

const FILTER_NAMES = ['sSearch', 'sWhen', 'sMonth', 'sSortOrder'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const url = new URL(request.url)
	const raw = Object.fromEntries(url.searchParams)
	const months = recentMonths(new Date())
	const { query, errors } = readEventFilters(raw)
	const mediaBaseUrl = pageData(await api.site.mediaUrl({}))
	// A hand-edited address: say what is wrong beside the filter instead of failing the page.
	if (!query) return data({ raw, months, errors, result: null, mediaBaseUrl }, { status: 400 })
	const result = pageData(await api.events.list({ query }))
	return { raw, months, errors: {} as Partial<Record<string, string[]>>, result, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: `Events | ${matches[0].loaderData.branch.name}`,
		description: 'Seminars, workshops and study circles of the branch, with CPE hours, fees and venues.',
		contentParams: [...FILTER_NAMES, 'nLimit', 'nPage'],
	})

export default function Events({ loaderData: { raw, months, errors, result, mediaBaseUrl } }: Route.ComponentProps) {
	const filters = new URLSearchParams()
	for (const name of FILTER_NAMES) if (raw[name]) filters.set(name, raw[name])
	const filtered = filters.size > 0
	const monthOptions = raw.sMonth && !months.includes(raw.sMonth) && !errors.sMonth ? [raw.sMonth, ...months] : months
	const pageCount = result ? Math.ceil(result.nTotal / result.nLimit) : 0
	if (raw.nLimit) filters.set('nLimit', raw.nLimit)
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<div className="flex flex-wrap items-baseline justify-between gap-4">
				<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Events</h1>
				<Link to="/events/upcoming-events" className="font-medium text-brand-700 underline underline-offset-4">
					Upcoming events only
				</Link>
			</div>
			<search className="mt-6 block rounded-lg border border-slate-200 bg-slate-50 p-4">
				{/* Keyed by the address: after a client-side navigation the fields show its filters, not stale ones. */}
				<Form key={filters.toString()} method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
					<FilterField label="Search" name="sSearch" errors={errors.sSearch}>
						<input type="search" defaultValue={raw.sSearch ?? ''} maxLength={LIST_SEARCH_MAX_LENGTH} placeholder="GST, audit, speaker…" />
					</FilterField>
					<FilterField label="Show" name="sWhen" errors={errors.sWhen}>
						<select defaultValue={raw.sWhen ?? 'all'}>
							<option value="all">All events</option>
							<option value="upcoming">Upcoming</option>
							<option value="past">Past</option>
						</select>
					</FilterField>
					<FilterField label="Month" name="sMonth" errors={errors.sMonth}>
						<select defaultValue={raw.sMonth ?? ''}>
							<option value="">Any month</option>
							{monthOptions.map((month) => (
								<option key={month} value={month}>
									{monthLabel(month)}
								</option>
							))}
						</select>
					</FilterField>
					<FilterField label="Order" name="sSortOrder" errors={errors.sSortOrder}>
						<select defaultValue={raw.sSortOrder ?? 'desc'}>
							<option value="desc">Newest first</option>
							<option value="asc">Oldest first</option>
						</select>
					</FilterField>
					<FilterActions label="Apply" clearTo="/events" filtered={filtered} />
				</Form>
				{errors.nPage || errors.nLimit ? (
					<p className="mt-3 font-medium text-red-800">{[...(errors.nPage ?? []), ...(errors.nLimit ?? [])].join(' ')}</p>
				) : null}
			</search>
			{result ? (
				<section aria-labelledby="results-title" className="mt-8">
					<h2 id="results-title" className="sr-only">
						Results
					</h2>
					<p className="mb-4 text-slate-700" role="status">
						{result.nTotal === 0
							? filters.size > 0
								? 'No events match these filters.'
								: 'No events yet. The branch office will publish its programmes here.'
							: `${counted(result.nTotal, 'event')}${pageCount > 1 ? `, page ${result.nPage} of ${pageCount}` : ''}`}
					</p>
					{result.aItems.length === 0 && result.nTotal > 0 ? (
						<p>
							There is no page {result.nPage}.{' '}
							<Link to={filters.size ? `/events?${filters}` : '/events'} className="font-medium text-brand-700 underline">
								Go to the first page
							</Link>
						</p>
					) : null}
					<EventGrid events={result.aItems} mediaBaseUrl={mediaBaseUrl} headingLevel="h3" />
					<Pagination path="/events" query={filters} page={result.nPage} pageCount={pageCount} />
				</section>
			) : null}
		</div>
	)
}
