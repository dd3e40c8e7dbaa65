import { Link } from 'react-router'
import type { EventSummary } from '~/contract/events'
import { EventGrid } from './event-card'

/** Home page: the next few events; left out when nothing is coming up. */
export function HomeUpcomingEvents({ events, total, mediaBaseUrl }: { events: EventSummary[]; total: number; mediaBaseUrl: string }) {
	if (events.length === 0) return null
	return (
		<section aria-labelledby="home-upcoming-title" className="bg-slate-50 py-12">
			<div className="mx-auto max-w-6xl px-4">
				<div className="mb-6 flex flex-wrap items-baseline justify-between gap-4">
					<h2 id="home-upcoming-title" className="text-2xl font-semibold text-brand-900 sm:text-3xl">
						Upcoming events
					</h2>
					<Link to="/events/upcoming-events" className="font-medium text-brand-700 underline underline-offset-4">
						All {total} upcoming events
					</Link>
				</div>
				<EventGrid events={events} mediaBaseUrl={mediaBaseUrl} headingLevel="h3" />
			</div>
		</section>
	)
}
