// Configuration is checked at start: a bad variable stops the server with a message naming it.
// No browser is involved, so this file runs once, in the "server" project.
import { expect, test } from '@playwright/test'
import { E2E_BRANCH_ENV } from './support/live-env'
import { startExpectingFailure, startPortal } from './support/portal'

/** Everything a live start needs (the RSA key comes from the suite's environment). */
const LIVE = {
	NODE_ENV: 'production',
	SESSION_SECRET: 'x'.repeat(40),
	SMTP_URL: 'smtp://127.0.0.1:2525',
	PUBLIC_URL: 'https://portal.example.org',
	...E2E_BRANCH_ENV,
}

test.describe('a bad variable stops the start', () => {
	const CASES: Array<[what: string, env: Record<string, string>, variable: string]> = [
		['PORT that is not a number', { PORT: 'abc' }, 'PORT'],
		['no SESSION_SECRET when live', { ...LIVE, SESSION_SECRET: '' }, 'SESSION_SECRET: is required'],
		['no RSA_PRIVATE_KEY when live', { ...LIVE, RSA_PRIVATE_KEY: '' }, 'RSA_PRIVATE_KEY: is required'],
		['no mail server when live', { ...LIVE, SMTP_URL: '' }, 'SMTP_URL: is required'],
		['a plain-http public address when live', { ...LIVE, PUBLIC_URL: 'http://portal.example.org' }, 'PUBLIC_URL: must be https://'],
		['no branch address when live (no fictional default)', { ...LIVE, BRANCH_ADDRESS: '' }, 'BRANCH_ADDRESS: is required'],
		['the demo branch and its published passwords when live', { ...LIVE, DEMO_CONTENT: 'on' }, 'DEMO_CONTENT: cannot be on for a live deployment'],
		['DEPLOYMENT=trial with NODE_ENV=production', { ...LIVE, DEPLOYMENT: 'trial' }, 'DEPLOYMENT: is trial, but NODE_ENV=production'],
		['DEPLOYMENT=live with NODE_ENV=development', { ...LIVE, NODE_ENV: 'development', DEPLOYMENT: 'live' }, 'DEPLOYMENT: is live, but NODE_ENV=development'],
		['a GSTIN with a wrong check character', { BRANCH_GSTIN: '27AAATS4821K1Z3' }, 'BRANCH_GSTIN'],
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

test('a start without NODE_ENV runs React’s production build, as a trial', async () => {
	const portal = await startPortal({ NODE_ENV: '', DEPLOYMENT: '', DEMO_CONTENT: 'off' })
	try {
		await expect.poll(() => portal.output()).toContain('Branch portal listening')
		expect(portal.output()).toContain('(trial deployment, React production build)')
	} finally {
		await portal.stop()
	}
})

test('each request is one JSON log line, without its query string', async () => {
	const portal = await startPortal({ LOG_LEVEL: 'info' })
	try {
		// Rendered, then answered from the kept pages: both are logged alike.
		const first = await fetch(`${portal.url}/about?sEmail=asha%40example.org&token=never-logged`)
		const second = await fetch(`${portal.url}/about?sEmail=asha%40example.org&token=never-logged`)
		expect([first.headers.get('x-render-cache'), second.headers.get('x-render-cache')]).toEqual(['miss', 'hit'])
		const aboutLines = () =>
			portal
				.output()
				.split('\n')
				.filter((l) => l.includes('"path":"/about"'))
		await expect.poll(() => aboutLines().length).toBe(2)
		for (const line of aboutLines()) expect(JSON.parse(line)).toMatchObject({ msg: 'request', method: 'GET', path: '/about', status: 200 })
		expect(portal.output()).not.toContain('never-logged')
		expect(portal.output()).not.toContain('asha')
	} finally {
		await portal.stop()
	}
})
