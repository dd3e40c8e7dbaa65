// The typed client checks every answer against the contract's table, in-process and over HTTP.
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApi, type ApiApp } from '~/api/app'
import type { DatabaseHandle } from '~/api/db/client'
import { seedDemoContent } from '~/api/demo/seed'
import { createTestDatabase } from '#tests/setup/database'
import { createApiClient, httpTransport, IN_PROCESS_API_BASE } from './api-client'
import { ApiContractError, typedApi } from './typed-api'

let database: DatabaseHandle
let api: ApiApp
let servers: ServerType[] = []

async function listen(fetch: (request: Request) => Response | Promise<Response>) {
	const server = serve({ fetch, port: 0, hostname: '127.0.0.1' })
	await new Promise((resolve) => server.once('listening', resolve))
	servers.push(server)
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
}

beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
	api = createApi({ db: database.db, mediaBaseUrl: 'http://localhost/media/', log: pino({ level: 'silent' }) })
})
afterAll(async () => {
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
	servers = []
	await database.close()
})

describe('the built-in API fits its own contract', () => {
	test('in-process and over HTTP alike', async () => {
		const inProcess = typedApi(
			createApiClient((request) => api.fetch(request), IN_PROCESS_API_BASE),
			{},
		)
		const overHttp = typedApi(createApiClient(httpTransport(), await listen(api.fetch)), {})
		for (const client of [inProcess, overHttp]) {
			const list = await client.events.list({ query: { nLimit: 2 } })
			expect(list.ok && list.data.aItems).toHaveLength(2)
			const first = list.ok ? list.data.aItems[0] : undefined
			const details = await client.events.details({ iEventId: first!.iEventId })
			expect(details.ok && details.data.sTitle).toBe(first!.sTitle)
		}
	})

	test('an answer with no data (its JSON has no `data` key) fits an entry whose data is undefined', async () => {
		const noData = new Hono().post('/api/newsletters/unsubscribe/check/v1', (c) => c.json({ message: 'The link is genuine.' }))
		const client = typedApi(
			createApiClient((request) => noData.fetch(request), IN_PROCESS_API_BASE),
			{},
		)
		expect(await client.unsubscribe.check({ body: { sToken: 'x' } })).toEqual({ ok: true, status: 200, message: 'The link is genuine.', data: undefined })
	})

	test('an unknown or malformed id is a failure with the API message, not an exception', async () => {
		const client = typedApi(
			createApiClient((request) => api.fetch(request), IN_PROCESS_API_BASE),
			{},
		)
		for (const iEventId of [999_999, 'abc']) {
			expect(await client.events.details({ iEventId })).toEqual({ ok: false, status: 404, message: 'No such event.' })
		}
	})
})

describe('an external API that answers another shape is caught at the boundary', () => {
	// Answers an event list whose items lack every field but the id.
	const wrongShape = new Hono().get('/api/events/list/v1', (c) =>
		c.json({ message: 'Events', data: { aItems: [{ iEventId: 1 }], nTotal: 1, nPage: 1, nLimit: 9 } }),
	)
	const noMessage = new Hono().get('/api/events/details/v1/:id', (c) => c.json({ error: 'nope' }, 500))

	test('over HTTP: a clear error naming the call', async () => {
		const client = typedApi(createApiClient(httpTransport(), await listen(wrongShape.fetch)), {})
		const call = client.events.list({})
		await expect(call).rejects.toBeInstanceOf(ApiContractError)
		await expect(client.events.list({})).rejects.toThrow(/events\.list \(GET \/events\/list\/v1\) does not fit the contract: data\.aItems\.0\.sTitle/)
	})

	test('in-process: the same check', async () => {
		const client = typedApi(
			createApiClient((request) => wrongShape.fetch(request), IN_PROCESS_API_BASE),
			{},
		)
		await expect(client.events.list({})).rejects.toThrow(/events\.list/)
	})

	test('an error answer without the envelope is a contract error too', async () => {
		const client = typedApi(createApiClient(httpTransport(), await listen(noMessage.fetch)), {})
		await expect(client.events.details({ iEventId: 3 })).rejects.toThrow(/events\.details .* a 500 without a message/)
	})
})
