// Every URL of the portal in one table (spec §2). Later issues add their pages here.
import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('overview', 'routes/info-page.tsx', { id: 'info-overview' }),
	route('resources', 'routes/info-page.tsx', { id: 'info-resources' }),
	route('services', 'routes/info-page.tsx', { id: 'info-services' }),
	route('policies', 'routes/info-page.tsx', { id: 'info-policies' }),
	route('about', 'routes/info-page.tsx', { id: 'info-about' }),

	// Public content, issue 4: gallery, newsletters and the footer's subscription form.
	route('gallery', 'routes/gallery.tsx'),
	route('gallery/view-gallery/:iRecordId', 'routes/gallery-album.tsx'),
	route('newsletters', 'routes/newsletters.tsx'),
	route('newsletter/subscribe', 'routes/newsletter-subscribe.ts'),

	// Protected areas: their layout checks the role before any child runs.
	route('member', 'routes/protected-area.tsx', { id: 'member-area' }, [index('routes/area-index.tsx', { id: 'member-index' })]),
	route('student', 'routes/protected-area.tsx', { id: 'student-area' }, [index('routes/area-index.tsx', { id: 'student-index' })]),

	route('api/*', 'routes/api.ts'),
	route('*', 'routes/unknown-path.ts'),
] satisfies RouteConfig
