// The typed face of the API client: one function per entry of the contract's table
// (`api.events.details({ iEventId })`). It fills the path, sends the input, and checks every
// answer against the entry's schema, so an API that answers another shape fails here, naming
// the call, and never halfway through rendering a page.
import type { z } from 'zod'
import { answerSchema, errorAnswerSchema, fillPath, FILE_ANSWER, type Data, type Endpoint, type EndpointSpec, type PathParams } from '~/contract/endpoint'
import { apiTable, type ApiTable } from '~/contract/table'
import type { Role } from '~/contract/constants'
import type { QueryValue } from '~/contract/query-string'
import type { ApiClient, ApiFile } from './api-client'

/** Who the calls are made for: the role (path prefix and UserType), its token, the end user's address. */
export type ApiCaller = { role?: Role; token?: string; clientAddress?: string }

export type CallInput<E extends EndpointSpec> = PathParams<E> &
	(E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : Record<never, never>) &
	(E['body'] extends z.ZodType ? { body: z.input<E['body']> | FormData } : Record<never, never>)

export type ApiFailure = { ok: false; status: number; message: string; errors?: Record<string, string[]> }
export type ApiResult<E extends EndpointSpec> =
	| (E['data'] extends typeof FILE_ANSWER ? { ok: true; status: number; file: ApiFile } : { ok: true; status: number; message: string; data: Data<E> })
	| ApiFailure

/** An answer that does not fit the contract: a fault of the API, reported with the call's name. */
export class ApiContractError extends Error {
	override name = 'ApiContractError'
	constructor(entry: Endpoint, detail: string) {
		super(`The API's answer to ${entry.name} (${entry.method} ${entry.path}) does not fit the contract: ${detail}`)
	}
}

function describe(error: z.ZodError) {
	return error.issues
		.slice(0, 3)
		.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
		.join('; ')
}

export async function callEndpoint<E extends Endpoint>(call: ApiClient, caller: ApiCaller, entry: E, input: CallInput<E>): Promise<ApiResult<E>> {
	const { query, body, ...params } = input as { query?: Record<string, QueryValue>; body?: unknown } & Record<string, unknown>
	const role = (params.role as Role | undefined) ?? caller.role
	const path = fillPath(entry.path, { role: role ?? 'member', ...params })
	const answer = await call<unknown>({
		method: entry.method,
		path,
		query,
		body,
		role,
		// A public call may still use a sign-in (send-otp for a password change checks it).
		token: caller.token,
		clientAddress: caller.clientAddress,
	})
	if (entry.data === FILE_ANSWER) {
		if (answer.ok && answer.file) return { ok: true, status: answer.status, file: answer.file } as ApiResult<E>
		if (answer.ok) throw new ApiContractError(entry, 'expected a file, got JSON')
	}
	if (answer.ok) {
		const parsed = answerSchema(entry).safeParse(answer.body)
		if (!parsed.success) throw new ApiContractError(entry, describe(parsed.error))
		return { ok: true, status: answer.status, message: parsed.data.message, data: parsed.data.data } as ApiResult<E>
	}
	const failure = errorAnswerSchema.safeParse(answer.body)
	if (!failure.success) throw new ApiContractError(entry, `a ${answer.status} without a message`)
	return { ok: false, status: answer.status, ...failure.data }
}

type Area<T> = { [K in keyof T]: T[K] extends Endpoint ? (input: CallInput<T[K]>) => Promise<ApiResult<T[K]>> : never }
export type TypedApi = { [A in keyof ApiTable]: Area<ApiTable[A]> }

/** The whole table as functions for one caller. */
export function typedApi(call: ApiClient, caller: ApiCaller): TypedApi {
	return Object.fromEntries(
		Object.entries(apiTable).map(([area, entries]) => [
			area,
			Object.fromEntries(
				Object.entries(entries).map(([key, entry]) => [key, (input: CallInput<Endpoint>) => callEndpoint(call, caller, entry as Endpoint, input)]),
			),
		]),
	) as unknown as TypedApi
}
