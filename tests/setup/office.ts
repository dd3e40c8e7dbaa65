// The office's calls in tests: the API on a fresh database with the dashboard's configuration, a
// staff user's token, and answers read as JSON or, for documents, as bytes.
import pino from 'pino'
import { createApi } from '~/api/app'
import { serialiseQuery, type QueryValue } from '~/contract/query-string'
import { TEST_SETTINGS } from './accounts'
import { createTestDatabase } from './database'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in the tests
type Answer = { message: string; data?: any; errors?: Record<string, string[]> }

export async function createOfficeApi() {
	const database = await createTestDatabase()
	const api = createApi({ db: database.db, mediaBaseUrl: 'http://localhost/media/', log: pino({ level: 'silent' }), settings: TEST_SETTINGS })
	type CallOptions = { method?: string; token?: string; body?: unknown; query?: Record<string, QueryValue> }
	const send = ({ method, token, body, query }: CallOptions, path: string) =>
		api.fetch(
			new Request(`http://in-process/api${path}${query ? `?${serialiseQuery(query)}` : ''}`, {
				method: method ?? (body === undefined ? 'GET' : 'POST'),
				headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
			}),
		)
	const call = async (path: string, options: CallOptions = {}) => {
		const response = await send(options, path)
		return { status: response.status, body: (await response.json()) as Answer }
	}
	const file = async (path: string, options: CallOptions = {}) => {
		const response = await send(options, path)
		return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
	}
	/** Any body (a multipart form), answered as the Response itself. */
	const raw = (path: string, { method = 'POST', token, body }: { method?: string; token?: string; body: BodyInit }) =>
		api.fetch(new Request(`http://in-process/api${path}`, { method, headers: token ? { authorization: token } : {}, body }))
	return { db: database.db, call, file, raw, close: () => database.close() }
}
