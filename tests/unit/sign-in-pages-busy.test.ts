// The sign-in pages when the API cannot take a sign-in now (503): the form comes back with the
// API's message above it and Retry-After, not an error page. The runtime's sign-in pool is closed
// here, the refusal that needs no timing.
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sharedSignInPool } from '~/api/crypto/sign-in-pool'
import { setVisitor } from '~/.server/caller'
import { requestInfoContext } from '~/.server/context'
import { getRuntime, stopJobs } from '~/.server/runtime'
import { action as memberLogin } from '~/routes/login'
import { action as officeLogin } from '~/routes/office/login'

// Starting the runtime seeds the demo branch (password hashes too), before the pool closes.
beforeAll(async () => {
	await getRuntime()
	await sharedSignInPool().close()
})
// The runtime's job queue and database are closed before the file ends: left open, a query still in
// flight when the worker is torn down failed as an uncaught error (on PostgreSQL).
afterAll(async () => {
	await stopJobs()
	await (await getRuntime()).database.close()
})

async function post(action: typeof memberLogin | typeof officeLogin, path: string, form: Record<string, string>) {
	const context = new RouterContextProvider()
	context.set(requestInfoContext, { nonce: 'n', saveData: false, island: false, clientAddress: '192.0.2.20' })
	const url = new URL(`http://localhost${path}`)
	const request = new Request(url, { method: 'POST', body: new URLSearchParams(form) })
	await setVisitor(request, context)
	return (await action({ request, url, context, params: {} } as never)) as unknown as {
		data: { result: { error: Record<string, string[]> } }
		init: ResponseInit
	}
}

test('member and office sign-in pages show "try again" with 503 and Retry-After', async () => {
	const pages = [
		await post(memberLogin, '/member/login', { sMembershipNumber: '123456', sDob: '1985-04-12', sPassword: 'Sahyadri demo 2026' }),
		await post(officeLogin, '/office/login', { sUsername: 'clerk', sPassword: 'a long enough secret' }),
	]
	for (const page of pages) {
		expect(page.init.status).toBe(503)
		expect(new Headers(page.init.headers).get('retry-after')).toBe('60')
		expect(page.data.result.error['']).toEqual(['The portal is restarting; try again in a minute'])
	}
})
