// The HTTP application: request log, security headers, no-store for private answers, the build's
// assets and kept public pages first; then, in Express, the proxy's host, the cross-origin POST check, health, static files
// and React Router (which also mounts the branch API at /api).
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { STORAGE_KEYS } from '~/contract/constants'
import { pageBodyLimits } from '~/contract/uploads'
import { getConfig } from '~/.server/config'
import { requestInfoContext } from '~/.server/context'
import { logger } from '~/.server/logger'
import { getRuntime } from '~/.server/runtime'
import { isAnonymousPublicDocument } from './anonymous-visit'
import { builtAssets } from './built-assets'
import { onePerTurn } from './one-per-turn'
import { isPrivateRequest, storeNowhere } from './private-answers'
import { renderCache } from './render-cache'
import { freshNonce, isCrossOriginWrite, SAFE_METHODS, securityHeaders } from './security'

const config = getConfig()
// Migrate and seed before the first request, so a broken database stops the start.
const runtime = await getRuntime()
const dev = !import.meta.env.PROD
const client = fileURLToPath(new URL('../client', import.meta.url))
// The build's hashed scripts and stylesheet, from memory (in development Vite serves them).
const assets = dev ? null : builtAssets(`${client}/assets`)

// Public pages for visitors without a session: rendered once per content version (decision 0028).
const publicPages = renderCache({
	version: () => (config.apiBaseUrl ? 0 : runtime.contentVersion()),
	ttlMs: 60_000,
	maxEntries: 500,
	sharedCookies: [STORAGE_KEYS.popupShown],
})

/** Razorpay's API and checkout origins, when the branch takes payments through it. */
const razorpay = config.settings.payments.razorpay
const gatewayOrigins = razorpay ? [...new Set([new URL(razorpay.apiUrl).origin, new URL(razorpay.checkoutScriptUrl).origin])] : []

/**
 * Every request starts here: it is logged, gets its security headers and a fresh CSP nonce, and an
 * asset of the build or a kept public page is answered at once from Node's HTTP server. Only the rest goes on to Express,
 * whose routing and response helpers would cost a kept page as much again (decision 0037).
 */
