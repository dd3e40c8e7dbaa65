// The branch API (docs/spec.md §7): a fetch-style Hono app mounted at /api. It is called in-process by
// the portal's API client, or over HTTP by another portal instance (API_BASE_URL).
import { Hono, type ErrorHandler, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { API_PREFIX } from '~/contract/api'
import { pathPattern, type Endpoint } from '~/contract/endpoint'
import { apiTable } from '~/contract/table'
import { apiBodyLimits } from '~/contract/uploads'
import { accountsApi } from './accounts'
import { SIGN_IN_BUSY, SignInBusyError } from './crypto/sign-in-pool'
import { committeeRoutes } from './committees/routes'
import { cpeRoutes } from './cpe/routes'
import type { ApiDeps, ApiEnv } from './env'
import { eventRoutes } from './events/routes'
import { galleryRoutes } from './gallery/routes'
import { ApiError, MAX_JSON_BODY_BYTES } from './http'
import { newsletterRoutes } from './newsletters/routes'
import { subscriptionLinkRoutes } from './newsletters/links'
import { officeApi } from './office/routes'
import { openApiRoutes } from './openapi/routes'
import { popupRoutes } from './popup/routes'
import { mediaRoutes } from './media/routes'
import { receiptRoutes } from './receipts/routes'
import { documentRoutes } from './documents/routes'
import { registrationRoutes } from './registrations/routes'
import { pageRoutes } from './pages/routes'

export type ApiApp = ReturnType<typeof createApi>

export function createApi(deps: ApiDeps) {
	const api = new Hono<ApiEnv>().basePath(API_PREFIX)
	api.use(async (c, next) => {
		c.set('deps', deps)
		await next()
	})
	api.use(bodyLimits())
	api.use(noStoreAnswers())
	api.route('/', openApiRoutes)
	api.route('/', mediaRoutes)
	api.route('/', pageRoutes)
	api.route('/', committeeRoutes)
	api.route('/', eventRoutes)
	api.route('/', popupRoutes)
	// Before the accounts, whose /auth/:role/... would otherwise answer /auth/office/... with a 404.
	api.route('/', officeApi)
	api.route('/', accountsApi)
	api.route('/', galleryRoutes)
	api.route('/', newsletterRoutes)
	api.route('/', subscriptionLinkRoutes)
	api.route('/', cpeRoutes)
	api.route('/', registrationRoutes)
	api.route('/', receiptRoutes)
	api.route('/', documentRoutes)

	api.notFound((c) => c.json({ message: 'No such API call.' }, 404))
	api.onError(apiErrorHandler(deps.log))
	return api
}

/**
 * Every body is capped before it is read: an upload at its contract entry's `maxBodyBytes`, with
 * that kind's 413 (app/contract/uploads.ts), anything else at the JSON limit.
 */
function bodyLimits(): MiddlewareHandler<ApiEnv> {
	const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: (c) => c.json({ message: 'The request body is too large.' }, 413) })
	const limits = apiBodyLimits(API_PREFIX).map(({ method, path, bytes, tooLarge }) => ({
		method,
		path,
		limit: bodyLimit({
			maxSize: bytes,
			onError: (c) =>
				c.json(tooLarge ? { message: tooLarge.message, errors: { [tooLarge.field]: [tooLarge.advice] } } : { message: 'The request body is too large.' }, 413),
		}),
	}))
	return (c, next) => (limits.find(({ method, path }) => method === c.req.method && path.test(c.req.path))?.limit ?? jsonLimit)(c, next)
}

/**
 * The answers of entries marked `noStore` (they carry a sign-in token or ticket) are never kept by
 * a browser or a proxy, refusals included.
 */
function noStoreAnswers(): MiddlewareHandler<ApiEnv> {
	const entries = Object.values(apiTable)
		.flatMap((area) => Object.values(area) as Endpoint[])
		.filter((entry) => entry.noStore)
		.map(({ method, path }) => ({ method, path: pathPattern(path, { prefix: API_PREFIX }) }))
	return async (c, next) => {
		await next()
		if (entries.some(({ method, path }) => method === c.req.method && path.test(c.req.path))) c.header('Cache-Control', 'no-store')
	}
}

/** Every failure becomes a JSON answer; a fault's details go to the log, never to the caller. */
export function apiErrorHandler(log: Logger): ErrorHandler {
	return (error, c) => {
		if (error instanceof ApiError) {
			return c.json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }, error.status)
		}
		if (error instanceof HTTPException) return c.json({ message: error.message || 'Bad request.' }, error.status)
		if (error instanceof SignInBusyError) return c.json({ message: error.message }, 503, { 'Retry-After': String(SIGN_IN_BUSY.retryAfterSeconds) })
		log.error({ err: error, path: c.req.path }, 'API call failed')
		return c.json({ message: 'Something went wrong on our side. Please try again shortly.' }, 500)
	}
}
