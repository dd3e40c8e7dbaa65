// Reading public content through the API client: a 404 from the API is the page's 404 (shown in
// the layout); anything else that is not OK is a fault.
import { data } from 'react-router'
import { API_PATHS } from '~/contract/api'
import { getRuntime } from './runtime'

export async function readPublic<T>(path: string): Promise<T> {
	const { callApi } = await getRuntime()
	const answer = await callApi<T>({ path })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || answer.body.data === undefined) throw new Error(`The API answered ${answer.status} for ${path}`)
	return answer.body.data
}

/** The media base address (spec §7: fetched once; the client keeps it for its max-age). */
export function loadMediaBaseUrl() {
	return readPublic<string>(API_PATHS.mediaUrl)
}

/**
 * A GET path with its query string, empty values left out (spec §7 skips null and undefined).
 * TODO at merge: the API client's shared `query` option replaces this.
 */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value))
	const search = params.toString()
	return search ? `${path}?${search}` : path
}
