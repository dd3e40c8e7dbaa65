// Security headers on every kind of response, the script nonce, cross-origin writes and the session cookie.
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { createAccount, signInAs } from './support/accounts'

function expectSecurityHeaders(response: APIResponse, what: string) {
	const headers = response.headers()
	const csp = headers['content-security-policy'] ?? ''
	expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'")
	const scriptSrc =
		csp
			.split(';')
			.map((d) => d.trim())
			.find((d) => d.startsWith('script-src')) ?? ''
	expect(scriptSrc, `${what}: script-src`).toContain("'nonce-")
	expect(scriptSrc, `${what}: script-src`).not.toContain('unsafe-inline')
	expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff')
	expect(headers['referrer-policy'], `${what}: referrer-policy`).toBeTruthy()
	// Plain http: HSTS would be meaningless (and wrong on localhost).
	expect(headers['strict-transport-security'], `${what}: no HSTS`).toBeUndefined()
}

function nonceOf(response: APIResponse) {
	return /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
}

async function stylesheetHref(request: APIRequestContext) {
	const html = await (await request.get('/')).text()
	const href = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
	expect(href, 'a stylesheet under /assets').toBeTruthy()
	return href as string
}

test('pages, data requests, API answers, health, assets and redirects all carry the security headers', async ({ request }) => {
	const page = await request.get('/')
	expect(page.status()).toBe(200)
	expectSecurityHeaders(page, '/')

	for (const path of ['/_.data', '/about.data']) {
		const data = await request.get(path)
		expect(data.status(), path).toBe(200)
		expectSecurityHeaders(data, path)
	}

	const api = await request.get('/api/get-url/media/v1')
	expect(api.status()).toBe(200)
	expect(typeof (await api.json()).data).toBe('string')
	expectSecurityHeaders(api, 'API call')

	const apiError = await request.get('/api/no-such-call')
	expect(apiError.status()).toBe(404)
	expect((await apiError.json()).message).toEqual(expect.any(String))
	expectSecurityHeaders(apiError, 'API error')

	const health = await request.get('/healthz')
	expect(health.status()).toBe(200)
	expectSecurityHeaders(health, '/healthz')

	const asset = await request.get(await stylesheetHref(request))
	expect(asset.status()).toBe(200)
	expect(asset.headers()['content-type']).toContain('text/css')
	expectSecurityHeaders(asset, 'stylesheet')

	const redirect = await request.get('/no-such-page', { maxRedirects: 0 })
	expect(redirect.status()).toBeGreaterThanOrEqual(300)
	expect(redirect.status()).toBeLessThan(400)
	expect(redirect.headers().location).toBe('/')
	expectSecurityHeaders(redirect, 'redirect')
})

test('the script nonce is new for every response', async ({ request }) => {
	const first = nonceOf(await request.get('/about'))
	const second = nonceOf(await request.get('/about'))
	expect(first).toBeTruthy()
	expect(second).toBeTruthy()
	expect(first).not.toBe(second)
})

test('every script carries the nonce and the page runs without CSP violations', async ({ page, javaScriptEnabled }) => {
	const violations: string[] = []
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) violations.push(message.text())
	})
	await page.goto('/')
	const nonces = await page.locator('script').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce))
	expect(nonces.length).toBeGreaterThan(0)
	for (const nonce of nonces) expect(nonce).not.toBe('')
	if (javaScriptEnabled) {
		// The app's own script ran (it upgrades the popup and sets the session flag) under the policy.
		await expect.poll(() => page.evaluate(() => sessionStorage.getItem('popupShown'))).toBe('true')
		await page.goto('/about')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us')
	}
	expect(violations).toEqual([])
})

test('writes from another site are refused', async ({ request }) => {
	const evil = { Origin: 'https://evil.example' }
	const page = await request.post('/', { headers: evil, maxRedirects: 0 })
	expect(page.status()).toBe(403)

	const api = await request.post('/api/get-url/media/v1', { headers: evil })
	expect(api.status()).toBe(403)
	expect((await api.json()).message).toEqual(expect.any(String))

	const crossSite = { 'Sec-Fetch-Site': 'cross-site' }
	expect((await request.post('/', { headers: crossSite, maxRedirects: 0 })).status()).toBe(403)
	expect((await request.post('/api/get-url/media/v1', { headers: crossSite })).status()).toBe(403)
})

test('writes from the site itself are not refused as cross-origin', async ({ request, baseURL }) => {
	const own = { Origin: new URL(baseURL ?? 'http://localhost:3210').origin }
	expect((await request.post('/', { headers: own, maxRedirects: 0 })).status()).not.toBe(403)
	const api = await request.post('/api/get-url/media/v1', { headers: own })
	expect(api.status()).not.toBe(403)
	expect([404, 405]).toContain(api.status())
})

test('the session cookie is HttpOnly and SameSite=Lax; a signed-out visit stores no session, only its alert', async ({ request, baseURL }) => {
	const cookiesOf = (response: APIResponse) =>
		response
			.headersArray()
			.filter((h) => h.name.toLowerCase() === 'set-cookie')
			.map((h) => h.value)
	const signedOut = cookiesOf(await request.get('/member/cpe', { maxRedirects: 0 }))
	expect(signedOut.some((c) => c.startsWith('session='))).toBe(false)
	expect(signedOut.find((c) => c.startsWith('alert='))).toMatch(/;\s*HttpOnly/i)
	const account = await createAccount(request, 'member')
	const signIn = await request.post('/member/login', {
		form: { sMembershipNumber: account.number, sDob: account.dob, sPassword: account.password },
		headers: { origin: new URL(baseURL ?? 'http://localhost:3210').origin },
		maxRedirects: 0,
	})
	const session = cookiesOf(signIn).find((c) => c.startsWith('session='))
	expect(session, cookiesOf(signIn).join('\n')).toBeTruthy()
	expect(session).toMatch(/;\s*HttpOnly/i)
	expect(session).toMatch(/;\s*SameSite=Lax/i)
})

test('the session cookie cannot be read by page scripts', async ({ page, context, request }) => {
	await signInAs(page, await createAccount(request, 'member'))
	await expect(page).toHaveURL(/\/member\/cpe$/)
	const stored = (await context.cookies()).find((c) => c.name === 'session')
	expect(stored?.httpOnly).toBe(true)
	expect(stored?.sameSite).toBe('Lax')
	expect(await page.evaluate(() => document.cookie)).not.toContain('session=')
})

test('the API answers bad input with a JSON message', async ({ request }) => {
	const response = await request.get('/api/pages/nope/v1')
	expect(response.status()).toBe(404)
	expect(response.headers()['content-type']).toContain('application/json')
	const body = await response.json()
	expect(body).toEqual({ message: expect.any(String) })
	expect(body.message.length).toBeGreaterThan(0)
})
