// Reading public content through the API client: a 404 from the API is the page's 404 (shown in
// the layout); anything else that is not OK is a fault.
import { data } from 'react-router'
import { siteEndpoints } from '~/contract/site'
import type { Data, Endpoint } from '~/contract/endpoint'
import type { QueryValue } from '~/contract/query-string'
import { getRuntime } from './runtime'
import { callEndpoint, type CallInput } from './typed-api'

/** GET `path`, with `query` in the spec's bracket notation (null and undefined skipped). */
export async function readPublic<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
	const { callApi } = await getRuntime()
	const answer = await callApi<T>({ path, query })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || answer.body.data === undefined) throw new Error(`The API answered ${answer.status} for ${path}`)
	return answer.body.data
}

/** The data of a public entry of the contract's table, checked against its schema. */
export async function readPublicEntry<E extends Endpoint>(entry: E, input: CallInput<E>): Promise<Data<E>> {
	const { callApi } = await getRuntime()
	const answer = await callEndpoint(callApi, {}, entry, input)
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || !('data' in answer)) throw new Error(`The API answered ${answer.status} to ${entry.name}`)
	return answer.data
}

/** The media base address (spec §7: fetched once; the client keeps it for its max-age). */
export function loadMediaBaseUrl() {
	return readPublicEntry(siteEndpoints.mediaUrl, {})
}
