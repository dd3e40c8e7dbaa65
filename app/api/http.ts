// The API's envelope (docs/api.md): `{ message, data? }`, errors `{ message, errors? }` keyed by field name.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { parseQuery, QueryError } from '~/contract/query-string'
import { unstorableTextErrors } from '~/contract/storable-text'

/** The largest JSON body a call takes; uploads set their own limits (app.ts). */
export const MAX_JSON_BODY_BYTES = 64 * 1024

export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		readonly errors?: Record<string, string[]>,
	) {
		super(message)
	}
}

export function ok<T>(c: Context, message: string, data?: T, status: ContentfulStatusCode = 200) {
	return c.json(data === undefined ? { message } : { message, data }, status)
}

/** Field errors keyed by the spec's field names, as a form shows them beside each field. */
export function fieldErrors(error: z.ZodError) {
	const errors: Record<string, string[]> = {}
	for (const issue of error.issues) {
		const key = issue.path.join('.') || 'form'
		;(errors[key] ??= []).push(issue.message)
	}
	return errors
}

export const FIELDS_MESSAGE = 'Please correct the highlighted fields.'

/**
 * A 400 naming each field whose text the database cannot hold. JSON bodies, query strings and
 * multipart forms all pass through here (path segments: endpoints.ts), so no field's schema repeats it.
 */
function refuseUnstorableText(input: unknown, message = FIELDS_MESSAGE) {
	const errors = unstorableTextErrors(input)
	if (errors) throw new ApiError(400, message, errors)
}

/** The JSON body as sent, not yet validated; a 400 when it is not JSON or holds text the database cannot. */
export async function jsonBody(c: Context): Promise<unknown> {
	let body: unknown
	try {
		body = await c.req.json()
	} catch {
		throw new ApiError(400, 'The request body must be valid JSON.')
	}
	refuseUnstorableText(body)
	return body
}

/**
 * The text fields of a multipart form, checked before its handler reads it (the request keeps the
 * parsed form, so it is parsed once). A form that cannot be parsed is left to the handler's message.
 */
export async function checkMultipartText(c: Context) {
	const form = await c.req.formData().catch(() => undefined)
	if (form) refuseUnstorableText(form)
}

/** Reads a JSON body and validates it: a 400 with field errors for anything that does not fit. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
	const result = schema.safeParse(await jsonBody(c))
	if (!result.success) throw new ApiError(400, FIELDS_MESSAGE, fieldErrors(result.error))
	return result.data
}

/** Reads the query string (bracket notation, docs/spec.md §7) and validates it: a 400 naming the bad parameter. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
	let query: unknown
	try {
		query = parseQuery(new URL(c.req.url).searchParams)
	} catch (error) {
		if (error instanceof QueryError) throw new ApiError(400, error.message)
		throw error
	}
	// A page's search answers with this message alone (its error page), so it says what is wrong.
	refuseUnstorableText(query, 'Please check the query parameters: one holds a character that cannot be saved (a null character or half of an emoji).')
	const result = schema.safeParse(query)
	if (!result.success) throw new ApiError(400, 'Please check the query parameters.', fieldErrors(result.error))
	return result.data
}

/** A document for one person or the office: never cached, never sniffed as another type, saved as a file. */
export function fileAnswer(body: Uint8Array | string, contentType: string, fileName: string) {
	return new Response(body as Uint8Array<ArrayBuffer> | string, {
		headers: {
			'Content-Type': contentType,
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
