// The contract's zod schemas as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), by zod's own
// conversion: what a caller sends (`input`: before coercion, transforms and defaults) for requests,
// what the API writes (`output`) for answers. Parts JSON Schema cannot say (a transform's result,
// a FormData) become `{}`, which allows anything, rather than stopping the document.
import { z } from 'zod'
import { PASSWORD_FIELDS } from '~/contract/accounts'

export type JsonSchema = { [key: string]: unknown }

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
	const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, {
		io,
		unrepresentable: 'any',
		target: 'draft-2020-12',
		override: dropSafeIntegerBounds,
	}) as JsonSchema
	// A recursive schema would come with $defs referred to from its own root, which means the document's root once embedded.
	if ('$defs' in converted) throw new Error('A recursive contract schema needs its $defs moved to components/schemas')
	return converted
}

export /** zod bounds every integer by JavaScript's safe range; said on every id and count, it is only noise. */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }) {
	if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
	if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value)
export const propertiesOf = (schema: JsonSchema) => (isSchema(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {})

/**
 * A request schema with the defaults the API fills in. zod leaves `default` out of an input schema
 * when the default sits outside a preprocess (`blankAsMissing`); the output schema has it.
 */
export function requestSchemaOf(schema: z.ZodType): JsonSchema {
	const input = jsonSchemaOf(schema, 'input')
	addDefaults(input, jsonSchemaOf(schema, 'output'))
	return input
}

function addDefaults(input: JsonSchema, output: JsonSchema) {
	const outputProperties = propertiesOf(output)
	for (const [name, property] of Object.entries(propertiesOf(input))) {
		const counterpart = outputProperties[name]
		if (!counterpart) continue
		if (property.default === undefined && counterpart.default !== undefined) property.default = counterpart.default
		addDefaults(property, counterpart)
	}
}

/** The password fields of a body as they travel: ciphertext, never the password (decision 0007). */
export function withEncryptedPasswords(schema: JsonSchema): JsonSchema {
	const walk = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(walk)
		if (!isSchema(value)) return value
		const copy = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child)]))
		if (isSchema(value.properties)) {
			for (const field of PASSWORD_FIELDS) {
				const plain = (value.properties as Record<string, JsonSchema>)[field]
				if (plain) (copy.properties as Record<string, JsonSchema>)[field] = encryptedField(plain)
			}
		}
		return copy
	}
	return walk(schema) as JsonSchema
}

function encryptedField(plain: JsonSchema): JsonSchema {
	const bounds = typeof plain.minLength === 'number' && typeof plain.maxLength === 'number' ? ` (${plain.minLength} to ${plain.maxLength} characters)` : ''
	return {
		type: 'string',
		contentEncoding: 'base64',
		description: `The password${bounds}, encrypted with RSA-OAEP (SHA-256) under the key of GET /auth/public-key/v1, in base64. The API decrypts it before checking it.`,
	}
}

const requiredOf = (schema: JsonSchema) => new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])

type Field = { name: string; required: boolean; schema: JsonSchema }

/** The fields of an object schema: of every variant of a union (required if every variant requires it), of both sides of an intersection. */
export function fieldsOf(schema: JsonSchema): Field[] {
	const parts = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : undefined
	if (!parts) {
		const required = requiredOf(schema)
		return Object.entries(propertiesOf(schema)).map(([name, property]) => ({ name, required: required.has(name), schema: property }))
	}
	const variants = parts.map(fieldsOf)
	const fields = new Map<string, Field>()
	for (const field of variants.flat()) if (!fields.has(field.name)) fields.set(field.name, field)
	const requiredIn = (fields: Field[], name: string) => fields.some((field) => field.name === name && field.required)
	return [...fields.values()].map((field) => ({
		...field,
		required: schema.anyOf ? variants.every((variant) => requiredIn(variant, field.name)) : variants.some((variant) => requiredIn(variant, field.name)),
	}))
}
