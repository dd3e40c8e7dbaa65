// Office staff users made outside the portal (decision 0019): `npm run office` (scripts/office.mjs)
// and OFFICE_USERS, applied when the portal starts. No browser: the "server" project runs this once.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { OFFICE_MESSAGES, OFFICE_PATHS } from '~/contract/office/auth'
import { encrypt } from './support/accounts'
import { startExpectingFailure, startPortal } from './support/portal'

/** Runs `npm run office -- ...args` with `typed` on its standard input (no terminal: read line by line). */
function office(args: string[], typed: string[], env: Record<string, string>) {
	const child = spawn(process.execPath, ['scripts/office.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	child.stdin.end(typed.map((line) => `${line}\n`).join(''))
	return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

async function signIn(url: string, sUsername: string, sPassword: string) {
	const api = await playwrightRequest.newContext({ baseURL: url })
	try {
		const answer = await api.post(`/api${OFFICE_PATHS.login}`, { data: await encrypt(api, { sUsername, sPassword }) })
		return { status: answer.status(), body: (await answer.json()) as { message: string } }
	} finally {
		await api.dispose()
	}
}

const SECRET = 'counter secret 2026'
const OTHER_SECRET = 'front desk secret 2026'
// A portal start (which seeds the demo content) and three runs of the CLI (each loads Vite) take a while.
test.describe.configure({ timeout: 120_000 })

test('users from `npm run office -- add` and from OFFICE_USERS (hash by `npm run office -- hash`) sign in once the portal starts', async () => {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'office-cli-'))
	try {
		const added = await office(['add', 'accounts.desk', 'Accounts Desk'], [SECRET, SECRET], { DATA_DIR: dataDir })
		expect(added.code, added.output).toBe(0)
		expect(added.output).toContain('Created office user accounts.desk (Accounts Desk).')
		expect(added.output).not.toContain(SECRET)
		const hashed = await office(['hash'], [OTHER_SECRET, OTHER_SECRET], {})
		expect(hashed.code, hashed.output).toBe(0)
		const passwordHash = hashed.output.trim()
		expect(passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/)

		const portal = await startPortal({ DATA_DIR: dataDir, OFFICE_USERS: JSON.stringify([{ username: 'front.desk', fullName: 'Front Desk', passwordHash }]) })
		try {
			expect((await signIn(portal.url, 'front.desk', OTHER_SECRET)).status).toBe(200)
			expect(await signIn(portal.url, 'front.desk', SECRET)).toEqual({ status: 400, body: { message: OFFICE_MESSAGES.loginFailed } })
			// Users not listed in OFFICE_USERS are left as they are.
			expect((await signIn(portal.url, 'accounts.desk', SECRET)).status).toBe(200)
			// The hash, like the password, never reaches the log.
			expect(portal.output()).not.toContain(passwordHash.split('$').at(-1))
			// PGlite allows one process per data directory: the CLI says so instead of opening it.
			const listed = await office(['list'], [], { DATA_DIR: dataDir })
			expect(listed.code).toBe(1)
			expect(listed.output).toContain('Stop the portal first')
		} finally {
			await portal.stop()
		}
	} finally {
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('a bad OFFICE_USERS stops the start, naming the variable', async () => {
	const { code, output } = await startExpectingFailure({ OFFICE_USERS: '[{"username":"desk","fullName":"Desk","passwordHash":"plain text"}]' })
	expect(code).not.toBe(0)
	expect(output).toContain('OFFICE_USERS.0.passwordHash')
	expect(output).not.toMatch(/^\s+at /m)
})