export function handle(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) {
	const started = process.hrtime.bigint()
	const path = (req.url ?? '/').split('?')[0]!
	res.once('finish', () => {
		const ms = Number(process.hrtime.bigint() - started) / 1e6
		// The path only: query strings may carry tokens or e-mail addresses.
		logger.info({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
	})
	const nonce = freshNonce()
	const headers = securityHeaders({ nonce, https: config.https, dev, path, gatewayOrigins })
	// The build's assets are the same for everyone: a signed-in visitor's browser keeps them too.
	if (assets?.answer(req, res, headers)) return
	if (isPrivateRequest(req)) storeNowhere(res)
	if (publicPages.answer(req, res, nonce, headers)) return
	for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
	Object.assign(res, { locals: { nonce } })
	// Express makes them its own request and response; without `next` it ends unhandled requests itself.
	app(req as Request, res as Response, next as NextFunction)
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.trustProxy)

// A trusted proxy's X-Forwarded-Host is the host the browser asked for: it becomes the request's
// Host, which React Router builds the request's address from (with X-Forwarded-Host it would keep
// Host's port: https://portal.example.org:3000, and refuse every form as posted from elsewhere).
// An untrusted sender's is dropped, so nothing after this reads it.
app.use((req, _res, next) => {
	if (req.headers['x-forwarded-host'] !== undefined) {
		const host = req.host
		if (host) req.headers.host = host
		delete req.headers['x-forwarded-host']
	}
	next()
})

app.use((req, res, next) => {
	// Mail providers POST to the unsubscribe link from their servers (RFC 8058).
	// The unsubscribe link's signed token and Razorpay's signed callback (posted from Razorpay's page) are their own proof.
	if (SAFE_METHODS.has(req.method) || req.path.startsWith('/newsletter/unsubscribe/')) return next()
	if (req.path.startsWith('/payments/razorpay/callback/')) {
		// React Router refuses an action posted from another origin; this one reads no session and
		// counts only once Razorpay's signature checks out, so the browser's Origin is left out.
		delete req.headers.origin
		return next()
	}
	const allowed = new Set([config.publicUrl.origin, `${req.protocol}://${req.get('host')}`])
	const headers = { secFetchSite: req.get('sec-fetch-site'), origin: req.get('origin') }
	if (!isCrossOriginWrite(req.method, headers, allowed)) return next()
	const message = 'This request came from another site and was refused.'
	if (req.path.startsWith('/api/')) res.status(403).json({ message })
	else res.status(403).type('text/plain').send(message)
})

app.use(compression())

// Page forms are read whole by their actions, so their bodies are capped here, before anything is
// read: a small cap for every form, larger ones for the pages whose forms carry an upload, as its
// contract entry declares (app/contract/uploads.ts). (The API under /api caps its own bodies.)
const PAGE_BODY_LIMIT = { bytes: 256 * 1024, advice: 'This form cannot take that much.' }
app.use((req, res, next) => {
	if (req.method === 'GET' || req.method === 'HEAD' || req.path.startsWith('/api/')) return next()
	const limit = pageBodyLimits.find(({ page }) => page.test(req.path)) ?? PAGE_BODY_LIMIT
	const declared = req.get('content-length')
	if (declared === undefined && req.get('transfer-encoding')) {
		return res.status(411).set('connection', 'close').type('text/plain').send('Please send the form again; its length was not given.')
	}
	if (Number(declared ?? 0) <= limit.bytes) return next()
	res
		.status(413)
		.set('connection', 'close')
		.type('html')
		.send(
			`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large</title>` +
				`<main style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>What you sent is too large</h1>` +
				`<p>${limit.advice} Please try again with less.</p><p><a href="${encodeURI(req.path.replace(/\.data$/, ''))}">Back to the form</a></p></main></html>`,
		)
})

// Office pages are for staff only: never indexed (and never kept: private-answers.ts).
app.use(['/office', '/office.data', '/office/*path'], (_req, res, next) => {
	res.set('X-Robots-Tag', 'noindex, nofollow')
	next()
})

app.get('/healthz', async (_req, res) => {
	const up = await runtime.api.health()
	res
		.status(up ? 200 : 503)
		.set('cache-control', 'no-store')
		.json({ status: up ? 'ok' : 'database unreachable' })
})

/** A path as decoded; '' for a malformed one (bad percent-encoding), which no file or API call has. */
function decodedPath(rawPath: string) {
	try {
		return decodeURIComponent(rawPath)
	} catch {
		return ''
	}
}

// React Router matches no path with a line break in it (its patterns' `.` stops there), and would
// log the miss as a fault and answer the HTML 404 page. A line break is in no API call's address:
// the API refuses it as any bad request, in its own shape.
const LINE_BREAK = /[\r\n\u2028\u2029]/
app.use('/api', (req, res, next) => {
	if (!LINE_BREAK.test(decodedPath(req.path))) return next()
	res.status(400).json({ message: 'No API call has a line break in its address.' })
})

// Media paths are made by the server and never reused, so a file at a path never changes. The path
// is decoded here, not by Express (which would make a malformed one a fault): any path no file has is a plain 404.
app.use('/media', async (req, res, next) => {
	if (req.method !== 'GET' && req.method !== 'HEAD') return next()
	try {
		const file = await runtime.api.readMedia(decodedPath(req.path).slice(1))
		if (!file) return res.status(404).type('text/plain').send('No such file.')
		res.set({ 'content-type': file.contentType, 'cache-control': 'public, max-age=31536000, immutable' })
		res.send(file.bytes)
	} catch (error) {
		// One JSON line like every other fault, not Express's stack trace in plain text.
		logger.error({ err: error, path: req.path }, 'Media file could not be read')
		res.status(500).type('text/plain').send('Something went wrong on our side. Please try again shortly.')
	}
})

if (!dev) {
	const publicFiles = express.static(client, { maxAge: '1h', index: false })
	// Only a path with a file extension can be a public file: pages skip the disk lookup.
	app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
}

// The built pages load at start, not on the first request: that visitor does not wait, and React's
// build (server.mjs reports which) is in place before the portal says it is listening. In
// development each request imports them afresh.
const serverBuild: ServerBuild | null = dev ? null : await import('virtual:react-router/server-build')

app.use(publicPages.keep)
app.use(onePerTurn())

app.use(
	createRequestHandler({
		build: serverBuild ?? (() => import('virtual:react-router/server-build')),
		getLoadContext(req, res) {
			const context = new RouterContextProvider()
			const saveData = req.get('save-data') === 'on'
			context.set(requestInfoContext, {
				nonce: res.locals.nonce as string,
				saveData,
				island: !saveData && isAnonymousPublicDocument(req.method, req.path, req.get('cookie')),
				clientAddress: req.ip ?? 'unknown',
			})
			return context
		},
	}),
)

/** Lets running jobs finish and stops the sign-in threads, then closes the database (PGlite flushes its files), once the HTTP server has stopped. */
export const shutdown = () => runtime.api.close()
