// The API as a visitor for the office pages, until the office has a caller context of its own
// like the portal's pages (app/.server/caller.ts; the lint rule keeps those pages to it).
import { getRuntime } from './runtime'
import { pageData } from './replies'
import { typedApi } from './typed-api'

/** Calls as a visitor; `clientAddress` travels with calls the API rate-limits per client (sign-in...). */
export async function visitorApi(clientAddress?: string) {
	const { callApi } = await getRuntime()
	return typedApi(callApi, { clientAddress })
}

/** The media base address (spec §7: fetched once; the client keeps it for its max-age). */
export async function loadMediaBaseUrl() {
	return pageData(await (await visitorApi()).site.mediaUrl({}))
}
