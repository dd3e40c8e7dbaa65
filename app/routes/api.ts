// The branch API (app/api) mounted at /api: one splat resource route hands every request to it.
import { getRuntime } from '~/.server/runtime'
import type { Route } from './+types/api'

async function handle({ request }: Route.LoaderArgs | Route.ActionArgs) {
	const { api } = await getRuntime()
	return api.fetch(request)
}

export const loader = handle
export const action = handle
