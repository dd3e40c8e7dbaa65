// /events/upcoming-events (docs/spec.md §2): events that have not ended yet, soonest first, in pages.
import { data, Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { EventGrid } from '~/components/event-card'
import { Pagination } from '~/components/pagination'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/upcoming-events'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const pageParam = new URL(request.url).searchParams.get('nPage') ?? '1'
	// Only the page number comes from the address here; anything else is not a page of this list.
	if (!/^[1-9]\d{0,3}$/.test(pageParam)) throw data(null, { status: 404 })
	const [result, mediaBaseUrl] = await Promise.all([
		api.events.upcoming({ query: { nPage: Number(pageParam) } }).then(pageData),
		api.site.mediaUrl({}).then(pageData),
	])
	return { result, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: `Upcoming events | ${matches[0].loaderData.branch.name}`,
		description: 'Seminars, workshops and study circles of the branch that are coming up, soonest first.',
		contentParams: ['nPage'],
	})

export default function UpcomingEvents({ loaderData: { result, mediaBaseUrl } }: Route.ComponentProps) {
	const pageCount = Math.ceil(result.nTotal / result.nLimit)
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<div className="flex flex-wrap items-baseline justify-between gap-4">
				<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Upcoming events</h1>
				<Link to="/events" className="font-medium text-brand-700 underline underline-offset-4">
					All events, with filters
				</Link>
			</div>
			<p className="mt-4 mb-6 text-slate-700">
				{result.nTotal === 0
					? 'No events are scheduled just now. Past programmes are listed under all events.'
					: `${result.nTotal} upcoming ${result.nTotal === 1 ? 'event' : 'events'}, soonest first.`}
			</p>
			<EventGrid events={result.aItems} mediaBaseUrl={mediaBaseUrl} />
			<Pagination path="/events/upcoming-events" query={new URLSearchParams()} page={result.nPage} pageCount={pageCount} />
		</div>
	)
}
