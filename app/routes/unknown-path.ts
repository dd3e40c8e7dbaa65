import { redirect } from 'react-router'
import type { Route } from './+types/unknown-path'

// Browsers fetch these destinations as parts of a page; a redirect to the home page's HTML
// would be useless to them (and would count as a visit there).
const RESOURCE_DESTINATIONS = new Set(['image', 'script', 'style', 'font', 'audio', 'video', 'track', 'manifest', 'object', 'embed'])

/** Spec §2: any unknown path redirects to the home page; an unknown file is simply not found. */
export function loader({ request }: Route.LoaderArgs) {
	const destination = request.headers.get('sec-fetch-dest') ?? ''
	if (RESOURCE_DESTINATIONS.has(destination)) throw new Response(null, { status: 404 })
	return redirect('/')
}

export const action = loader
