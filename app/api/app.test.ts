import { Hono } from 'hono'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { PAGE_SLUGS, pageSchema } from '~/contract/api'
import { createTestDatabase } from '#tests/setup/database'
import { apiErrorHandler, createApi, type ApiApp } from './app'
import type { DatabaseHandle } from './db/client'
import { seedDemoContent } from './demo/seed'
import { readJson } from './http'

const log = pino({ level: 'silent' })
let database: DatabaseHandle
let api: ApiApp

beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
	api = createApi({ db: database.db, mediaBaseUrl: 'https://portal.example.org/media/', log })
})
afterAll(() => database.close())

const call = (path: string, init?: RequestInit) => api.fetch(new Request(`http://in-process/api${path}`, init))

describe('GET /get-url/media/v1', () => {
	test('answers the media base address in the envelope', async () => {
		const response = await call('/get-url/media/v1')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^application\/json/)
		expect(await response.json()).toEqual({ message: 'Media base address', data: 'https://portal.example.org/media/' })
	})
})

describe('GET /pages/{slug}/v1', () => {
	test.each(PAGE_SLUGS)('serves the seeded %s page', async (slug) => {
		const response = await call(`/pages/${slug}/v1`)
		expect(response.status).toBe(200)
		const body = (await response.json()) as { data: unknown }
		const page = pageSchema.parse(body.data)
		expect(page.sSlug).toBe(slug)
		expect(page.aBlocks.length).toBeGreaterThan(0)
	})

	test('an unknown page is a JSON 404', async () => {
		const response = await call('/pages/secret/v1')
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'No such page.' })
	})
})

describe('errors are JSON, never an HTML page', () => {
	test('an unknown path', async () => {
		const response = await call('/no/such/call/v1', { method: 'POST' })
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'No such API call.' })
	})

	test('a body over the size limit', async () => {
		const response = await call('/get-url/media/v1', {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'content-length': String(100_000) },
			body: JSON.stringify({ sFullName: 'x'.repeat(99_980) }),
		})
		expect(response.status).toBe(413)
		expect(await response.json()).toEqual({ message: 'The request body is too large.' })
	})

	test('a server fault is a 500 with a message and no details', async () => {
		const broken = await createTestDatabase()
		const brokenApi = createApi({ db: broken.db, mediaBaseUrl: 'https://x.example/', log })
		await broken.close()
		const response = await brokenApi.fetch(new Request('http://in-process/api/pages/about/v1'))
		expect(response.status).toBe(500)
		const body = (await response.json()) as { message: string }
		expect(body).toEqual({ message: 'Something went wrong on our side. Please try again shortly.' })
	})
})

describe('readJson', () => {
	const schema = z.object({ sEmail: z.email('Invalid email format'), sFullName: z.string().min(1, 'Name is required') })
	const app = new Hono().post('/echo', async (c) => c.json({ message: 'ok', data: await readJson(c, schema) })).onError(apiErrorHandler(log))
	const post = (body: string) => app.fetch(new Request('http://x/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body }))

	test('malformed JSON is a 400', async () => {
		const response = await post('{not json')
		expect(response.status).toBe(400)
		expect(((await response.json()) as { message: string }).message).toBe('The request body must be valid JSON.')
	})

	test('field errors are keyed by the field names', async () => {
		const response = await post(JSON.stringify({ sEmail: 'nope', sFullName: '' }))
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({
			message: 'Please correct the highlighted fields.',
			errors: { sEmail: ['Invalid email format'], sFullName: ['Name is required'] },
		})
	})

	test('valid input passes through', async () => {
		const response = await post(JSON.stringify({ sEmail: 'a@b.in', sFullName: 'Asha' }))
		expect(await response.json()).toEqual({ message: 'ok', data: { sEmail: 'a@b.in', sFullName: 'Asha' } })
	})
})
