// Reading public content through the API client: a 404 from the API is the page's 404 (shown in
// the layout); anything else that is not OK is a fault.
import { data } from 'react-router'
import { API_PATHS } from '~/contract/api'
import type { QueryValue } from '~/contract/query-string'
import { getRuntime } from './runtime'

/** GET `path`, with `query` in the spec's bracket notation (null and undefined skipped). */
export async function readPublic<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
	const { callApi } = await getRuntime()
	const answer = await callApi<T>({ path, query })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || answer.body.data === undefined) throw new Error(`The API answered ${answer.status} for ${path}`)
	return answer.body.data
}

/** The media base address (spec §7: fetched once; the client keeps it for its max-age). */
export function loadMediaBaseUrl() {
	return readPublic<string>(API_PATHS.mediaUrl)
}
