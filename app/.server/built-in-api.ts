// The built-in API (app/api) answering requests to /api/* itself (app/routes/api.ts): the API
// mounted on the portal, not a call to it, so it is no door for pages (app/.server/caller.ts).
import { getRuntime } from './runtime'

export async function answerApiRequest(request: Request, clientAddress: string) {
	const { api } = await getRuntime()
	return api.app.fetch(request, { clientAddress })
}
