// One entry per API call: method, path, who may call it, what it takes and what it answers.
// The API registers its handlers from these entries (app/api/endpoints.ts) and the portal's typed
// client is built from the same entries (app/.server/typed-api.ts), so neither side can drift.
import { z } from 'zod'
import { USER_TYPES, type Role } from './constants'
import type { OfficeAccess } from './office/staff-roles'

/**
 * Who may call: anyone; a member or a student (their token); `account`: either, chosen by the
 * path's `:role` segment (docs/spec.md §6: the prefix follows the role); `{ office: [...] }`: an office
 * user whose role is among those named (app/contract/office/staff-roles.ts).
 */
export type Access = 'public' | 'member' | 'student' | 'account' | OfficeAccess
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export const KB = 1024
export const MB = 1024 * KB
/** The largest file of each kind a call takes: a picture before it is re-encoded, a PDF as stored. */
export const FILE_MAX_BYTES = { picture: 5 * MB, pdf: 20 * MB } as const
/**
 * What an upload carries, which says what its 413 answers (app/contract/uploads.ts): one picture,
 * several photos, a PDF, or a PDF with a cover picture.
 */
export type UploadKind = 'picture' | 'photos' | 'pdf' | 'pdf-and-cover'

/** The answer is a file (a PDF, a CSV), not the JSON envelope. */
export const FILE_ANSWER = Symbol('file answer')

export type EndpointSpec = {
	method: Method
	/** The spec's path after /api, with `:name` for parameters (`/events/details/v1/:iEventId`). */
	path: string
	access: Access
	/** Path parameters; a value that does not fit answers 404 with `notFound`. `:role` needs no entry. */
	params?: z.ZodType<Record<string, unknown>>
	/** Query parameters in the spec's bracket notation (app/contract/query-string.ts). */
	query?: z.ZodType
	/** The JSON body (or, for an upload, the multipart form). */
	body?: z.ZodType
	/** The body is a multipart form carrying files of this kind; the handler reads it. */
	upload?: UploadKind
	/**
	 * The most the body may hold, files and form framing: a larger one is refused with 413 before it
	 * is read (app/api/app.ts). Left out, the API's limit for JSON.
	 */
	maxBodyBytes?: number
	/**
	 * The portal's pages (`:name` for parameters) whose forms carry this upload: the server caps
	 * their bodies from `maxBodyBytes` before React Router reads them (server/app.ts).
	 */
	formPages?: readonly string[]
	/**
	 * The handler reads and validates the body itself, because its rules depend on the day (a CPE
	 * entry's dates) or the path's role, or because a rate limit must come before decrypting
	 * passwords. `body` then types the client's input.
	 */
	handlerReadsBody?: true
	/**
	 * An account form: its password fields travel RSA-encrypted (decision 0007) and the API decrypts
	 * these (only) before validating, then checks the places and common passwords (`[]`: a form without passwords).
	 */
	encryptedPasswords?: readonly ('sPassword' | 'sConfirmPassword' | 'sOldPassword' | 'sNewPassword')[]
	/** What `data` holds in a successful answer (`z.undefined()` when there is none), or a file. */
	data: z.ZodType | typeof FILE_ANSWER
	/** The message of a 404 for a malformed or unknown id in the path. */
	notFound?: string
	/**
	 * An office entry an administrator may call before turning on two-factor sign-in, which a live
	 * deployment requires of them (decision 0048): its setup, and signing out. Every other refuses with 403.
	 */
	beforeTwoFactor?: true
	/**
	 * The answer carries a sign-in token or ticket: it is sent with `Cache-Control: no-store`,
	 * whatever its status, so no browser or proxy keeps it (app/api/app.ts).
	 */
	noStore?: true
	/** Anyone's answer may be reused this many seconds (public GETs only). */
	publicMaxAge?: number
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { name: string }

/** Declares one call. The name (used in errors and logs) is the entry's key in its area's table. */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
	return spec
}

/** Names every entry of an area's table after its key, so errors say `events.details`. */
export function endpointTable<const T extends Record<string, EndpointSpec>>(area: string, entries: T): { [K in keyof T]: Endpoint<T[K]> } {
	return Object.fromEntries(Object.entries(entries).map(([key, spec]) => [key, { ...spec, name: `${area}.${key}` }])) as { [K in keyof T]: Endpoint<T[K]> }
}

export const ROLES = Object.keys(USER_TYPES) as Role[]
export const roleSchema = z.enum(ROLES as [Role, ...Role[]])

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
	? Name | ParamNames<`/${Rest}`>
	: P extends `${string}:${infer Name}`
		? Name
		: never

/** The path parameters a caller gives (ids as numbers or strings), plus `role` for role-prefixed paths. */
export type PathParams<E extends EndpointSpec> = { [K in Exclude<ParamNames<E['path']>, 'role'>]: string | number } & ('role' extends ParamNames<E['path']>
	? { role?: Role }
	: Record<never, never>)

export type Data<E extends EndpointSpec> = E['data'] extends z.ZodType ? z.output<E['data']> : never

/** Fills `:name` segments of a path; each value is percent-encoded, so it stays one segment. */
export function fillPath(path: string, params: Record<string, unknown>) {
	return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
		const value = params[name]
		if (value === undefined || value === null || value === '') throw new Error(`The path ${path} needs :${name}`)
		return encodeURIComponent(String(value))
	})
}

/** Matches the paths a `:name` pattern stands for (each parameter one segment), after `prefix` and before `suffix`. */
export function pathPattern(path: string, { prefix = '', suffix = '' } = {}) {
	const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	return new RegExp(
		`^${literal(prefix)}${path
			.split(/:[A-Za-z]\w*/)
			.map(literal)
			.join('[^/]+')}${suffix}$`,
	)
}

const answerSchemas = new WeakMap<EndpointSpec, z.ZodType>()

/**
 * The success envelope of an entry, `{ message, data }`, as the client checks it: made once per
 * entry (zod compiles a schema's checks on its first use, so a new one per call would cost that each time).
 */
export function answerSchema(spec: EndpointSpec) {
	if (spec.data === FILE_ANSWER) throw new Error('A file answer has no envelope')
	let schema = answerSchemas.get(spec)
	if (!schema) {
		// An answer without data leaves the key out of its JSON, so `z.undefined()` must also accept it missing.
		schema = z.object({ message: z.string(), data: spec.data instanceof z.ZodUndefined ? spec.data.optional() : spec.data })
		answerSchemas.set(spec, schema)
	}
	return schema as z.ZodType<{ message: string; data: unknown }>
}

/** The error envelope: a message, and field errors keyed by the spec's field names. */
export const errorAnswerSchema = z.object({
	message: z.string(),
	errors: z.record(z.string(), z.array(z.string())).optional(),
})
