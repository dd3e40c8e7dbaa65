// /events/event-details/{iEventId} (docs/spec.md §2): everything about one event, with "Add to calendar"
// and registration (app/components/event-registration.tsx, app/.server/registrations.ts).
import { data, Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { loadRegistrationPanel, registrationAction } from '~/.server/registrations'
import { EventRegistration } from '~/components/event-registration'
import { ResponsiveImg } from '~/components/responsive-image'
import { recordIdSchema } from '~/contract/api'
import { indiaDayOf } from '~/contract/event-fees'
import { eventWhen, feeLines, formatCpeHours } from '~/utils/event-format'
import { pageMeta, previewImage } from '~/utils/page-meta'
import type { Route } from './+types/event-details'

function eventIdOf(params: { iEventId: string }) {
	const eventId = recordIdSchema.safeParse(params.iEventId)
	if (!eventId.success) throw data(null, { status: 404 })
	return eventId.data
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
	const visitor = context.get(visitorContext)
	const eventId = eventIdOf(params)
	const [event, mediaBaseUrl, registration] = await Promise.all([
		visitor.api.events.details({ iEventId: eventId }).then(pageData),
		visitor.api.site.mediaUrl({}).then(pageData),
		loadRegistrationPanel(visitor, eventId),
	])
	const confirmCancel = url.searchParams.get('cancel') === 'confirm'
	return { event, mediaBaseUrl, isPast: new Date(event.dEndDate).getTime() < Date.now(), today: indiaDayOf(new Date()), registration, confirmCancel }
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return registrationAction(request, context.get(visitorContext), eventIdOf(params))
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const site = matches[0].loaderData
	if (!loaderData) return [{ title: `Event not found | ${site.branch.name}` }]
	const { event, mediaBaseUrl } = loaderData
	return pageMeta(site, location, {
		title: `${event.sTitle} | ${site.branch.name}`,
		previewTitle: event.sTitle,
		description: event.sSummary,
		type: 'article',
		image: previewImage(event.aImages[0], mediaBaseUrl),
	})
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
	return (
		<div className="border-t border-slate-200 py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
			<dt className="font-semibold text-slate-900">{term}</dt>
			<dd className="mt-1 text-slate-800 sm:mt-0">{children}</dd>
		</div>
	)
}

export default function EventDetails({ loaderData: { event, mediaBaseUrl, isPast, today, registration, confirmCancel } }: Route.ComponentProps) {
	const when = eventWhen(event.dStartDate, event.dEndDate)
	const [cover, ...morePictures] = event.aImages
	return (
		<article className="mx-auto max-w-4xl px-4 py-10">
			<p>
				<Link to="/events" className="font-medium text-brand-700 underline underline-offset-4">
					All events
				</Link>
			</p>
			<p className="mt-6 text-sm font-semibold text-brand-700">
				{event.sCategory}
				{event.bIsCancelled ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-red-900">Cancelled</span> : null}
				{isPast ? ' · Past event' : ' · Upcoming'}
			</p>
			<h1 className="mt-1 text-3xl font-semibold text-brand-900 sm:text-4xl">{event.sTitle}</h1>
			<p className="mt-3 text-xl text-slate-700">{event.sSummary}</p>
			{cover ? (
				<ResponsiveImg
					image={cover}
					mediaBaseUrl={mediaBaseUrl}
					sizes="(min-width: 896px) 864px, calc(100vw - 2rem)"
					priority
					className="mt-6 h-auto w-full rounded-lg bg-slate-100"
				/>
			) : null}
			<dl className="mt-6">
				<Fact term="When">
					<time dateTime={event.dStartDate}>{when.day}</time>, {when.time}
				</Fact>
				<Fact term="Venue">
					{event.sVenueName}
					<br />
					{event.sVenueAddress}
					<br />
					<a href={event.sMapUrl} className="font-medium text-brand-700 underline underline-offset-4" rel="noopener noreferrer">
						Open the venue in a map
					</a>
				</Fact>
				<Fact term="CPE">{formatCpeHours(event.nCpeHours)}</Fact>
				<Fact term="Fee">
					{feeLines(event, today).map((line) => (
						<span key={line} className="block">
							{line}
						</span>
					))}
				</Fact>
				{event.nSeatLimit ? <Fact term="Seats">{event.nSeatLimit}</Fact> : null}
			</dl>
			{isPast ? null : (
				<p className="mt-6">
					<a
						href={`/events/event-details/${event.iEventId}/calendar`}
						download
						className="inline-block rounded bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						Add to calendar (.ics)
					</a>
				</p>
			)}
			{registration ? <EventRegistration panel={registration} confirmCancel={confirmCancel} /> : null}
			<section aria-labelledby="about-title" className="mt-10">
				<h2 id="about-title" className="text-2xl font-semibold text-brand-900">
					About the programme
				</h2>
				<div className="mt-3 space-y-4 text-lg leading-relaxed text-slate-800">
					{event.aParagraphs.map((paragraph) => (
						<p key={paragraph}>{paragraph}</p>
					))}
				</div>
			</section>
			{event.aSpeakers.length ? (
				<section aria-labelledby="speakers-title" className="mt-10">
					<h2 id="speakers-title" className="text-2xl font-semibold text-brand-900">
						Speakers
					</h2>
					<ul className="mt-3 grid gap-4 sm:grid-cols-2">
						{event.aSpeakers.map((speaker) => (
							<li key={speaker.sFullName} className="rounded-lg border border-slate-200 p-4">
								<p className="font-semibold text-slate-900">{speaker.sFullName}</p>
								<p className="text-sm text-slate-700">{speaker.sDesignation}</p>
								<p className="mt-2 text-slate-800">{speaker.sTopic}</p>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{morePictures.length ? (
				<section aria-labelledby="pictures-title" className="mt-10">
					<h2 id="pictures-title" className="text-2xl font-semibold text-brand-900">
						Pictures
					</h2>
					<ul className="mt-3 grid gap-4 sm:grid-cols-2">
						{morePictures.map((picture) => (
							<li key={picture.sPath}>
								<ResponsiveImg
									image={picture}
									mediaBaseUrl={mediaBaseUrl}
									sizes="(min-width: 896px) 424px, (min-width: 576px) 50vw, 100vw"
									className="h-auto w-full rounded-lg bg-slate-100"
								/>
							</li>
						))}
					</ul>
				</section>
			) : null}
		</article>
	)
}
