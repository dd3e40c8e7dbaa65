// The branch API (app/api) mounted at /api: one splat resource route hands every request to it.
import { requestInfoContext } from '~/.server/context'
import { answerApiRequest } from '~/.server/built-in-api'
import type { Route } from './+types/api'

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
	return answerApiRequest(request, context.get(requestInfoContext).clientAddress)
}

export const loader = handle
export const action = handle
