// What a signed-in person or the office is sent is kept by no cache: exactly one
// `Cache-Control: no-store`. Behind a reverse proxy, its X-Forwarded-For is the client address the
// limits count, and its X-Forwarded-Host and -Proto are what pages and forms are checked against,
// when TRUST_PROXY names that proxy (decisions 0039, 0062); nobody's are believed by default.
import http from 'node:http'
import { expect, request as newRequest, test, type APIResponse } from '@playwright/test'
import { documentEndpoints } from '~/contract/documents'
import { fillPath } from '~/contract/endpoint'
import { accountToken, createAccount, signIn, unique } from './support/accounts'
import { startLivePortal } from './support/portal'

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
const PROXY_HEADERS = {
	'x-forwarded-for': '203.0.113.9',
	'x-forwarded-host': 'portal.example.org',
	'x-forwarded-proto': 'https',
	origin: 'https://portal.example.org',
}
const resetForm = () => ({
	sEmail: `proxied-${unique()}@e2e.example.org`,
	sNewPassword: 'a long enough e2e secret',
	sConfirmPassword: 'a long enough e2e secret',
})
const CODE_STEP = 'We sent a one-time password to'

/** Asks `/verify` about a code nobody has, over 127.0.0.1 with this X-Forwarded-For: the answer's status. */
async function verifyStatus(portal: string, forwardedFor: string) {
	const { port } = new URL(portal)
	const response = await fetch(`http://127.0.0.1:${port}/api${fillPath(documentEndpoints.verify.path, { sCode: '0000000000' })}`, {
		headers: { 'x-forwarded-for': forwardedFor },
	})
	return response.status
}

/** Uses up the `/verify` limit of the client the portal takes a request with this X-Forwarded-For for. */
async function useUpVerifyLimit(portal: string, forwardedFor: string) {
	const statuses: number[] = []
	while (statuses.at(-1) !== 429 && statuses.length <= 100) statuses.push(await verifyStatus(portal, forwardedFor))
	expect(statuses.at(-1), 'refused within 100 requests').toBe(429)
	expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]))
}

test('without TRUST_PROXY no forwarded header is believed: not the client address the limits count, nor host or scheme', async () => {
	const portal = await startLivePortal()
	try {
		// A client on this machine (a container network, a LAN, a VPN alike) naming another address is still itself.
		await useUpVerifyLimit(portal.url, '203.0.113.1')
		expect(await verifyStatus(portal.url, '203.0.113.2')).toBe(429)
		// A browser that reached the portal itself, whatever X-Forwarded-* it adds: its own host and scheme count.
		const own = `http://127.0.0.1:${new URL(portal.url).port}`
		const direct = await post(portal.url, '/member/forgot-password', resetForm(), {
			origin: own,
			'x-forwarded-host': 'evil.example',
			'x-forwarded-proto': 'https',
		})
		expect(direct.status, direct.body.slice(0, 300)).toBe(200)
		expect(direct.body).toContain(CODE_STEP)
		const proxied = await post(portal.url, '/member/forgot-password', resetForm(), PROXY_HEADERS)
		expect(proxied.status).toBe(403)
		expect(proxied.body).toBe('This request came from another site and was refused.')
	} finally {
		await portal.stop()
	}
})

test("with TRUST_PROXY naming the proxy (127.0.0.1), its client's address is the one the limits count, and forms work through it", async () => {
	const portal = await startLivePortal({ TRUST_PROXY: '127.0.0.1' })
	try {
		await useUpVerifyLimit(portal.url, '203.0.113.1')
		expect(await verifyStatus(portal.url, '203.0.113.2')).toBe(404)
		// The proxy forwards the host without the portal's port: the form counts as posted from there.
		const answer = await post(portal.url, '/member/forgot-password', resetForm(), PROXY_HEADERS)
		expect(answer.status, answer.body.slice(0, 300)).toBe(200)
		expect(answer.body).toContain(CODE_STEP)
	} finally {
		await portal.stop()
	}
})
