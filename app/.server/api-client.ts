// The portal's one way to reach the branch API (docs/architecture.md): in-process when API_BASE_URL is
// unset, over HTTP otherwise. Follows docs/spec.md §6: a UserType header on every call, the role's
// token in Authorization unless one is set or the call asks for none.
import { data } from 'react-router'
import { API_PREFIX, type Envelope } from '~/contract/api'
import { USER_TYPES, type Role } from '~/contract/constants'
import { serialiseQuery, type QueryValue } from '~/contract/query-string'

export type ApiCall = {
	method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
	path: string
	/** Query parameters in the spec's bracket notation (app/contract/query-string.ts); null and undefined skipped. */
	query?: Record<string, QueryValue>
	role?: Role
	token?: string
	body?: unknown
	headers?: Record<string, string>
	/** The end user's address (requestInfoContext), for the API's per-client rate limits. */
	clientAddress?: string
}

/** A successful answer that is not JSON (a PDF certificate or receipt), passed on as it streams in. */
export type ApiFile = { stream: ReadableStream<Uint8Array>; contentType: string; contentDisposition: string | null }
export type ApiAnswer<T> = { status: number; ok: boolean; body: Envelope<T>; file?: ApiFile }

/** Raised for any 401: the caller clears both tokens and sends the user to / (docs/spec.md §4). */
export class UnauthorizedError extends Error {
	override name = 'UnauthorizedError'
}

export type Transport = (request: Request, clientAddress?: string) => Response | Promise<Response>

/** Base of the built-in API when it is called in-process: no socket, only the path matters. */
export const IN_PROCESS_API_BASE = `http://in-process${API_PREFIX}`

const MAX_CACHED_ANSWERS = 500

/** Seconds an answer may be reused, when the API marks it `public, max-age=N`. */
function publicMaxAge(response: Response) {
	const cacheControl = response.headers.get('cache-control') ?? ''
	if (!/\bpublic\b/.test(cacheControl)) return 0
	return Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0)
}

/**
 * `apiBase` is the API's base address (API_BASE_URL, or IN_PROCESS_API_BASE). Answers the API
 * marks public (page text, the media address) are reused for their max-age, so a page view
 * does not cost a database query each time; nothing tied to a user is ever kept. With
 * `contentVersion` (the built-in API's, app/api/content-version.ts) a kept answer is used only
 * while the version it was made at is current, so an office change shows on the next request.
 */
export function createApiClient(transport: Transport, apiBase: string, { contentVersion }: { contentVersion?: () => Promise<number> } = {}) {
	const base = apiBase.replace(/\/$/, '')
	const publicAnswers = new Map<string, { expires: number; version: number; answer: ApiAnswer<unknown> }>()
	return async function call<T>({ method = 'GET', path, query, role = 'member', token, body, headers, clientAddress }: ApiCall): Promise<ApiAnswer<T>> {
		const search = query ? serialiseQuery(query) : ''
		const url = `${base}${path}${search ? `?${search}` : ''}`
		const cacheKey = method === 'GET' && !token && !headers?.authorization ? `${role} ${url}` : null
		const cached = cacheKey ? publicAnswers.get(cacheKey) : undefined
		const version = cacheKey && contentVersion ? await contentVersion() : 0
		if (cached && cached.expires > Date.now() && cached.version === version) return cached.answer as ApiAnswer<T>
		const request = new Request(url, {
			method,
			headers: {
				accept: 'application/json',
				UserType: USER_TYPES[role],
				...(token ? { authorization: token } : {}),
				...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
				...headers,
			},
			// A picture upload (docs/spec.md §7, the PUT to sUrl) goes as multipart/form-data; everything else as JSON.
			body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
		})
		const response = await transport(request, clientAddress)
		if (response.status === 401) throw new UnauthorizedError('The API refused the token')
		const contentType = response.headers.get('content-type') ?? ''
		if (response.ok && response.body && !contentType.includes('json')) {
			const file = { stream: response.body, contentType, contentDisposition: response.headers.get('content-disposition') }
			return { status: response.status, ok: true, body: { message: '' }, file }
		}
		const envelope = (await response.json().catch(() => ({ message: response.statusText }))) as Envelope<T>
		const answer: ApiAnswer<T> = { status: response.status, ok: response.ok, body: envelope }
		const maxAge = cacheKey && response.ok ? publicMaxAge(response) : 0
		if (cacheKey && maxAge > 0) {
			if (publicAnswers.size >= MAX_CACHED_ANSWERS) publicAnswers.delete(publicAnswers.keys().next().value as string)
			publicAnswers.set(cacheKey, { expires: Date.now() + maxAge * 1000, version, answer })
		}
		return answer
	}
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The spec's time-out for loading what a page needs (§9): 120 s. */
export const API_TIMEOUT_MS = 120_000

/**
 * An external API over HTTP. The end user's address travels as X-Forwarded-For (believed by the API's
 * portal when its TRUST_PROXY names this one). An API that cannot be reached, or does not answer within the
 * time-out, is the page's 503 or 504, shown as such (root.tsx), never a stack trace.
 */
export function httpTransport(timeoutMs = API_TIMEOUT_MS): Transport {
	return async (request, clientAddress) => {
		if (clientAddress) request.headers.set('x-forwarded-for', clientAddress)
		try {
			return await fetch(request, { signal: AbortSignal.timeout(timeoutMs) })
		} catch (error) {
			if (error instanceof DOMException && error.name === 'TimeoutError') throw data('The branch’s service did not answer in time.', { status: 504 })
			throw data('The branch’s service cannot be reached.', { status: 503 })
		}
	}
}
