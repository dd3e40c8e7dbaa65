import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApi, type ApiApp } from '~/api/app'
import type { DatabaseHandle } from '~/api/db/client'
import { seedDemoContent } from '~/api/demo/seed'
import { API_PATHS } from '~/contract/api'
import { createTestDatabase } from '#tests/setup/database'
import { createApiClient, httpTransport, IN_PROCESS_API_BASE, UnauthorizedError, type ApiCall } from './api-client'

let database: DatabaseHandle
let api: ApiApp
let server: ServerType
let httpBase: string

beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
	api = createApi({ db: database.db, mediaBaseUrl: 'http://localhost/media/', log: pino({ level: 'silent' }) })
	server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' })
	await new Promise((resolve) => server.once('listening', resolve))
	httpBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
	await database.close()
})

describe('in-process and over HTTP, the client gives the same answers', () => {
	const calls: ApiCall[] = [
		{ path: API_PATHS.mediaUrl },
		{ path: API_PATHS.page('about') },
		{ path: API_PATHS.page('policies'), role: 'student' },
		{ path: API_PATHS.page('unknown') },
		{ path: '/no/such/call/v1', method: 'POST', body: { sEmail: 'a@b.in' } },
	]
	test.each(calls)('$method $path', async (call) => {
		const inProcess = createApiClient((request) => api.fetch(request), IN_PROCESS_API_BASE)
		const overHttp = createApiClient(httpTransport(), httpBase)
		const [a, b] = await Promise.all([inProcess(call), overHttp(call)])
		expect(a).toEqual(b)
		expect(a.body.message.length).toBeGreaterThan(0)
	})
})

