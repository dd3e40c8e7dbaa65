// What a signed-in person or the office is sent is kept by no cache: exactly one
// `Cache-Control: no-store`. Behind a reverse proxy, its X-Forwarded-Host and -Proto are what pages
// and forms are checked against, when TRUST_PROXY believes that proxy (decision 0039).
import http from 'node:http'
import { expect, request as newRequest, test, type APIResponse } from '@playwright/test'
import { accountToken, createAccount, signIn, unique } from './support/accounts'
import { startPortal } from './support/portal'

test.describe.configure({ timeout: 120_000 })

const cacheControls = (response: APIResponse) =>
	response
		.headersArray()
		.filter((header) => header.name.toLowerCase() === 'cache-control')
		.map((header) => header.value)

test('signed-in pages, office pages and API calls with a token say Cache-Control: no-store, once', async ({ baseURL }) => {
	const member = await newRequest.newContext({ baseURL })
	await signIn({ request: member }, await createAccount(member, 'member'))
	for (const path of ['/member/cpe', '/member/cpe.data', '/events']) {
		const response = await member.get(path, { maxRedirects: 0 })
		expect(response.status(), path).toBe(200)
		expect(cacheControls(response), path).toEqual(['no-store'])
	}
	await member.dispose()

	const visitor = await newRequest.newContext({ baseURL })
	// A visitor without a session keeps the public pages' own.
	expect(cacheControls(await visitor.get('/events'))).toEqual(['no-cache'])
	for (const path of ['/office/login', '/office/login.data', '/office']) {
		const response = await visitor.get(path, { maxRedirects: 0 })
		expect(response.status(), path).toBeLessThan(400)
		expect(cacheControls(response), path).toEqual(['no-store'])
	}
	const account = await createAccount(visitor, 'member')
	const token = await accountToken(visitor, account)
	const profile = await visitor.get('/api/member/member-details/v1', { headers: { authorization: token } })
	expect(profile.status()).toBe(200)
	expect(cacheControls(profile)).toEqual(['no-store'])
	const refused = await visitor.get('/api/member/member-details/v1', { headers: { authorization: 'not-a-token-of-anyone-at-all' } })
	expect(refused.status()).toBe(401)
	expect(cacheControls(refused)).toEqual(['no-store'])
	await visitor.dispose()
})

/** A page form posted to the portal on 127.0.0.1 with the headers given (Host is the portal's own). */
function post(portal: string, path: string, form: Record<string, string>, headers: Record<string, string>) {
	const { port } = new URL(portal)
	const body = new URLSearchParams(form).toString()
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port,
				path,
				method: 'POST',
				headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers },
			},
			(response) => {
				let text = ''
				response.on('data', (chunk) => (text += chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
			},
		)
		request.on('error', reject)
		request.end(body)
	})
}

/** What a TLS-terminating proxy on this machine adds, forwarding the host without a port. */
const PROXY_HEADERS = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'portal.example.org', 'x-forwarded-proto': 'https', origin: 'https://portal.example.org' }
const resetForm = () => ({ sEmail: `proxied-${unique()}@e2e.example.org`, sNewPassword: 'a long enough e2e secret', sConfirmPassword: 'a long enough e2e secret' })
const CODE_STEP = 'We sent a one-time password to'

test("behind a trusted proxy that forwards the host without the portal's port, forms work", async ({ baseURL }) => {
	// The portal under test believes a proxy on this machine (TRUST_PROXY's default).
	const answer = await post(baseURL!, '/member/forgot-password', resetForm(), PROXY_HEADERS)
	expect(answer.status, answer.body.slice(0, 300)).toBe(200)
	expect(answer.body).toContain(CODE_STEP)
})

test("with TRUST_PROXY=off a client's forwarded headers are not believed, a proxy's neither", async () => {
	const portal = await startPortal({ TRUST_PROXY: 'off', DEMO_CONTENT: '' })
	try {
		// A browser that reached the portal itself, whatever X-Forwarded-* it adds: its own host and scheme count.
		const own = `http://127.0.0.1:${new URL(portal.url).port}`
		const direct = await post(portal.url, '/member/forgot-password', resetForm(), { origin: own, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })
		expect(direct.status, direct.body.slice(0, 300)).toBe(200)
		expect(direct.body).toContain(CODE_STEP)
		const proxied = await post(portal.url, '/member/forgot-password', resetForm(), PROXY_HEADERS)
		expect(proxied.status).toBe(403)
		expect(proxied.body).toBe('This request came from another site and was refused.')
	} finally {
		await portal.stop()
	}
})
