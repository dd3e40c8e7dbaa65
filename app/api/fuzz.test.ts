// Every entry of the contract's table, called with fuzzed input: hostile text (NUL, lone
// surrogates, very long, any unicode) and wrong shapes in its path, query and body, as the caller
// it needs. Whatever comes in, the API answers 4xx or better, never 5xx (decision 0041).
import fc from 'fast-check'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { z } from 'zod'
import { PASSWORD_FIELDS } from '~/contract/accounts'
import type { Access, Endpoint } from '~/contract/endpoint'
import type { Role } from '~/contract/constants'
import { isOfficeAccess } from '~/contract/office/staff-roles'
import { serialiseQuery, type QueryValue } from '~/contract/query-string'
import { apiTable } from '~/contract/table'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { fieldNames, hostileString, schemaArbitrary } from '#tests/setup/zod-arbitrary'
import { seedDemoContent } from './demo/seed'

// About 4,000 calls in all, the same ones every run: under a minute on a busy two-core machine.
const RUNS_PER_ENTRY = 30
const SEED = 41

const entries = Object.values(apiTable).flatMap((area) => Object.values(area)) as Endpoint[]
const errorLines: string[] = []
let t: Awaited<ReturnType<typeof createAccountsApi>>

beforeAll(async () => {
	const log = pino({ level: 'error' }, { write: (line: string) => errorLines.push(line) })
	t = await createAccountsApi({ log, withMail: {} })
	// Seeded records (ids 1, 2, 3...) let fuzzed calls reach real rows, not only 404s.
	await seedDemoContent(t.db)
})
afterAll(() => t.close())

/**
 * The sign-in an entry's access needs, made fresh for each entry so one entry's sign-out or
 * disabling does not shut the next one out. An office user signs in as an administrator, who may
 * make every office call.
 */
async function callerFor(access: Access, role: Role): Promise<{ token?: string }> {
	// An office entry is called by an administrator, whom every office entry admits.
	if (isOfficeAccess(access)) return createTestStaff(t.db, undefined, 'admin')
	switch (access) {
		case 'public':
			return {}
		case 'member':
		case 'student':
		case 'account':
			return createTestAccount(t.db, access === 'account' ? role : access)
	}
}

/** A path segment as a client could send it: a lone surrogate as the bytes UTF-8 would have given it. */
function encodeSegment(value: string) {
	return Array.from(value, (char) => {
		const unit = char.charCodeAt(0)
		if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char)
		return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
	}).join('')
}

const shapeOf = (schema: z.ZodType | undefined) => (schema as unknown as { _zod?: { def: { shape?: Record<string, z.ZodType> } } })?._zod?.def.shape ?? {}

/** Mostly an id of a seeded record, else what the parameter's schema takes, or hostile text. */
const paramArbitrary = (schema: z.ZodType | undefined) =>
	fc.oneof(
		{ weight: 3, arbitrary: fc.constantFrom('0', '1', '2', '3') },
		{ weight: 2, arbitrary: schema ? schemaArbitrary(schema).map(String) : hostileString },
		{ weight: 1, arbitrary: hostileString },
	)

const formFieldNames = fieldNames(
	entries.flatMap((entry) => [entry.params, entry.query, entry.body].filter((schema): schema is z.ZodType => schema !== undefined)),
)

/** A multipart form: text fields with names the contract uses, and small files of any bytes. */
const multipartArbitrary = fc
	.array(
		fc.tuple(
			fc.constantFrom('file', 'photos', ...formFieldNames),
			fc.oneof(
				hostileString,
				fc.string(),
				fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([bytes], 'upload.jpg', { type: 'image/jpeg' })),
			),
		),
		{ maxLength: 6 },
	)
	.map((fields) => {
		const form = new FormData()
		for (const [name, value] of fields) form.append(name, value)
		return form
	})

/** A body sent as it is, not as JSON. */
class RawBody {
	constructor(readonly text: string) {}
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function inputArbitrary(entry: Endpoint) {
	const params = Object.fromEntries(
		[...entry.path.matchAll(/:(\w+)/g)]
			.map(([, name]) => name!)
			.filter((name) => name !== 'role')
			.map((name) => [name, paramArbitrary(shapeOf(entry.params)[name])]),
	)
	const body = entry.upload
		? multipartArbitrary
		: entry.body
			? fc.oneof({ weight: 8, arbitrary: schemaArbitrary(entry.body) }, { weight: 1, arbitrary: hostileString.map((text) => new RawBody(text)) })
			: fc.constant(undefined)
	return fc.record({
		role: fc.constantFrom<Role>('member', 'student'),
		params: fc.record(params),
		query: entry.query
			? fc.oneof(
					{ weight: 5, arbitrary: schemaArbitrary(entry.query) },
					{ weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileString, { maxKeys: 4 }) },
				)
			: fc.constant(undefined),
		body,
	})
}

/** The end of a logged fault's message, where PostgreSQL's reason is. */
const loggedError = (line: string) => String((JSON.parse(line) as { err?: { message?: string } }).err?.message).slice(-300)

type Input = { role: Role; params: Record<string, string>; query: unknown; body: unknown }

/** Password fields encrypted as the portal sends them; one too long for the key stays as it was. */
function encrypted(body: Record<string, unknown>) {
	const copy = { ...body }
	for (const field of PASSWORD_FIELDS) {
		try {
			if (typeof copy[field] === 'string') copy[field] = t.encrypt(copy[field])
		} catch {
			// Longer than RSA-OAEP can carry: sent as typed, which the API refuses.
		}
	}
	return copy
}

function requestFor(entry: Endpoint, { role, params, query, body }: Input, token?: string) {
	const path = entry.path.replace(/:(\w+)/g, (_, name: string) => (name === 'role' ? role : encodeSegment(params[name]!)))
	const search = isRecord(query) ? `?${serialiseQuery(query as Record<string, QueryValue>)}` : ''
	const headers: Record<string, string> = token ? { authorization: token } : {}
	let payload: BodyInit | undefined
	if (body instanceof FormData) payload = body
	else if (body instanceof RawBody) payload = body.text
	else if (body !== undefined) payload = JSON.stringify(isRecord(body) ? encrypted(body) : body)
	if (payload !== undefined && !(payload instanceof FormData)) headers['content-type'] = 'application/json'
	return new Request(`http://in-process/api${path}${search}`, { method: entry.method, headers, body: payload })
}

test.each(entries.map((entry) => [entry.name, entry] as const))('%s never answers 5xx', async (_, entry) => {
	const callers = new Map<Role, { token?: string }>()
	await fc.assert(
		fc.asyncProperty(inputArbitrary(entry), async (input) => {
			const role = entry.access === 'account' ? input.role : 'member'
			if (!callers.has(role)) callers.set(role, await callerFor(entry.access, role))
			const request = requestFor(entry, input, callers.get(role)!.token)
			const sent = `${request.method} ${request.url} ${await request
				.clone()
				.text()
				.then((text) => text.slice(0, 300))}`
			errorLines.length = 0
			const response = await t.api.fetch(request, { clientAddress: '203.0.113.9' })
			expect(response.status, `${sent}\n${errorLines.map(loggedError).join('\n')}`).toBeLessThan(500)
		}),
		{ numRuns: RUNS_PER_ENTRY, seed: SEED, endOnFailure: true },
	)
})
