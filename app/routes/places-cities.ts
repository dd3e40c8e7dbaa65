// The cities of one state, for the city picker once JavaScript runs (without it, the form's
// "Show cities" button re-renders the page with them).
import { getRuntime } from '~/.server/runtime'
import { ACCOUNT_PATHS, type CityRef } from '~/contract/accounts'
import type { Route } from './+types/places-cities'

export async function loader({ url }: Route.LoaderArgs) {
	const code = url.searchParams.get('oState') ?? ''
	if (!/^[A-Z]{2}$/.test(code)) return { cities: [] as string[] }
	const { callApi } = await getRuntime()
	const answer = await callApi<CityRef[]>({ path: ACCOUNT_PATHS.cities(code) })
	return { cities: answer.ok ? (answer.body.data ?? []).map((city) => city.sName) : [] }
}
