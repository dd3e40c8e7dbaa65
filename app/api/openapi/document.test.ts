// The API document: valid OpenAPI 3.1 by the published schema, every schema in it valid JSON
// Schema 2020-12, and every entry of the contract table in it, described as the entry says.
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_FIELDS } from '~/contract/accounts'
import { FILE_ANSWER, type Endpoint } from '~/contract/endpoint'
import { isOfficeAccess } from '~/contract/office/staff-roles'
import { apiTable } from '~/contract/table'
import { RATE_LIMITED, UPLOAD_FORMS } from './call-notes'
import { buildOpenApiDocument, openApiPath, type HttpMethod, type OpenApiDocument } from './document'
import type { Operation } from './operation-parts'
import type { JsonSchema } from './schemas'

const entries = Object.values(apiTable).flatMap((area) => Object.values(area) as Endpoint[])
const document = buildOpenApiDocument(apiTable)
const operationOf = (entry: Endpoint) => document.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase() as HttpMethod]
const operations = Object.values(document.paths).flatMap((item) => Object.values(item) as Operation[])

async function validate(candidate: unknown) {
	const validator = new Validator()
	const result = await validator.validate(structuredClone(candidate) as Record<string, unknown>)
	return { ...result, resolved: validator.resolveRefs() as unknown as OpenApiDocument }
}

let resolved: OpenApiDocument
beforeAll(async () => {
	const result = await validate(document)
	expect(result.errors).toBeUndefined()
	expect(result.valid).toBe(true)
	resolved = result.resolved
})

test('the validator refuses a document that breaks the OpenAPI 3.1 schema', async () => {
	const broken = structuredClone(document)
	// A Swagger 2 body parameter, which OpenAPI 3 replaced with requestBody.
	;(broken.paths['/events/list/v1']!.get!.parameters![0] as { in: string }).in = 'body'
	expect((await validate(broken)).valid).toBe(false)
})

/** Every schema in the document, with where it is: parameters, request bodies and answers. */
function schemasOf(doc: OpenApiDocument) {
	const found: { where: string; schema: JsonSchema; example?: unknown }[] = []
	for (const [path, item] of Object.entries(doc.paths)) {
		for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
			const where = `${method} ${path}`
			for (const parameter of operation.parameters ?? [])
				found.push({ where: `${where} ${parameter.name}`, schema: parameter.schema, example: parameter.example })
			for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) found.push({ where: `${where} body ${type}`, schema: media.schema! })
			for (const [status, answer] of Object.entries(operation.responses)) {
				for (const [type, media] of Object.entries(answer.content ?? {}))
					found.push({ where: `${where} ${status} ${type}`, schema: media.schema!, example: media.example })
			}
		}
	}
	return found
}

test('every schema is valid JSON Schema 2020-12, and every example fits its schema', () => {
	const ajv = new Ajv2020({ strict: true, allErrors: true })
	addFormats.default(ajv)
	const problems: string[] = []
	const schemas = schemasOf(resolved)
	for (const { where, schema, example } of schemas) {
		try {
			const check = ajv.compile(schema)
			if (example !== undefined && !check(example)) problems.push(`${where}: example ${ajv.errorsText(check.errors)}`)
		} catch (error) {
			problems.push(`${where}: ${(error as Error).message}`)
		}
	}
	expect(problems).toEqual([])
	expect(schemas.length).toBeGreaterThan(400)
})

describe('every entry of the contract table is in the document', () => {
	test.each(entries.map((entry) => [entry.name, entry] as const))('%s', (name, entry) => {
		const operation = operationOf(entry)
		expect(operation, `${entry.method} ${entry.path}`).toBeDefined()
		expect(operation!['x-entries']).toContain(name)
	})

	test('and nothing else: one operation per method and path', () => {
		const calls = new Set(entries.map((entry) => `${entry.method} ${entry.path}`))
		expect(operations.length).toBe(calls.size)
		expect(operations.flatMap((operation) => operation['x-entries']).sort()).toEqual(entries.map((entry) => entry.name).sort())
	})
})

