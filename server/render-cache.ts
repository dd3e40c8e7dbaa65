// Render once, serve many: a public page (and its `.data`) for a visitor with no session is the
// same for everyone, so its bytes are kept and served again until the content changes. The rule
// that keeps it correct (decision 0028):
// - only allowlisted public paths, only GET/HEAD, only for requests carrying no session cookie,
//   and only 200 answers that set no cookie but the shared ones (the same for every visitor, like
//   the welcome popup's "shown"): nobody's alert, flash or sign-in is ever kept;
// - the key is the URL with its query, Save-Data and the shared cookies the request carries;
// - an entry is used only while the content version it was made at is current (the office bumps
//   it in the same database every instance reads, so a change shows at once everywhere) and for
//   at most `ttlMs` (upcoming events move into the past on their own);
// - the CSP nonce is stored as a placeholder and a fresh one is written into every response.
import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { isAnonymousPublicPage } from './anonymous-visit'
import { compressParts, gzipJoined, type CompressedParts } from './gzip-parts'

const NONCE_PLACEHOLDER = '__RENDER_CACHE_NONCE__'
/** Headers of the page itself worth keeping; the security headers are set afresh on every request. */
const KEPT_HEADERS = ['content-type', 'x-remix-response', 'link'] as const

/** The page's bytes around each place its nonce goes (plain and deflated), so a hit only joins them with a fresh one. */
type Entry = { compressed: CompressedParts; headers: Record<string, string | string[]>; etag: string; version: number; expires: number }

export type RenderCacheOptions = {
	/** The content version now (the built-in API's, kept in memory), or a constant when the API is elsewhere. */
	version: () => number
	ttlMs: number
	maxEntries: number
	/** Cookies that say the same for every visitor who has them: part of the key, kept with a page that sets them. */
	sharedCookies: string[]
}

/** Whether the browser takes gzip at least as gladly as no encoding (RFC 9110, 12.5.3); q=0 refuses it. */
export function prefersGzip(acceptEncoding: string | undefined) {
	const weights = new Map<string, number>()
	for (const item of (acceptEncoding ?? '').toLowerCase().split(',')) {
		const [name = '', ...params] = item.split(';').map((part) => part.trim())
		const q = params.find((param) => param.startsWith('q='))
		weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0)
	}
	const gzip = weights.get('gzip') ?? weights.get('*') ?? 0
	return gzip > 0 && gzip >= (weights.get('identity') ?? 0)
}

const pathOf = (url: string) => {
	const query = url.indexOf('?')
	return query === -1 ? url : url.slice(0, query)
}

/**
 * One store, two ends: `answer` serves a kept page straight from Node's HTTP server, before
 * Express and everything a render needs; `keep` sits just before the pages and keeps what they
 * render. A kept page is also kept gzipped in parts, so a browser that accepts gzip gets it
 * without compressing again.
 */
export function renderCache({ version, ttlMs, maxEntries, sharedCookies }: RenderCacheOptions) {
	const entries = new Map<string, Entry>()
	const isShared = (setCookie: string) => sharedCookies.some((name) => setCookie.startsWith(`${name}=`))
	const sharedIn = (cookieHeader: string) =>
		cookieHeader
			.split(/;\s*/)
			.filter((cookie) => sharedCookies.some((name) => cookie.startsWith(`${name}=`)))
			.sort()
			.join('; ')
	const keyOf = (req: IncomingMessage) => {
		const url = req.url ?? '/'
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAnonymousPublicPage(pathOf(url), req.headers.cookie)) return null
		return `${url} ${req.headers['save-data'] === 'on' ? 'save-data' : ''} ${sharedIn(req.headers.cookie ?? '')}`
	}
	const store = (key: string, entry: Entry) => {
		entries.delete(key)
		if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
		entries.set(key, entry)
	}

	/**
	 * Writes the kept page for this request with `headers` (the security headers, whose policy
	 * carries `nonce`) and answers true, or answers false and writes nothing.
	 */
	function answer(req: IncomingMessage, res: ServerResponse, nonce: string, headers: OutgoingHttpHeaders) {
		const key = keyOf(req)
		const hit = key === null ? undefined : entries.get(key)
		if (!hit || hit.version !== version() || hit.expires <= Date.now()) return false
		// A 304 keeps the browser's copy and the policy that came with it: its nonce matches its scripts.
		if (req.headers['if-none-match'] === hit.etag) {
			const kept = Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-security-policy')
			res.writeHead(304, { ...Object.fromEntries(kept), ...hit.headers }).end()
			return true
		}
		const value = Buffer.from(nonce)
		const gzip = prefersGzip(req.headers['accept-encoding'])
		const chunks = gzip ? gzipJoined(hit.compressed, value) : hit.compressed.parts.flatMap((part, index) => (index === 0 ? [part] : [value, part]))
		const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
		res.writeHead(200, { ...headers, ...hit.headers, 'content-length': length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) })
		if (req.method === 'HEAD') {
			res.end()
			return true
		}
		// Written in one go (one writev), without copying the page into a new buffer.
		res.cork()
		for (const chunk of chunks) res.write(chunk)
		res.end()
		return true
	}

	function keep(req: Request, res: Response, next: NextFunction) {
		const key = keyOf(req)
		if (key === null) return next()
		const nonce = String(res.locals.nonce)
		const current = version()
		const chunks: Buffer[] = []
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		const setCookies = () => ([] as string[]).concat((res.getHeader('set-cookie') as string | string[] | undefined) ?? [])
		const keepable = () => res.statusCode === 200 && setCookies().every(isShared)
		const collect = (chunk: unknown) => {
			// A page that will be kept says what its hits will say, in place of the pages' "private".
			if (!res.headersSent && keepable()) res.setHeader('cache-control', 'no-cache')
			if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
		}
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			collect(chunk)
			return write(chunk, ...rest)
		}) as Response['write']
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			collect(chunk)
			if (req.method === 'GET' && keepable()) {
				const setCookie = setCookies()
				const body = Buffer.concat(chunks).toString('utf8').replaceAll(nonce, NONCE_PLACEHOLDER)
				const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
				const headers: Entry['headers'] = {
					...Object.fromEntries(KEPT_HEADERS.flatMap((name) => (res.getHeader(name) === undefined ? [] : [[name, String(res.getHeader(name))]]))),
					vary: [...new Set([...String(res.getHeader('vary') ?? '').split(','), 'Accept-Encoding'].map((name) => name.trim()).filter(Boolean))].join(', '),
					etag,
					'cache-control': 'no-cache',
					'x-render-cache': 'hit',
					...(setCookie.length > 0 ? { 'set-cookie': setCookie } : {}),
				}
				const compressed = compressParts(
					body.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part)),
					Buffer.byteLength(nonce),
				)
				store(key, { compressed, headers, etag, version: current, expires: Date.now() + ttlMs })
			}
			return end(chunk, ...rest)
		}) as Response['end']
		res.set('x-render-cache', 'miss')
		next()
	}

	return { answer, keep }
}
