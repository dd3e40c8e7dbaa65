// The typed client (app/.server/typed-api.ts) for visitors without a sign-in, and reading public
// content through it: a 404 from the API is the page's 404 (shown in the layout), another refusal
// the page's own error with the API's words; anything else that is not OK is a fault.
import { data } from 'react-router'
import { siteEndpoints } from '~/contract/site'
import type { Data, Endpoint } from '~/contract/endpoint'
import { getRuntime } from './runtime'
import { callEndpoint, typedApi, type CallInput } from './typed-api'

/** Calls as a visitor; `clientAddress` travels with calls the API rate-limits per client (sign-in, sign-up...). */
export async function visitorApi(clientAddress?: string) {
	const { callApi } = await getRuntime()
	return typedApi(callApi, { clientAddress })
}

/** The data of a public entry of the contract's table, checked against its schema. */
export async function readPublicEntry<E extends Endpoint>(entry: E, input: CallInput<E>): Promise<Data<E>> {
	const { callApi } = await getRuntime()
	const answer = await callEndpoint(callApi, {}, entry, input)
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok && answer.status < 500) throw data(answer.message, { status: answer.status })
	if (!answer.ok || !('data' in answer)) throw new Error(`The API answered ${answer.status} to ${entry.name}`)
	return answer.data
}

/** The media base address (spec §7: fetched once; the client keeps it for its max-age). */
export function loadMediaBaseUrl() {
	return readPublicEntry(siteEndpoints.mediaUrl, {})
}
