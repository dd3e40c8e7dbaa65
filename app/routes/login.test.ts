// The login page's action on the real runtime: the password it sends to the API is RSA-encrypted
// (decision 0007), never in clear.
import { RouterContextProvider } from 'react-router'
import { beforeAll, expect, test } from 'vitest'
import { setVisitor } from '~/.server/caller'
import { requestInfoContext } from '~/.server/context'
import { getRuntime } from '~/.server/runtime'
import { action as loginAction } from './login'

// Starting the runtime seeds the demo branch (pictures, PDFs, password hashes): a setup step, with the hooks' time limit.
let runtime: Awaited<ReturnType<typeof getRuntime>>
beforeAll(async () => {
	runtime = await getRuntime()
})

test("the portal's login action sends the password to the API only RSA-encrypted", async () => {
	const bodies: string[] = []
	const fetch = runtime.api.app.fetch
	runtime.api.app.fetch = async (request: Request, ...rest: unknown[]) => {
		bodies.push(await request.clone().text())
		return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest)
	}
	const context = new RouterContextProvider()
	context.set(requestInfoContext, { nonce: 'n', saveData: false, island: false, clientAddress: '192.0.2.10' })
	const url = new URL('http://localhost/member/login')
	const request = new Request(url, {
		method: 'POST',
		body: new URLSearchParams({ sMembershipNumber: '123456', sDob: '1985-04-12', sPassword: 'Sahyadri demo 2026' }),
	})
	await setVisitor(request, context)
	const response = await loginAction({ request, url, context, params: {} } as never)
	runtime.api.app.fetch = fetch
	// The demo member signed in: a redirect with a new session.
	expect((response as Response).status).toBe(302)
	const login = bodies.find((body) => body.includes('sMembershipNumber'))
	expect(login).toBeDefined()
	expect(bodies.join('\n')).not.toContain('Sahyadri demo 2026')
	// RSA-4096 gives 512 bytes: 684 characters of base64.
	expect((JSON.parse(login!) as { sPassword: string }).sPassword).toMatch(/^[A-Za-z0-9+/]{683}=$/)
})
