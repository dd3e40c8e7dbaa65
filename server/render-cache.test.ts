// The render cache over real HTTP: a page rendered once is served again with a fresh nonce, a
// content change or a session cookie or a cookie-setting answer is never served from it, and a
// browser revalidates with its ETag.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { renderCache } from './render-cache'

let contentVersion = 1
let renders = 0
let base = ''
let close = () => {}

beforeAll(async () => {
	const app = express()
	app.use((_req, res, next) => {
		res.locals.nonce = randomBytes(16).toString('base64')
		res.set('content-security-policy', `script-src 'nonce-${res.locals.nonce}'`)
		next()
	})
	app.use(renderCache({ version: () => contentVersion, ttlMs: 60_000, maxEntries: 10, sharedCookies: ['popupShown'] }))
	// Stands in for the pages: counts its renders and writes the nonce as React Router's page does.
	app.get(['/events', '/member/cpe'], (req, res) => {
		renders++
		if (req.query.alert) res.append('set-cookie', 'session=abc')
		if (req.query.popup && !req.get('cookie')?.includes('popupShown')) res.append('set-cookie', 'popupShown=true; Path=/')
		res.type('html')
		res.write(`<p>render ${renders}</p>`)
		res.end(`<script nonce="${res.locals.nonce}"></script>`)
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	close = () => server.close()
})
afterAll(() => close())

const nonceOf = (response: Response) => /nonce-([^']+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

test('a public page is rendered once and served again with a fresh nonce in body and policy', async () => {
	const first = await fetch(`${base}/events?sWhen=upcoming`)
	expect(first.headers.get('x-render-cache')).toBe('miss')
	const firstBody = await first.text()
	const second = await fetch(`${base}/events?sWhen=upcoming`)
	expect(second.headers.get('x-render-cache')).toBe('hit')
	const secondBody = await second.text()
	expect(secondBody.replace(/nonce="[^"]+"/, '')).toBe(firstBody.replace(/nonce="[^"]+"/, ''))
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
	expect((await fetch(`${base}/events?alert=1`)).headers.get('x-render-cache')).toBe('miss')
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
