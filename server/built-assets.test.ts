import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { builtAssets } from './built-assets'

const script = `export const greeting = ${JSON.stringify('namaste '.repeat(200))}\n`
let base = ''
let server: http.Server

beforeAll(async () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'built-assets-'))
	writeFileSync(path.join(folder, 'entry-AbC123.js'), script)
	writeFileSync(path.join(folder, 'logo-Xy9.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))
	const assets = builtAssets(folder)
	server = http.createServer((req, res) => {
		if (!assets.answer(req, res, { 'x-content-type-options': 'nosniff' })) res.writeHead(404).end('not an asset')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Node's http.get, which (unlike fetch) leaves a gzipped body as it came. */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		const request = http.request(`${base}${pathname}`, { method, headers }, (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
		})
		request.on('error', reject)
		request.end()
	})
}

test('a script comes gzipped to a browser that takes gzip, as it is to one that does not, kept for a year either way', async () => {
	const gzipped = await get('/assets/entry-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' })
	expect(gzipped.status).toBe(200)
	expect(gzipped.headers).toMatchObject({
		'content-encoding': 'gzip',
		'content-type': 'text/javascript; charset=utf-8',
		'cache-control': 'public, max-age=31536000, immutable',
		vary: 'Accept-Encoding',
		'x-content-type-options': 'nosniff',
	})
	expect(gunzipSync(gzipped.body).toString()).toBe(script)
	expect(gzipped.body.length).toBeLessThan(script.length / 10)

	const plain = await get('/assets/entry-AbC123.js?v=1', { 'accept-encoding': 'gzip;q=0' })
	expect(plain.headers['content-encoding']).toBeUndefined()
	expect(plain.body.toString()).toBe(script)
	expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script))
})

test('a browser that has it gets 304; HEAD gets the headers alone; a picture is sent as it is', async () => {
	const first = await get('/assets/entry-AbC123.js')
	const again = await get('/assets/entry-AbC123.js', { 'if-none-match': first.headers.etag! })
	expect(again.status).toBe(304)
	expect(again.body.length).toBe(0)

	const head = await get('/assets/entry-AbC123.js', {}, 'HEAD')
	expect(head.status).toBe(200)
	expect(head.body.length).toBe(0)

	const picture = await get('/assets/logo-Xy9.png', { 'accept-encoding': 'gzip' })
	expect(picture.headers).toMatchObject({ 'content-type': 'image/png' })
	expect(picture.headers['content-encoding']).toBeUndefined()
})

test('anything else is left to the rest of the portal', async () => {
	for (const [pathname, method] of [
		['/assets/missing-123.js', 'GET'],
		['/assets/entry-AbC123.js', 'POST'],
		['/assets/../server.mjs', 'GET'],
		['/events', 'GET'],
		['/assetsentry-AbC123.js', 'GET'],
	] as const) {
		expect((await get(pathname, {}, method)).status, `${method} ${pathname}`).toBe(404)
	}
})
