// The branch API (spec §7): a fetch-style Hono app mounted at /api. It is called in-process by
// the portal's API client, or over HTTP by another portal instance (API_BASE_URL).
import { Hono, type ErrorHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { API_PREFIX } from '~/contract/api'
import { accountsApi, UPLOAD_PATH_PATTERN } from './accounts'
import { SIGN_IN_BUSY, SignInBusyError } from './accounts/sign-in-pool'
import { committeeRoutes } from './committees/routes'
import { cpeRoutes } from './cpe/routes'
import type { ApiDeps, ApiEnv } from './env'
import { eventRoutes } from './events/routes'
import { galleryRoutes } from './gallery/routes'
import { ApiError, MAX_JSON_BODY_BYTES } from './http'
import { newsletterRoutes } from './newsletters/routes'
import { subscriptionLinkRoutes } from './newsletters/links'
import { officeApi } from './office'
import { openApiRoutes } from './openapi/routes'
import { EVENT_PICTURE_BODY_LIMIT, EVENT_PICTURE_PATH } from './office/events/routes'
import { PORTRAIT_PATH } from './office/committees/routes'
import { POPUP_PICTURE_PATH, popupRoutes } from './popup/routes'
import { GALLERY_UPLOAD_BODY_LIMIT, GALLERY_UPLOAD_PATH } from './office/gallery/routes'
import { NEWSLETTER_UPLOAD_BODY_LIMIT, NEWSLETTER_UPLOAD_PATH } from './office/newsletters/routes'
import { PAGE_ATTACHMENT_BODY_LIMIT, PAGE_ATTACHMENT_PATH } from './office/pages/routes'
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
	const jsonBodyLimit = bodyLimit({
		maxSize: MAX_JSON_BODY_BYTES,
		onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
	})
	// Picture uploads set their own, larger limits.
	const pictureLimit = bodyLimit({ maxSize: EVENT_PICTURE_BODY_LIMIT, onError: (c) => c.json({ message: 'The picture is too large.', errors: { file: ['The picture is larger than 5 MB.'] } }, 413) })
	const newsletterLimit = bodyLimit({ maxSize: NEWSLETTER_UPLOAD_BODY_LIMIT, onError: (c) => c.json({ message: 'The files are too large.', errors: { file: ['The PDF can be at most 20 MB.'] } }, 413) })
	const attachmentLimit = bodyLimit({ maxSize: PAGE_ATTACHMENT_BODY_LIMIT, onError: (c) => c.json({ message: 'The PDF is too large.', errors: { file: ['The PDF can be at most 20 MB.'] } }, 413) })
	const galleryLimit = bodyLimit({ maxSize: GALLERY_UPLOAD_BODY_LIMIT, onError: (c) => c.json({ message: 'The photos are too large.', errors: { photos: ['Upload at most 12 photos of up to 5 MB each at a time.'] } }, 413) })
	api.use((c, next) => {
		if (UPLOAD_PATH_PATTERN.test(c.req.path)) return next()
		if (EVENT_PICTURE_PATH.test(c.req.path) || PORTRAIT_PATH.test(c.req.path) || POPUP_PICTURE_PATH.test(c.req.path)) return pictureLimit(c, next)
		if (PAGE_ATTACHMENT_PATH.test(c.req.path)) return attachmentLimit(c, next)
		if (GALLERY_UPLOAD_PATH.test(c.req.path)) return galleryLimit(c, next)
		if (NEWSLETTER_UPLOAD_PATH.test(c.req.path) && c.req.method === 'POST') return newsletterLimit(c, next)
		return jsonBodyLimit(c, next)
	})
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