describe('the rules of docs/spec.md §6', () => {
	// A tiny API that echoes what it received, to see what the client sends.
	const echo = new Hono().all('/api/*', (c) =>
		c.json({ message: 'echo', data: { path: c.req.path, userType: c.req.header('UserType'), authorization: c.req.header('authorization') ?? null } }),
	)
	const client = createApiClient(async (request) => echo.fetch(request), 'http://x/api/')

	test('every call carries the UserType header of its role, member by default', async () => {
		expect((await client<{ userType: string }>({ path: '/a/v1' })).body.data?.userType).toBe('M')
		expect((await client<{ userType: string }>({ path: '/a/v1', role: 'student' })).body.data?.userType).toBe('S')
	})

	test("the role's token goes in Authorization, unless the call sets its own", async () => {
		expect((await client<{ authorization: string }>({ path: '/a/v1', token: 'tok' })).body.data?.authorization).toBe('tok')
		expect((await client<{ authorization: string }>({ path: '/a/v1', token: 'tok', headers: { authorization: 'mine' } })).body.data?.authorization).toBe('mine')
		expect((await client<{ authorization: string | null }>({ path: '/a/v1' })).body.data?.authorization).toBeNull()
	})

	test('the path is joined to the base address once', async () => {
		expect((await client<{ path: string }>({ path: '/get-url/media/v1' })).body.data?.path).toBe('/api/get-url/media/v1')
	})

	test('any 401 raises UnauthorizedError', async () => {
		const refusing = createApiClient(async () => Response.json({ message: 'Token expired' }, { status: 401 }), 'http://x/api')
		await expect(refusing({ path: '/member/member-details/v1', token: 'old' })).rejects.toBeInstanceOf(UnauthorizedError)
	})

	test("the end user's address reaches the API: a binding in-process, X-Forwarded-For over HTTP", async () => {
		const seen = new Hono<{ Bindings: { clientAddress?: string } | undefined }>().all('/api/*', (c) =>
			c.json({ message: 'seen', data: c.env?.clientAddress ?? c.req.header('x-forwarded-for') ?? null }),
		)
		const inProcess = createApiClient((request, clientAddress) => seen.fetch(request, { clientAddress }), 'http://x/api')
		const seenServer = serve({ fetch: seen.fetch, port: 0, hostname: '127.0.0.1' })
		await new Promise((resolve) => seenServer.once('listening', resolve))
		const overHttp = createApiClient(httpTransport(), `http://127.0.0.1:${(seenServer.address() as AddressInfo).port}/api`)
		try {
			expect((await inProcess({ path: '/a/v1', clientAddress: '203.0.113.7' })).body.data).toBe('203.0.113.7')
			expect((await overHttp({ path: '/a/v1', clientAddress: '203.0.113.8' })).body.data).toBe('203.0.113.8')
		} finally {
			await new Promise((resolve) => seenServer.close(resolve))
		}
	})

	test('an external API that is not there, or does not answer in time, is a 503 or a 504 for the page', async () => {
		const silent = createServer(() => {}) // takes the request and never answers
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		const port = (silent.address() as AddressInfo).port
		try {
			const slow = createApiClient(httpTransport(200), `http://127.0.0.1:${port}/api`)
			await expect(slow({ path: '/pages/about/v1' })).rejects.toMatchObject({ init: { status: 504 }, data: 'The branch’s service did not answer in time.' })
		} finally {
			silent.closeAllConnections()
			await new Promise((resolve) => silent.close(resolve))
		}
		const nobody = createApiClient(httpTransport(), `http://127.0.0.1:${port}/api`)
		await expect(nobody({ path: '/pages/about/v1' })).rejects.toMatchObject({ init: { status: 503 }, data: 'The branch’s service cannot be reached.' })
	})

	test('other errors are passed to the caller', async () => {
		const failing = createApiClient(async () => Response.json({ message: 'Bad' }, { status: 422 }), 'http://x/api')
		expect(await failing({ path: '/x/v1' })).toEqual({ status: 422, ok: false, body: { message: 'Bad' } })
	})

	test('a file answer (a PDF) is passed on as a stream with its type and name', async () => {
		const pdf = new Uint8Array([37, 80, 68, 70, 45])
		const headers = { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="a.pdf"' }
		const files = createApiClient(async () => new Response(pdf, { headers }), 'http://x/api')
		const answer = await files({ path: '/member/cpe/certificate/v1/1', token: 't' })
		expect(answer.file?.contentType).toBe('application/pdf')
		expect(answer.file?.contentDisposition).toBe('attachment; filename="a.pdf"')
		expect(new Uint8Array(await new Response(answer.file?.stream).arrayBuffer())).toEqual(pdf)
	})
})

describe('public answers are reused for their max-age', () => {
	function countingClient(cacheControl: string) {
		let calls = 0
		const client = createApiClient(async () => {
			calls += 1
			return Response.json({ message: 'Page', data: calls }, { headers: { 'cache-control': cacheControl } })
		}, 'http://x/api')
		return { client, calls: () => calls }
	}

	test('a public answer is fetched once', async () => {
		const { client, calls } = countingClient('public, max-age=30')
		expect((await client({ path: '/pages/about/v1' })).body.data).toBe(1)
		expect((await client({ path: '/pages/about/v1' })).body.data).toBe(1)
		expect(calls()).toBe(1)
		await client({ path: '/pages/overview/v1' })
		expect(calls()).toBe(2)
	})

	test('never with a token, never a private answer, never a write', async () => {
		const pub = countingClient('public, max-age=30')
		await pub.client({ path: '/member/member-details/v1', token: 't' })
		await pub.client({ path: '/member/member-details/v1', token: 't' })
		await pub.client({ path: '/x/v1', method: 'POST', body: {} })
		await pub.client({ path: '/x/v1', method: 'POST', body: {} })
		expect(pub.calls()).toBe(4)
		const priv = countingClient('private, max-age=30')
		await priv.client({ path: '/pages/about/v1' })
		await priv.client({ path: '/pages/about/v1' })
		expect(priv.calls()).toBe(2)
	})

	test('a kept answer goes as soon as the content version moves on (an office change)', async () => {
		let version = 4
		let calls = 0
		const client = createApiClient(
			async () => Response.json({ message: 'Page', data: ++calls }, { headers: { 'cache-control': 'public, max-age=300' } }),
			'http://x/api',
			{ contentVersion: async () => version },
		)
		expect((await client({ path: '/events/list/v1' })).body.data).toBe(1)
		expect((await client({ path: '/events/list/v1' })).body.data).toBe(1)
		version += 1
		expect((await client({ path: '/events/list/v1' })).body.data).toBe(2)
		expect((await client({ path: '/events/list/v1' })).body.data).toBe(2)
	})
})

describe('the query option (docs/spec.md §7)', () => {
	const echo = new Hono().all('/api/*', (c) => c.json({ message: 'echo', data: new URL(c.req.url).search }))
	const client = createApiClient(async (request) => echo.fetch(request), 'http://x/api')

	test('is serialised in bracket notation, null and undefined skipped', async () => {
		const answer = await client<string>({ path: '/a/v1', query: { oFilter: { nYear: 2026, nMonth: null, sSearch: undefined }, aIds: [4, 5] } })
		expect(decodeURIComponent(answer.body.data!)).toBe('?oFilter[nYear]=2026&aIds[0]=4&aIds[1]=5')
	})

	test('an empty query adds no question mark', async () => {
		expect((await client<string>({ path: '/a/v1', query: { a: null } })).body.data).toBe('')
	})
})

describe('a file answer (a receipt)', () => {
	const files = new Hono()
		.get('/api/file/v1', (c) => c.body('%PDF-1.7 bytes', 200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="a.pdf"' }))
		.get('/api/missing/v1', (c) => c.json({ message: 'There is no receipt for this payment.' }, 404))
	const client = createApiClient(async (request) => files.fetch(request), 'http://x/api')

	test('comes back as its bytes, type and file name; an error still as the JSON envelope', async () => {
		const answer = await client({ path: '/file/v1', token: 't' })
		expect(answer.ok).toBe(true)
		expect(await new Response(answer.file!.stream).text()).toBe('%PDF-1.7 bytes')
		expect(answer.file).toMatchObject({ contentType: 'application/pdf', contentDisposition: 'attachment; filename="a.pdf"' })
		const missing = await client({ path: '/missing/v1', token: 't' })
		expect(missing).toMatchObject({ status: 404, ok: false, body: { message: 'There is no receipt for this payment.' } })
		expect(missing.file).toBeUndefined()
	})
})
