// Every URL of the portal in one table (spec §2). Later issues add their pages here.
import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('overview', 'routes/info-page.tsx', { id: 'info-overview' }),
	route('resources', 'routes/info-page.tsx', { id: 'info-resources' }),
	route('services', 'routes/info-page.tsx', { id: 'info-services' }),
	route('policies', 'routes/info-page.tsx', { id: 'info-policies' }),
	route('about', 'routes/info-page.tsx', { id: 'info-about' }),

	// Protected areas: their layouts check the role before any child runs.
	route('member', 'routes/member-area.tsx', [index('routes/member-index.tsx')]),
	route('student', 'routes/student-area.tsx', [index('routes/student-index.tsx')]),

	route('api/*', 'routes/api.ts'),
	route('*', 'routes/unknown-path.ts'),
] satisfies RouteConfig
