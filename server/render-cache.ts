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
import type { NextFunction, Request, Response } from 'express'
import { isAnonymousPublicPage } from './anonymous-visit'
import { compressParts, gzipJoined, type CompressedParts } from './gzip-parts'

const NONCE_PLACEHOLDER = '__RENDER_CACHE_NONCE__'
/** Headers of the page itself worth keeping; the security headers are set afresh on every request. */
const KEPT_HEADERS = ['content-type', 'x-remix-response', 'vary', 'link'] as const

/** The page's bytes around each place its nonce goes (plain and deflated), so a hit only joins them with a fresh one. */
type Entry = { compressed: CompressedParts; headers: Record<string, string>; setCookie: string[]; etag: string; version: number; expires: number }

export type RenderCacheOptions = {
	/** The content version now (the built-in API's, kept in memory), or a constant when the API is elsewhere. */
	version: () => number
	ttlMs: number
	maxEntries: number
	/** Cookies that say the same for every visitor who has them: part of the key, kept with a page that sets them. */
	sharedCookies: string[]
}

/**
 * Two middlewares around one store: `serve` answers a kept page early, before the rest of the
 * request's handling; `keep` sits just before the pages and keeps what they render. A kept page
 * is also kept gzipped in parts, so a browser that accepts gzip gets it without compressing again.
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
	const keyOf = (req: Request) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAnonymousPublicPage(req)) return null
		return `${req.originalUrl} ${req.get('save-data') === 'on' ? 'save-data' : ''} ${sharedIn(req.get('cookie') ?? '')}`
	}
	const store = (key: string, entry: Entry) => {
		entries.delete(key)
		if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
		entries.set(key, entry)
	}

	function serve(req: Request, res: Response, next: NextFunction) {
		const key = keyOf(req)
		const hit = key === null ? undefined : entries.get(key)
		if (!hit || hit.version !== version() || hit.expires <= Date.now()) return next()
		res.set({ ...hit.headers, etag: hit.etag, 'cache-control': 'no-cache', 'x-render-cache': 'hit' })
		res.vary('Accept-Encoding')
		if (hit.setCookie.length > 0) res.set('set-cookie', hit.setCookie)
		// A 304 keeps the browser's copy and the policy that came with it: its nonce matches its scripts.
		if (req.get('if-none-match') === hit.etag) {
			res.removeHeader('content-security-policy')
			return res.status(304).end()
		}
		const nonce = Buffer.from(String(res.locals.nonce))
		const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip'
		const chunks = gzip ? gzipJoined(hit.compressed, nonce) : hit.compressed.parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part]))
		res.status(200).set('content-length', String(chunks.reduce((sum, chunk) => sum + chunk.length, 0)))
		if (gzip) res.set('content-encoding', 'gzip')
		if (req.method === 'HEAD') return res.end()
		// Written in one go (one writev), without copying the page into a new buffer.
		res.cork()
		for (const chunk of chunks) res.write(chunk)
		res.end()
	}

	function keep(req: Request, res: Response, next: NextFunction) {
		const key = keyOf(req)
		if (key === null) return next()
		const nonce = String(res.locals.nonce)
		const current = version()
		const chunks: Buffer[] = []
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		const collect = (chunk: unknown) => {
			if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
		}
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			collect(chunk)
			return write(chunk, ...rest)
		}) as Response['write']
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			collect(chunk)
			const setCookie = ([] as string[]).concat((res.getHeader('set-cookie') as string | string[] | undefined) ?? [])
			if (req.method === 'GET' && res.statusCode === 200 && setCookie.every(isShared)) {
				const body = Buffer.concat(chunks).toString('utf8').replaceAll(nonce, NONCE_PLACEHOLDER)
				const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (res.getHeader(name) === undefined ? [] : [[name, String(res.getHeader(name))]])))
				const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
				const compressed = compressParts(body.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part)), Buffer.byteLength(nonce))
				store(key, { compressed, headers, setCookie, etag, version: current, expires: Date.now() + ttlMs })
			}
			return end(chunk, ...rest)
		}) as Response['end']
		res.set({ 'cache-control': 'no-cache', 'x-render-cache': 'miss' })
		next()
	}

	return { serve, keep }
}
