// One operation's parameters, request body and answers, each from its contract entry's schemas.
// Error examples are what the API answers: a 400's field errors are the entry's own schema's
// messages for an empty form, a 404's message is the entry's `notFound`.
import { z } from 'zod'
import { PASSWORD_FIELDS } from '~/contract/accounts'
import { MESSAGES } from '~/contract/constants'
import { errorAnswerSchema, FILE_ANSWER, KB, MB, ROLES, type Endpoint } from '~/contract/endpoint'
import { isOfficeAccess, refusalFor, STAFF_ROLES } from '~/contract/office/staff-roles'
import { TOO_LARGE } from '~/contract/uploads'
import { fieldErrors, MAX_JSON_BODY_BYTES } from '../http'
import { RATE_LIMITED, UPLOAD_FORMS, type UploadForm } from './call-notes'
import { fieldsOf, jsonSchemaOf, propertiesOf, requestSchemaOf, withEncryptedPasswords, type JsonSchema } from './schemas'

export type Parameter = {
	name: string
	in: 'path' | 'query'
	required: boolean
	schema: JsonSchema
	description?: string
	style?: 'deepObject'
	explode?: true
	example?: unknown
}
export type MediaType = { schema?: JsonSchema; example?: unknown; encoding?: Record<string, { contentType: string }> }
export type AnswerObject = { description: string; content?: Record<string, MediaType>; headers?: Record<string, { description: string; schema: JsonSchema }> }
export type Operation = {
	operationId: string
	tags: [string]
	summary: string
	description: string
	parameters?: Parameter[]
	requestBody?: { required: true; content: Record<string, MediaType> }
	responses: Record<string, AnswerObject>
	security?: Record<string, string[]>[]
	/** Who may call: `anyone`, `member`, `student`, or office roles. */
	'x-roles': string[]
	/** The contract entries this operation serves. */
	'x-entries': string[]
}

const PATH_PARAMETER = /:([A-Za-z]\w*)/g

const ROLE_PARAMETER: Parameter = {
	name: 'role',
	in: 'path',
	required: true,
	schema: { type: 'string', enum: [...ROLES] },
	description: 'Whose call it is: a member’s or a student’s.',
	example: 'member',
}

export function describeParameters(entry: Endpoint): Parameter[] {
	const shape = entry.params instanceof z.ZodObject ? (entry.params.shape as Record<string, z.ZodType>) : {}
	const schemas = entry.params ? propertiesOf(jsonSchemaOf(entry.params, 'input')) : {}
	const inPath = [...entry.path.matchAll(PATH_PARAMETER)].map(([, name]): Parameter => {
		if (name === 'role') return ROLE_PARAMETER
		const schema = schemas[name!] ?? { type: 'string' }
		const id = /^[in][A-Z]/.test(name!) && shape[name!]?.safeParse('1').success
		const example = Array.isArray(schema.enum) ? schema.enum[0] : id ? (schema.type === 'integer' ? 1 : '1') : undefined
		return { name: name!, in: 'path', required: true, schema, ...(example !== undefined && { example }) }
	})
	return [...inPath, ...(entry.query ? queryParameters(entry.query) : [])]
}

