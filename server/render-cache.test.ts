// The render cache over real HTTP: a page rendered once is served again with a fresh nonce, a
// content change or a session cookie or a cookie-setting answer is never served from it, and a
// browser revalidates with its ETag. A browser that takes gzip gets the kept page gzipped, nonce and all.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { prefersGzip, renderCache } from './render-cache'

let contentVersion = 1
let renders = 0
let base = ''
let close = () => {}

beforeAll(async () => {
	const cache = renderCache({ version: () => contentVersion, ttlMs: 60_000, maxEntries: 10, sharedCookies: ['popupShown'] })
	const app = express()
	// As in server/app.ts: kept pages are answered before Express, renders are compressed in it.
	app.use(compression())
	app.use(cache.keep)
	// Stands in for the pages: counts its renders and writes the nonce as React Router's page does.
	app.get(['/events', '/member/cpe'], (req, res) => {
		renders++
		if (req.query.alert) res.append('set-cookie', 'session=abc')
		if (req.query.popup && !req.get('cookie')?.includes('popupShown')) res.append('set-cookie', 'popupShown=true; Path=/')
		res.append('cache-control', 'private, no-cache')
		res.type('html')
		res.write(`<p>render ${renders}</p>${'<p>a long page</p>'.repeat(200)}`)
		res.write(`<script nonce="${res.locals.nonce}"></script><p>between</p>`)
		res.end(`<script nonce="${res.locals.nonce}"></script>`)
	})
	const server = createServer((req, res) => {
		const nonce = randomBytes(16).toString('base64')
		const headers = { 'Content-Security-Policy': `script-src 'nonce-${nonce}'`, 'X-Frame-Options': 'DENY' }
		if (cache.answer(req, res, nonce, headers)) return
		for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
		Object.assign(res, { locals: { nonce } })
		app(req, res)
	}).listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => server.close()
})
afterAll(() => close())

const nonceOf = (response: Response) => /nonce-([^']+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

test('a public page is rendered once and served again with a fresh nonce in body and policy', async () => {
	const first = await fetch(`${base}/events?sWhen=upcoming`)
	expect(first.headers.get('x-render-cache')).toBe('miss')
	expect(first.headers.get('cache-control')).toBe('no-cache')
	const firstBody = await first.text()
	const second = await fetch(`${base}/events?sWhen=upcoming`)
	expect(second.headers.get('x-render-cache')).toBe('hit')
	const secondBody = await second.text()
	expect(secondBody.replaceAll(/nonce="[^"]+"/g, '')).toBe(firstBody.replaceAll(/nonce="[^"]+"/g, ''))
	expect(secondBody).toContain(`nonce="${nonceOf(second)}"`)
	expect(nonceOf(second)).not.toBe(nonceOf(first))
	// Another query is another page.
	expect((await fetch(`${base}/events?sWhen=past`)).headers.get('x-render-cache')).toBe('miss')
})

test('an office change (a new content version) is never served from before it', async () => {
	await fetch(`${base}/events`)
	const kept = await (await fetch(`${base}/events`)).text()
	contentVersion++
	const after = await fetch(`${base}/events`)
	expect(after.headers.get('x-render-cache')).toBe('miss')
	expect(await after.text()).not.toBe(kept)
})

test('a visitor with a session, a page that sets a cookie, and a private area are never kept', async () => {
	await fetch(`${base}/events?x=1`)
	const signedIn = await fetch(`${base}/events?x=1`, { headers: { cookie: 'theme=dark; session=s%3Aabc' } })
	expect(signedIn.headers.get('x-render-cache')).toBeNull()
	await fetch(`${base}/events?alert=1`)
	const withAlert = await fetch(`${base}/events?alert=1`)
	expect(withAlert.headers.get('x-render-cache')).toBe('miss')
	expect(withAlert.headers.get('cache-control')).toBe('private, no-cache')
	expect((await fetch(`${base}/member/cpe`)).headers.get('x-render-cache')).toBeNull()
})

test('a browser revalidates with the ETag and keeps its copy and the policy that came with it', async () => {
	await fetch(`${base}/events?e=1`)
	const hit = await fetch(`${base}/events?e=1`)
	const etag = hit.headers.get('etag')
	expect(etag).toMatch(/^W\/"/)
	expect(hit.headers.get('cache-control')).toBe('no-cache')
	const revalidated = await fetch(`${base}/events?e=1`, { headers: { 'if-none-match': etag! } })
	expect(revalidated.status).toBe(304)
	expect(revalidated.headers.get('content-security-policy')).toBeNull()
	expect(revalidated.headers.get('x-frame-options')).toBe('DENY')
	expect(revalidated.headers.get('etag')).toBe(etag)
})

test('a cookie that is the same for everyone (the popup shown) keys the page and comes with it', async () => {
	await fetch(`${base}/events?popup=1`)
	const first = await fetch(`${base}/events?popup=1`)
	expect(first.headers.get('x-render-cache')).toBe('hit')
	expect(first.headers.get('set-cookie')).toBe('popupShown=true; Path=/')
	const returning = await fetch(`${base}/events?popup=1`, { headers: { cookie: 'popupShown=true' } })
	expect(returning.headers.get('x-render-cache')).toBe('miss')
	expect(returning.headers.get('set-cookie')).toBeNull()
})

test('a browser that takes gzip gets the kept page compressed, with the fresh nonce inside', async () => {
	// Node's fetch asks for gzip and unzips what comes back, checking the stream's length and CRC.
	const plain = await (await fetch(`${base}/events?z=1`, { headers: { 'accept-encoding': 'identity' } })).text()
	const hit = await fetch(`${base}/events?z=1`, { headers: { 'accept-encoding': 'gzip' } })
	expect(hit.headers.get('x-render-cache')).toBe('hit')
	expect(hit.headers.get('content-encoding')).toBe('gzip')
	expect(hit.headers.get('vary')).toBe('Accept-Encoding')
	expect(hit.headers.get('x-frame-options')).toBe('DENY')
	expect(Number(hit.headers.get('content-length'))).toBeLessThan(plain.length / 4)
	const body = await hit.text()
	expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonceOf(hit)}"`, `nonce="${nonceOf(hit)}"`])
	expect(body.replaceAll(/nonce="[^"]+"/g, '')).toBe(plain.replaceAll(/nonce="[^"]+"/g, ''))
	const identity = await fetch(`${base}/events?z=1`, { headers: { 'accept-encoding': 'identity' } })
	expect(identity.headers.get('content-encoding')).toBeNull()
	expect((await identity.text()).length).toBe(plain.length)
})

test('a HEAD of a kept page has its headers and no body', async () => {
	await fetch(`${base}/events?h=1`)
	const head = await fetch(`${base}/events?h=1`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
	expect(head.headers.get('x-render-cache')).toBe('hit')
	expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
	expect(await head.text()).toBe('')
})

test('gzip is sent only where the browser takes it at least as gladly as no encoding', () => {
	expect(prefersGzip('gzip, deflate, br')).toBe(true)
	expect(prefersGzip('*')).toBe(true)
	expect(prefersGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
	expect(prefersGzip(undefined)).toBe(false)
	expect(prefersGzip('identity')).toBe(false)
	expect(prefersGzip('gzip;q=0')).toBe(false)
	expect(prefersGzip('*, gzip;q=0')).toBe(false)
	expect(prefersGzip('gzip;q=0.5, identity')).toBe(false)
	expect(prefersGzip('br')).toBe(false)
})
