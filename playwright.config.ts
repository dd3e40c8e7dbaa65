import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/e2e/support/chromium'

const port = Number(process.env.E2E_PORT ?? 3210)
// A fresh data directory per run: the portal seeds it on start, as on a first `npm start`.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'))

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	forbidOnly: true,
	retries: 0,
	// The JSON report lets `npm test` print one total line for the whole run.
	reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
	timeout: 30_000,
	use: {
		baseURL: `http://localhost:${port}`,
		launchOptions: chromiumLaunchOptions(),
		trace: 'retain-on-failure',
	},
	// Every flow runs twice: as most people see it, and as a browser with JavaScript off does.
	// Tests of the server process alone (*.server.spec.ts) need no browser and run once.
	projects: [
		{ name: 'js', use: { javaScriptEnabled: true }, testIgnore: /\.server\.spec\.ts$/ },
		{ name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: /\.server\.spec\.ts$/ },
		{ name: 'server', testMatch: /\.server\.spec\.ts$/ },
	],
	webServer: {
		command: 'node server.mjs',
		url: `http://localhost:${port}/healthz`,
		reuseExistingServer: false,
		timeout: 60_000,
		env: {
			NODE_ENV: 'production',
			PORT: String(port),
			DATA_DIR: dataDir,
			SESSION_SECRET: 'e2e-only-session-secret-0123456789abcdef',
			PUBLIC_URL: `http://localhost:${port}`,
			LOG_LEVEL: 'warn',
		},
	},
})