/** Scalars as plain query parameters; objects as deepObject, which is the spec's bracket notation one level down. */
function queryParameters(query: z.ZodType): Parameter[] {
	const schema = requestSchemaOf(query)
	const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
	return Object.entries(propertiesOf(schema)).map(([name, property]): Parameter => {
		const parameter: Parameter = { name, in: 'query', required: required.has(name), schema: property }
		if (property.type !== 'object') return parameter
		const leaves = Object.keys(propertiesOf(property))
		const example = property.default && Object.keys(property.default).length > 0 ? { example: property.default } : {}
		return {
			...parameter,
			style: 'deepObject',
			explode: true,
			description: `In bracket notation: ${leaves.map((leaf) => `\`${name}[${leaf}]\``).join(', ')}.`,
			...example,
		}
	})
}

export function describeRequestBody(entry: Endpoint): Operation['requestBody'] {
	if (!entry.body) return undefined
	if (!entry.upload) return { required: true, content: { 'application/json': { schema: withEncryptedPasswords(requestSchemaOf(entry.body)) } } }
	const form = UPLOAD_FORMS[entry.name]
	if (!form) throw new Error(`${entry.name} takes an upload whose form is not in app/api/openapi/call-notes.ts`)
	return { required: true, content: { 'multipart/form-data': multipartOf(form) } }
}

function multipartOf(form: UploadForm): MediaType {
	const fields = form.fields ? requestSchemaOf(form.fields) : {}
	const properties = { ...propertiesOf(fields) }
	const required = Array.isArray(fields.required) ? [...(fields.required as string[])] : []
	const encoding: Record<string, { contentType: string }> = {}
	for (const [name, file] of Object.entries(form.files)) {
		properties[name] = file.upTo
			? { type: 'array', items: { description: file.description }, minItems: 1, maxItems: file.upTo }
			: { description: file.description }
		if (file.required) required.push(name)
		encoding[name] = { contentType: file.contentType }
	}
	return { schema: { type: 'object', properties, required }, encoding }
}

/** The error envelope, once in the document's components. */
export const ERROR_COMPONENT = { Error: jsonSchemaOf(errorAnswerSchema, 'output') }
const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' }
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } }

const errorAnswer = (
	description: string,
	example: { message: string; errors?: Record<string, string[]> },
	headers?: AnswerObject['headers'],
): AnswerObject => ({
	description,
	content: { 'application/json': { schema: ERROR_SCHEMA, example } },
	...(headers && { headers }),
})

/** `{ message, data }`; `data` is left out when the entry has none, and may be when its schema allows undefined. */
function envelopeOf(data: z.ZodType): JsonSchema {
	const message = { type: 'string' }
	if (data instanceof z.ZodUndefined) return { type: 'object', properties: { message }, required: ['message'], additionalProperties: false }
	const required = data.safeParse(undefined).success ? ['message'] : ['message', 'data']
	return { type: 'object', properties: { message, data: jsonSchemaOf(data, 'output') }, required, additionalProperties: false }
}

function successOf(entries: Endpoint[]): AnswerObject {
	const json = entries.find((entry) => entry.data !== FILE_ANSWER)
	const content: Record<string, MediaType> = {}
	if (json) content['application/json'] = { schema: envelopeOf(json.data as z.ZodType) }
	if (!entries.some((entry) => entry.data === FILE_ANSWER))
		return { description: json?.method === 'GET' ? 'The answer.' : 'Done: 200, or 201 when the call created something, or 202 when it queued work.', content }
	// A file beside a JSON answer is that list as CSV (`sFormat=csv`); a file alone is a document (decision 0018).
	if (json) content['text/csv'] = { schema: { type: 'string', contentMediaType: 'text/csv' } }
	else content['application/pdf'] = { schema: { contentMediaType: 'application/pdf' } }
	return {
		description: 'The answer; a file is sent as an attachment.',
		content,
		headers: { 'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } } },
	}
}

/** What the API answers for an input with every field left out (a body) or not fitting (a query). */
function badInputExample(entry: Endpoint) {
	if (entry.upload) {
		const fields = UPLOAD_FORMS[entry.name]?.fields?.safeParse({})
		return { message: 'Please correct the highlighted fields.', ...(fields?.error && { errors: fieldErrors(fields.error) }) }
	}
	if (entry.body) {
		// A union's own error names no field: the first kind of form (a member's, say) shows the messages.
		const schema = entry.body instanceof z.ZodUnion ? (entry.body.options[0] as z.ZodType) : entry.body
		const parsed = schema.safeParse({})
		return { message: 'Please correct the highlighted fields.', ...(parsed.error && { errors: fieldErrors(parsed.error) }) }
	}
	const unfit = Object.fromEntries(
		Object.entries(propertiesOf(jsonSchemaOf(entry.query!, 'input'))).map(([name, property]) => [
			name,
			property.type === 'object' ? Object.fromEntries(Object.keys(propertiesOf(property)).map((leaf) => [leaf, 'x'])) : 'x',
		]),
	)
	const parsed = entry.query!.safeParse(unfit)
	return { message: 'Please check the query parameters.', ...(parsed.error && { errors: fieldErrors(parsed.error) }) }
}

/** What the API answers to a body over the entry's limit (app/api/app.ts). */
function tooLargeAnswer({ maxBodyBytes = MAX_JSON_BODY_BYTES, upload }: Endpoint) {
	const limit = maxBodyBytes >= MB ? `${Math.round((maxBodyBytes / MB) * 10) / 10} MB` : `${maxBodyBytes / KB} KB`
	if (!upload) return errorAnswer(`The body is larger than ${limit}.`, { message: 'The request body is too large.' })
	const { message, field, advice } = TOO_LARGE[upload]
	return errorAnswer(`The form is larger than ${limit}, files and fields together.`, { message, errors: { [field]: [advice] } })
}

const carriesPassword = (entry: Endpoint) =>
	!!entry.body && !entry.upload && fieldsOf(jsonSchemaOf(entry.body, 'input')).some(({ name }) => (PASSWORD_FIELDS as readonly string[]).includes(name))

export function describeAnswers(main: Endpoint, entries: Endpoint[]): Record<string, AnswerObject> {
	const answers: Record<string, AnswerObject> = { [main.method === 'GET' ? '200' : '2XX']: successOf(entries) }
	if (main.query || main.body) {
		answers['400'] = errorAnswer(
			'The input does not fit: `errors` names each field by its path, with what is wrong. A body that is not a JSON object, or a query string that cannot be read, answers 400 with a message alone.',
			badInputExample(main),
		)
	}
	if (main.access !== 'public')
		answers['401'] = errorAnswer('No token, or not a live token of the kind this call takes (signed out, expired, another role’s).', {
			message: MESSAGES.authenticationFailed,
		})
	if (isOfficeAccess(main.access)) {
		const admitted = main.access.office
		const refused = STAFF_ROLES.find((role) => !admitted.includes(role))
		if (refused) answers['403'] = errorAnswer('A staff user whose role this call does not admit.', { message: refusalFor(refused) })
	}
	if (main.path.includes(':')) {
		const ids = [...main.path.matchAll(PATH_PARAMETER)].some(([, name]) => name !== 'role')
		answers['404'] = errorAnswer(ids ? 'No such record, or a path parameter that cannot be one.' : 'A role other than member or student.', {
			message: ids ? (main.notFound ?? 'Not found.') : 'No such API call.',
		})
	}
	if (main.method !== 'GET' && main.access !== 'public')
		answers['409'] = errorAnswer(
			'The call conflicts with the present state: someone else saved the record since it was opened (`nVersion`), or its state does not allow it.',
			{ message: 'This event was changed by someone else since you opened it' },
		)
	if (main.body) answers['413'] = tooLargeAnswer(main)
	if (RATE_LIMITED.has(main.name))
		answers['429'] = errorAnswer(
			'Too many attempts from this address, for this account or from this client; `Retry-After` says when to try again.',
			{ message: 'Too many attempts. Please try again in 15 minutes.' },
			RETRY_AFTER,
		)
	if (carriesPassword(main))
		answers['503'] = errorAnswer(
			'Too many passwords are being checked at once; try again in a minute.',
			{ message: 'Too many people are signing in; try again in a minute' },
			RETRY_AFTER,
		)
	return answers
}
