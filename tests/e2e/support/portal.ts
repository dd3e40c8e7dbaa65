// Starts an extra portal process for tests that need their own configuration
// (an external API, a bad variable). Uses the same production build as the main server.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { E2E_LIVE_ENV, E2E_TRIAL_ENV } from './live-env'

export async function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number }
			server.close(() => resolve(port))
		})
	})
}

export type PortalProcess = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> }

/**
 * Spawns `node server.mjs` as a trial with the demo branch (E2E_TRIAL_ENV); resolves once /healthz
 * answers, or rejects with the process output. A portal that seeds its demo content needs longer on
 * a busy machine: `startMs`.
 */
export async function startPortal(env: Record<string, string> = {}, { startMs = 60_000 } = {}): Promise<PortalProcess> {
	const port = await freePort()
	const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-extra-'))
	const child = spawn(process.execPath, ['server.mjs'], {
		env: {
			...process.env,
			...E2E_TRIAL_ENV,
			SMTP_URL: process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:2525',
			PUBLIC_URL: `http://localhost:${port}`,
			PORT: String(port),
			DATA_DIR: dataDir,
			SESSION_SECRET: 'e2e-only-session-secret-0123456789abcdef',
			LOG_LEVEL: 'warn',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => (output += chunk))
	const url = `http://localhost:${port}`
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGTERM')
			await new Promise((resolve) => child.once('exit', resolve))
		}
		rmSync(dataDir, { recursive: true, force: true })
	}
	const deadline = Date.now() + startMs
	while (Date.now() < deadline) {
		if (child.exitCode !== null) break
		const up = await fetch(`${url}/healthz`).then(
			(r) => r.ok,
			() => false,
		)
		if (up) return { url, child, output: () => output, stop }
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	await stop()
	throw new Error(`The portal did not start:\n${output}`)
}

/** A live portal (E2E_LIVE_ENV): an empty branch, as a real deployment's first start. */
export const startLivePortal = (env: Record<string, string> = {}, options?: { startMs?: number }) => startPortal({ ...E2E_LIVE_ENV, ...env }, options)

/** Runs `node server.mjs` expecting it to fail at start; resolves with its exit code and output. */
export async function startExpectingFailure(env: Record<string, string>) {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fail-'))
	const child = spawn(process.execPath, ['server.mjs'], {
		env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => (output += chunk))
	const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	clearTimeout(timer)
	rmSync(dataDir, { recursive: true, force: true })
	return { code, output }
}
