// /events/event-details/{iEventId}/calendar: the event as an iCalendar file for "Add to calendar".
import { data } from 'react-router'
import { getConfig } from '~/.server/config'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { recordIdSchema } from '~/contract/api'
import { EVENTS_MAX_AGE_SECONDS } from '~/contract/events'
import { buildIcs } from '~/utils/ics'
import type { Route } from './+types/event-calendar'

/** A file name from the title: "seminar-on-the-new-income-tax-act.ics". */
function fileName(title: string) {
	const slug = title
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 60)
	return `${slug || 'event'}.ics`
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const eventId = recordIdSchema.safeParse(params.iEventId)
	if (!eventId.success) throw data('No such event.', { status: 404 })
	const event = pageData(await context.get(visitorContext).api.events.details({ iEventId: eventId.data }))
	const { publicUrl, branch } = getConfig()
	const page = new URL(`/events/event-details/${event.iEventId}`, publicUrl).href
	const ics = buildIcs(
		{
			uid: `event-${event.iEventId}@${publicUrl.hostname}`,
			title: event.sTitle,
			description: `${event.aParagraphs.join('\n\n')}\n\n${page}`,
			location: `${event.sVenueName}, ${event.sVenueAddress}`,
			url: page,
			start: new Date(event.dStartDate),
			end: new Date(event.dEndDate),
			stamp: new Date(),
		},
		`-//${branch.name}//Branch portal//EN`,
	)
	return new Response(ics, {
		headers: {
			'content-type': 'text/calendar; charset=utf-8',
			'content-disposition': `attachment; filename="${fileName(event.sTitle)}"`,
			'cache-control': `public, max-age=${EVENTS_MAX_AGE_SECONDS}`,
		},
	})
}
