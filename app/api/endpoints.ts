// Registers API handlers from the contract's endpoint entries (app/contract/endpoint.ts): the
// path, the caller's check, the input's validation and the envelope are done here once, so a
// handler only does its area's work.
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import { type FILE_ANSWER, roleSchema, type Access, type Data, type Endpoint, type EndpointSpec } from '~/contract/endpoint'
import type { Role } from '~/contract/constants'
import { TWO_FACTOR_MESSAGES } from '~/contract/office/two-factor'
import { admits, refusalFor, type OfficeAccess } from '~/contract/office/staff-roles'
import { unstorableTextErrors } from '~/contract/storable-text'
import { requireAccount } from './auth/account'
import { readForm } from './auth/forms'
import { ApiError, checkMultipartText, readJson, readQuery } from './http'
import { requireStaff, twoFactorSetupDue } from './auth/staff'
import type { ApiDeps, ApiEnv } from './env'

type Account = Awaited<ReturnType<typeof requireAccount>>
type Staff = Awaited<ReturnType<typeof requireStaff>>

/** Who is calling, as the entry's access requires it. */
export type Caller<A extends Access> = A extends 'member' | 'student' | 'account' ? Account & { role: Role } : A extends OfficeAccess ? Staff : null

export type HandlerInput<E extends EndpointSpec> = {
	c: Context<ApiEnv>
	deps: ApiDeps
	caller: Caller<E['access']>
	params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<never, never>
	query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined
	body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined
}

/**
 * A JSON answer (status 200 unless given), or a ready Response: always for a file entry, and for
 * a JSON entry whose query asks for another format (a CSV of the same list).
 */
export type HandlerAnswer<E extends EndpointSpec> = E['data'] extends typeof FILE_ANSWER
	? Response
	: { message: string; data: Data<E>; status?: 200 | 201 | 202 } | Response

/** Hono path syntax: `:role` matches only the two roles, so `/auth/office/...` is never taken for one. */
const honoPath = (path: string) => path.replace(':role', `:role{${roleSchema.options.join('|')}}`)

async function identify(c: Context<ApiEnv>, { access, beforeTwoFactor }: EndpointSpec): Promise<unknown> {
	if (typeof access === 'object') {
		const staff = await requireStaff(c)
		if (!admits(access, staff.staff.role)) throw new ApiError(403, refusalFor(staff.staff.role))
		if (!beforeTwoFactor && twoFactorSetupDue(c.get('deps'), staff.staff)) throw new ApiError(403, TWO_FACTOR_MESSAGES.required)
		return staff
	}
	switch (access) {
		case 'public':
			return null
		case 'member':
		case 'student':
			return { ...(await requireAccount(c, access)), role: access }
		case 'account': {
			const role = roleSchema.parse(c.req.param('role'))
			return { ...(await requireAccount(c, role)), role }
		}
	}
}

function readParams(c: Context<ApiEnv>, entry: EndpointSpec) {
	if (!entry.params) return {}
	const raw = c.req.param()
	// A path segment the database cannot hold names no record: as missing as an unknown id.
	const parsed = unstorableTextErrors(raw) ? undefined : entry.params.safeParse(raw)
	if (!parsed?.success) throw new ApiError(404, entry.notFound ?? 'Not found.')
	return parsed.data
}

/**
 * Adds `entry` to `router` with `handler`. The caller is checked before the input is read, so a
 * stranger learns nothing from validation messages; signed-in answers are never cached.
 */
export function handle<E extends Endpoint>(router: Hono<ApiEnv>, entry: E, handler: (input: HandlerInput<E>) => Promise<HandlerAnswer<E>>) {
	const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
	router[method](honoPath(entry.path), async (c) => {
		const caller = await identify(c, entry)
		const params = readParams(c, entry)
		const query = entry.query ? readQuery(c, entry.query) : undefined
		if (entry.upload) await checkMultipartText(c)
		const body =
			!entry.body || entry.upload || entry.handlerReadsBody
				? undefined
				: entry.encryptedPasswords
					? await readForm(c, entry.body, entry.encryptedPasswords)
					: await readJson(c, entry.body)
		const input = { c, deps: c.get('deps'), caller, params, query, body } as HandlerInput<E>
		const answer = await handler(input)
		if (answer instanceof Response) return answer
		if (entry.access !== 'public') c.header('Cache-Control', 'private, no-store')
		else if (entry.publicMaxAge) c.header('Cache-Control', `public, max-age=${entry.publicMaxAge}`)
		const { message, data, status = 200 } = answer as { message: string; data: unknown; status?: 200 | 201 | 202 }
		return c.json(data === undefined ? { message } : { message, data }, status)
	})
	return router
}
