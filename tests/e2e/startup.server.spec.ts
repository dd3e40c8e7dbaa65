// Configuration is checked at start: a bad variable stops the server with a message naming it.
// No browser is involved, so this file runs once, in the "server" project.
import { expect, test } from '@playwright/test'
import { startExpectingFailure, startPortal } from './support/portal'

test.describe('a bad variable stops the start', () => {
	const CASES: Array<[what: string, env: Record<string, string>, variable: string]> = [
		['PORT that is not a number', { PORT: 'abc' }, 'PORT'],
		['no SESSION_SECRET in production', { NODE_ENV: 'production', SESSION_SECRET: '' }, 'SESSION_SECRET'],
		['no RSA_PRIVATE_KEY in production', { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), RSA_PRIVATE_KEY: '' }, 'RSA_PRIVATE_KEY'],
		['DATABASE_URL that is not PostgreSQL', { DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
	]

	for (const [what, env, variable] of CASES) {
		test(what, async () => {
			const { code, output } = await startExpectingFailure(env)
			expect(code, 'exited by itself, not killed after the time-out').not.toBeNull()
			expect(code, output).not.toBe(0)
			expect(output).toContain(variable)
			// A message for whoever deploys it, not a stack trace.
			expect(output).not.toMatch(/^\s+at /m)
		})
	}
})

test('each request is one JSON log line, without its query string', async () => {
	const portal = await startPortal({ LOG_LEVEL: 'info' })
	try {
		await fetch(`${portal.url}/about?sEmail=asha%40example.org&token=never-logged`)
		await expect.poll(() => portal.output()).toContain('"path":"/about"')
		const line = portal
			.output()
			.split('\n')
			.find((l) => l.includes('"path":"/about"'))
		expect(JSON.parse(line ?? '{}')).toMatchObject({ msg: 'request', method: 'GET', path: '/about', status: 200 })
		expect(portal.output()).not.toContain('never-logged')
		expect(portal.output()).not.toContain('asha')
	} finally {
		await portal.stop()
	}
})
