// /sitemap.xml: the public pages, upcoming events, albums and committee messages, for search engines.
import { getConfig } from '~/.server/config'
import { loadMessages } from '~/.server/committees'
import { loadUpcomingEvents } from '~/.server/events'
import { readPublicEntry } from '~/.server/public-api'
import { EVENTS_MAX_PAGE_SIZE } from '~/contract/events'
import { GALLERY_PAGE_SIZE, galleryEndpoints } from '~/contract/gallery'

const PAGES = ['/', '/about', '/overview', '/services', '/resources', '/policies', '/privacy', '/accessibility', '/managing-committee', '/events', '/gallery', '/newsletters']

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export async function loader() {
	const [events, albums, messages] = await Promise.all([
		loadUpcomingEvents({ nLimit: EVENTS_MAX_PAGE_SIZE }),
		readPublicEntry(galleryEndpoints.albums, { query: { oPaging: { nPageSize: GALLERY_PAGE_SIZE.max } } }),
		loadMessages(),
	])
	const paths = [
		...PAGES,
		...events.aItems.filter((event) => !event.bIsCancelled).map((event) => `/events/event-details/${event.iEventId}`),
		...albums.aItems.map((album) => `/gallery/view-gallery/${album.iRecordId}`),
		...messages.map((message) => `/message-content/${message.iPersonId}`),
	]
	const base = getConfig().publicUrl
	const urls = paths.map((path) => `<url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`).join('\n')
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}