test('a JSON list and its CSV file are one operation with both answers', () => {
	const operation = operationOf(apiTable.officeReports.gstRegisterCsv)!
	expect(operation.operationId).toBe('officeReports.gstRegister')
	expect(operation['x-entries']).toEqual(['officeReports.gstRegister', 'officeReports.gstRegisterCsv'])
	expect(Object.keys(operation.responses['200']!.content!)).toEqual(['application/json', 'text/csv'])
	expect(operation.parameters!.map((parameter) => parameter.name)).toEqual(['oFilter', 'sFormat'])
	expect(operation.parameters![0]).toMatchObject({ in: 'query', style: 'deepObject', explode: true })
	expect(Object.keys(operationOf(apiTable.receipts.receipt)!.responses['200']!.content!)).toEqual(['application/pdf'])
})

test('who may call: security requirements and x-roles as the entry says', () => {
	for (const entry of entries) {
		const operation = operationOf(entry)!
		if (isOfficeAccess(entry.access)) {
			expect(operation.security, entry.name).toEqual([{ officeToken: [...entry.access.office] }])
			expect(operation['x-roles']).toEqual(entry.access.office)
		} else if (entry.access === 'public') {
			expect(operation.security, entry.name).toBeUndefined()
			expect(operation['x-roles']).toEqual(['anyone'])
		} else expect(operation.security!.length, entry.name).toBeGreaterThan(0)
	}
	expect(operationOf(apiTable.officeReports.gstRegister)!.responses['403']!.content!['application/json']!.example).toEqual({
		message: 'Your office role (editor) may not do this. Ask an administrator if you need it.',
	})
	expect(operationOf(apiTable.registrations.state)!.parameters![0]).toMatchObject({ name: 'role', in: 'path', schema: { enum: ['member', 'student'] } })
})

test('a 404 carries the entry’s own message, a 400 its schema’s messages', () => {
	expect(operationOf(apiTable.events.details)!.responses['404']!.content!['application/json']!.example).toEqual({ message: 'No such event.' })
	const example = operationOf(apiTable.officeNewsletters.update)!.responses['400']!.content!['application/json']!.example as {
		errors: Record<string, string[]>
	}
	expect(example.errors.sTitle).toEqual(['Title is required'])
})

test('password fields are described as the ciphertext they travel as, never as a password', () => {
	const bodies = operations.map((operation) => JSON.stringify(operation.requestBody ?? {}))
	const passwordFields = bodies.flatMap((body) => [...body.matchAll(new RegExp(`"(${PASSWORD_FIELDS.join('|')})":(\\{[^}]*\\})`, 'g'))])
	expect(passwordFields.length).toBeGreaterThan(8)
	for (const [, , schema] of passwordFields) expect(JSON.parse(schema!)).toMatchObject({ type: 'string', contentEncoding: 'base64' })
})

test('every upload is described in call-notes.ts, and every name there is an entry', () => {
	const uploads = entries.filter((entry) => entry.upload).map((entry) => entry.name)
	expect(Object.keys(UPLOAD_FORMS).sort()).toEqual(uploads.sort())
	for (const name of RATE_LIMITED) expect(entries.map((entry) => entry.name)).toContain(name)
	expect(operationOf(apiTable.officeGallery.addPhotos)!.requestBody!.content['multipart/form-data']!.encoding).toEqual({
		photos: { contentType: 'image/jpeg, image/png, image/webp' },
	})
})

test('file entries answer files, JSON entries the envelope', () => {
	for (const entry of entries) {
		const content = operationOf(entry)!.responses[entry.method === 'GET' ? '200' : '2XX']!.content!
		if (entry.data === FILE_ANSWER)
			expect(
				Object.keys(content).some((type) => type !== 'application/json'),
				entry.name,
			).toBe(true)
		else expect(content['application/json']!.schema, entry.name).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } })
	}
})
