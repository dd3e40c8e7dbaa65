// The API answers as its document says. Every public GET of the contract table is called on the
// in-process API over the demo branch, with no query and with the documented defaults in bracket
// notation, and each answer is checked against the document's schema for it with ajv (JSON Schema
// 2020-12, the dialect of OpenAPI 3.1); an unknown id answers the documented 404. The document
// itself is read from GET /api/openapi.json, as a client would.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FILE_ANSWER, fillPath, type Endpoint } from '~/contract/endpoint'
import { serialiseQuery, type QueryValue } from '~/contract/query-string'
import { apiTable } from '~/contract/table'
import { createAccountsApi, TEST_SETTINGS } from '#tests/setup/accounts'
import { isNotNull } from 'drizzle-orm'
import { seedDemoContent } from '../demo/seed'
import { payments } from '../db/schema'
import { documentCode } from '../stamps/codes'
import { openApiPath, type OpenApiDocument } from './document'
import type { Operation } from './operation-parts'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let document: OpenApiDocument
const ajv = new Ajv2020({ strict: true, allErrors: true })
addFormats.default(ajv)

const fetchApi = (path: string) => harness.api.fetch(new Request(`http://in-process/api${path}`), { clientAddress: '203.0.113.20' })

beforeAll(async () => {
	harness = await createAccountsApi()
	await seedDemoContent(harness.db)
	const response = await fetchApi('/openapi.json')
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
	document = (await response.json()) as OpenApiDocument
})
afterAll(() => harness.close())

const publicReads = Object.values(apiTable)
	.flatMap((area) => Object.values(area) as Endpoint[])
	.filter((entry) => entry.access === 'public' && entry.method === 'GET' && entry.data !== FILE_ANSWER)

const operationOf = (entry: Endpoint) => document.paths[openApiPath(entry.path)]!.get as Operation
const answerCheck = (entry: Endpoint) => ajv.compile(operationOf(entry).responses['200']!.content!['application/json']!.schema!)

async function dataOf(path: string) {
	const { status, body } = await harness.call(path)
	expect(status, path).toBe(200)
	return body.data
}

/** A path parameter of the demo branch: an enum's documented example, else a record read from the list that leads to it. */
const SEEDED: Record<string, () => Promise<string | number>> = {
	sStateCode: async () => ((await dataOf('/reference/states/v1')) as { sCode: string }[]).find((state) => state.sCode === 'MH')!.sCode,
	iEventId: async () => (await dataOf('/events/list/v1')).aItems[0].iEventId,
	iPersonId: async () => (await dataOf('/committees/messages/v1'))[0].iPersonId,
	iRecordId: async () => (await dataOf('/gallery/list/v1')).aItems[0].iRecordId,
	// The demo's first invoice, given its verification code as its first download would.
	sCode: async () => {
		const [paid] = await harness.db.select({ id: payments.id }).from(payments).where(isNotNull(payments.invoiceNumber)).limit(1)
		return (await documentCode(harness.db, TEST_SETTINGS.documents.ticketSecret, 'invoice', paid!.id)).code
	},
}

async function seededParams(operation: Operation) {
	const params: Record<string, string | number> = {}
	for (const parameter of operation.parameters ?? []) {
		if (parameter.in !== 'path') continue
		const seeded = Array.isArray(parameter.schema.enum) ? async () => parameter.example as string : SEEDED[parameter.name]
		if (!seeded) throw new Error(`No demo value for the path parameter ${parameter.name}: add one to SEEDED`)
		params[parameter.name] = await seeded()
	}
	return params
}

/** Each query parameter at its documented default: deepObjects in bracket notation. */
function defaultQuery(operation: Operation) {
	const query: Record<string, QueryValue> = {}
	for (const parameter of operation.parameters ?? [])
		if (parameter.in === 'query' && parameter.schema.default !== undefined) query[parameter.name] = parameter.schema.default as QueryValue
	return serialiseQuery(query)
}

test('the public reads are the ones this file expects to find', () => {
	expect(publicReads.length).toBeGreaterThan(12)
})

test.each(publicReads.map((entry) => [entry.name, entry] as const))(
	'%s answers as the document says, without a query and with its defaults',
	async (_, entry) => {
		const operation = operationOf(entry)
		const path = fillPath(entry.path, await seededParams(operation))
		const check = answerCheck(entry)
		const query = defaultQuery(operation)
		for (const address of query ? [path, `${path}?${query}`] : [path]) {
			const { status, body } = await harness.call(address)
			expect(status, address).toBe(200)
			expect(check(body), `${address}: ${ajv.errorsText(check.errors)}`).toBe(true)
		}
	},
)

const publicRecordReads = publicReads.filter((entry) => entry.path.includes(':'))
test.each(publicRecordReads.map((entry) => [entry.name, entry] as const))('%s answers the documented 404 for a record that is not there', async (_, entry) => {
	const operation = operationOf(entry)
	const missing = Object.fromEntries(
		(operation.parameters ?? [])
			.filter((parameter) => parameter.in === 'path')
			.map((parameter) => [parameter.name, parameter.name.startsWith('i') ? 999_999 : 'zz']),
	)
	const { status, body } = await harness.call(fillPath(entry.path, missing))
	expect(status).toBe(404)
	expect(body).toEqual(operation.responses['404']!.content!['application/json']!.example)
})

test('an answer that breaks its schema is refused', async () => {
	const check = answerCheck(apiTable.events.list)
	const { body } = await harness.call('/events/list/v1')
	expect(check(body)).toBe(true)
	delete body.data.nTotal
	expect(check(body)).toBe(false)
	expect(check({ ...body, data: { ...body.data, nTotal: 1, sExtra: 'not in the contract' } })).toBe(false)
})

describe('the readable page', () => {
	test('lists every operation with a link to the JSON, and runs no script', async () => {
		const response = await fetchApi('/docs')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/html/)
		const page = await response.text()
		expect(page).toContain('<a href="/api/openapi.json">')
		expect(page).not.toMatch(/<script/i)
		for (const item of Object.values(document.paths)) for (const operation of Object.values(item)) expect(page).toContain(`<h3 id="${operation.operationId}">`)
		expect(page).toContain('<code>oFilter[sSearch]</code>')
	})

	test('has its stylesheet from the API, as the portal’s CSP allows', async () => {
		const response = await fetchApi('/docs.css')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8')
	})
})
