// The public pages, declared once: the route table (app/routes.ts) makes their routes, the render
// cache and the island read which paths are public pages (server/anonymous-visit.ts), and the
// sitemap lists them (app/routes/sitemap-xml.ts). A page with a `:param` is one page per record;
// the sitemap lists its records itself. Plain data: no imports, so every side can read it.

export type PublicPage = {
	/** The address, with `:name` for a record's number. */
	path: string
	/** The route module, relative to app/. */
	file: string
	/** A route id, where one module serves several pages. */
	id?: string
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
	{ path: '/', file: 'routes/home.tsx' },
	{ path: '/about', file: 'routes/info-page.tsx', id: 'info-about' },
	{ path: '/overview', file: 'routes/info-page.tsx', id: 'info-overview' },
	{ path: '/services', file: 'routes/info-page.tsx', id: 'info-services' },
	{ path: '/resources', file: 'routes/info-page.tsx', id: 'info-resources' },
	{ path: '/policies', file: 'routes/info-page.tsx', id: 'info-policies' },
	{ path: '/privacy', file: 'routes/info-page.tsx', id: 'info-privacy' },
	{ path: '/accessibility', file: 'routes/info-page.tsx', id: 'info-accessibility' },
	{ path: '/managing-committee', file: 'routes/managing-committee.tsx' },
	{ path: '/message-content/:personId', file: 'routes/message-content.tsx' },
	{ path: '/events', file: 'routes/events.tsx' },
	{ path: '/events/event-details/:iEventId', file: 'routes/event-details.tsx' },
	{ path: '/gallery', file: 'routes/gallery.tsx' },
	{ path: '/gallery/view-gallery/:iRecordId', file: 'routes/gallery-album.tsx' },
	{ path: '/newsletters', file: 'routes/newsletters.tsx' },
]

/** The pages of one address each, as the sitemap lists them. */
export const FIXED_PUBLIC_PATHS = PUBLIC_PAGES.map((page) => page.path).filter((path) => !path.includes(':'))

/**
 * A public page's path, or its `.data` (React Router's data request; the home page's is `/_.data`).
 * A record's number is digits only, as the pages' own params require.
 */
export const PUBLIC_PAGE_PATH = new RegExp(`^/(${['_', ...PUBLIC_PAGES.map((page) => page.path.slice(1).replace(/:\w+/g, '\\d+'))].join('|')})(\\.data)?$`)
