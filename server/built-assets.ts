// The build's scripts and stylesheet (`/assets/*`), answered from memory before Express, as kept
// pages are (decision 0055). Their names carry a content hash, so they never change while the
// portal runs: each is read and gzipped once, at start. A request then costs one synchronous
// write, not Express's file lookup, read and compression, each of which waited its turn behind
// whatever else the process had in hand (a flood of sign-ins held a stylesheet for 600 ms).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { prefersGzip } from './render-cache'

const ASSET_PREFIX = '/assets/'
const CONTENT_TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.woff2': 'font/woff2',
	'.png': 'image/png',
	'.webp': 'image/webp',
	'.jpg': 'image/jpeg',
}
/** Text compresses; pictures and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.svg'])
const IMMUTABLE = 'public, max-age=31536000, immutable'

type Asset = { body: Buffer; gzip: Buffer | null; type: string; etag: string }

/** Reads every file of the build's `assets` folder; `answer` serves one, or answers false for anything else. */
export function builtAssets(folder: string) {
	const assets = new Map<string, Asset>()
	for (const name of readdirSync(folder)) {
		const extension = path.extname(name)
		const body = readFileSync(path.join(folder, name))
		const gzip = COMPRESSIBLE.has(extension) ? gzipSync(body, { level: 9 }) : null
		const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
		assets.set(`${ASSET_PREFIX}${name}`, {
			body,
			gzip: gzip && gzip.length < body.length ? gzip : null,
			type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
			etag,
		})
	}

	/** Writes the asset this GET or HEAD names with `headers` (the security headers) and answers true; false if there is none. */
	function answer(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false
		const url = req.url ?? '/'
		if (!url.startsWith(ASSET_PREFIX)) return false
		const query = url.indexOf('?')
		const asset = assets.get(query === -1 ? url : url.slice(0, query))
		if (!asset) return false
		const common = { ...headers, 'cache-control': IMMUTABLE, etag: asset.etag, vary: 'Accept-Encoding' }
		if (req.headers['if-none-match'] === asset.etag) {
			res.writeHead(304, common).end()
			return true
		}
		const gzip = asset.gzip !== null && prefersGzip(req.headers['accept-encoding'])
		const body = gzip ? asset.gzip! : asset.body
		res.writeHead(200, { ...common, 'content-type': asset.type, 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) })
		res.end(req.method === 'HEAD' ? undefined : body)
		return true
	}
	return { answer, count: () => assets.size }
}
