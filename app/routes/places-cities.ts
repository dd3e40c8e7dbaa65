// The cities of one state, for the city picker once JavaScript runs (without it, the form's
// "Show cities" button re-renders the page with them).
import { loadCities } from '~/.server/accounts'
import { visitorContext } from '~/.server/caller'
import type { Route } from './+types/places-cities'

export async function loader({ url, context }: Route.LoaderArgs) {
	return { cities: await loadCities(context.get(visitorContext).api, url.searchParams.get('oState') ?? '') }
}
