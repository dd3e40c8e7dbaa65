import { Link } from 'react-router'
import type { EventSummary } from '~/contract/events'
import { eventWhen, formatCpeHours, formatFee } from '~/utils/event-format'
import { ResponsiveImg } from './responsive-image'

type Props = { event: EventSummary; mediaBaseUrl: string; headingLevel?: 'h2' | 'h3'; priority?: boolean }

/** One event in a list: picture, title (the link), when, where, CPE hours and fee. */
export function EventCard({ event, mediaBaseUrl, headingLevel: Heading = 'h2', priority = false }: Props) {
	const when = eventWhen(event.dStartDate, event.dEndDate)
	return (
		<article className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600">
			{event.oImage ? (
				<ResponsiveImg
					image={event.oImage}
					mediaBaseUrl={mediaBaseUrl}
					sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
					priority={priority}
					className="aspect-[3/2] h-auto w-full bg-slate-100 object-cover"
				/>
			) : null}
			<div className="flex flex-1 flex-col gap-2 p-4">
				<p className="text-sm font-semibold text-brand-700">
					{event.sCategory}
					{event.bIsCancelled ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-red-900">Cancelled</span> : null}
				</p>
				<Heading className="text-lg leading-snug font-semibold text-slate-900">
					{/* The whole card is the link's target area; the title stays its accessible name. */}
					<Link to={`/events/event-details/${event.iEventId}`} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none">
						{event.sTitle}
					</Link>
				</Heading>
				<p className="text-slate-700">
					<time dateTime={event.dStartDate}>{when.day}</time>
					{/* Read aloud, and shown by a text browser that ignores the line break below. */}
					<span className="sr-only">, </span>
					<span className="block text-sm">{when.time}</span>
				</p>
				<p className="text-sm text-slate-700">
					{event.sVenueName}, {event.sCity}
				</p>
				<p className="mt-auto flex flex-wrap gap-2 pt-2 text-sm font-medium">
					<span className="rounded bg-brand-50 px-2 py-1 text-brand-900">{formatCpeHours(event.nCpeHours)}</span>
					<span className="sr-only">, </span>
					<span className="rounded bg-slate-100 px-2 py-1 text-slate-900">{formatFee(event.nFeePaise)}</span>
				</p>
			</div>
		</article>
	)
}

/** A responsive grid of event cards; the first row's pictures load first. */
export function EventGrid({ events, mediaBaseUrl, headingLevel }: { events: EventSummary[]; mediaBaseUrl: string; headingLevel?: 'h2' | 'h3' }) {
	return (
		<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{events.map((event, i) => (
				<li key={event.iEventId} className="flex *:w-full">
					<EventCard event={event} mediaBaseUrl={mediaBaseUrl} headingLevel={headingLevel} priority={i === 0} />
				</li>
			))}
		</ul>
	)
}
