// /sitemap.xml: the public pages, upcoming events, albums and committee messages, for search engines.
import { getConfig } from '~/.server/config'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { EVENTS_MAX_PAGE_SIZE } from '~/contract/events'
import { GALLERY_PAGE_SIZE } from '~/contract/gallery'
import { FIXED_PUBLIC_PATHS } from '~/public-pages'
import type { Route } from './+types/sitemap-xml'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export async function loader({ context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const [events, albums, messages] = await Promise.all([
		api.events.upcoming({ query: { nLimit: EVENTS_MAX_PAGE_SIZE } }).then(pageData),
		api.gallery.albums({ query: { oPaging: { nPageSize: GALLERY_PAGE_SIZE.max } } }).then(pageData),
		api.committees.messages({}).then(pageData),
	])
	const paths = [
		...FIXED_PUBLIC_PATHS,
		...events.aItems.filter((event) => !event.bIsCancelled).map((event) => `/events/event-details/${event.iEventId}`),
		...albums.aItems.map((album) => `/gallery/view-gallery/${album.iRecordId}`),
		...messages.map((message) => `/message-content/${message.iPersonId}`),
	]
	const base = getConfig().publicUrl
	const urls = paths.map((path) => `<url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`).join('\n')
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}
