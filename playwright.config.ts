import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { STAFF_ROLE_NAMES, STAFF_ROLES } from './app/contract/staff-roles'
import { chromiumLaunchOptions } from './tests/e2e/support/chromium'
import { E2E_BRANCH_ENV } from './tests/e2e/support/live-env'
import { e2eOfficePasswordHash } from './tests/e2e/support/office'

const port = Number(process.env.E2E_PORT ?? 3210)
// A fresh data directory per run: the portal seeds it on start, as on a first `npm start`.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'))
// A real SMTP server beside the portal: tests read the OTPs it received over HTTP (tests/e2e/support/mail.ts).
const smtpPort = port + 1
process.env.SMTP_SINK_HTTP_PORT ??= String(port + 2)
// Portals the tests start themselves (tests/e2e/support/portal.ts) mail the same sink.
process.env.E2E_SMTP_URL ??= `smtp://127.0.0.1:${smtpPort}`
// Production mode needs the RSA key pair: one made for this run, shared with portals the tests start.
if (!process.env.RSA_PRIVATE_KEY) {
	const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
	process.env.RSA_PRIVATE_KEY = privateKey
}

/** The specs that sign in to the office with its test users (office.spec.ts, office-operations.spec.ts, office-mail.spec.ts, office-narrow.spec.ts, check-in.spec.ts, verify.spec.ts); most change the demo branch. */
const OFFICE_SPECS = /\/(office(-operations|-mail|-narrow)?|check-in|verify)\.spec\.ts$/

/** Office users for the office specs, one per role and project, so each has its own sign-in limit. */
function officeUsers() {
	const hash = e2eOfficePasswordHash
	return JSON.stringify(
		['office-js', 'office-no-js'].flatMap((project) =>
			STAFF_ROLES.map((role) => ({ username: `e2e.${role}.${project}`, fullName: `E2E ${STAFF_ROLE_NAMES[role]} (${project})`, passwordHash: hash(), role })),
		),
	)
}

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	forbidOnly: true,
	// One retry: a test that fails twice fails the run; one that passes on its retry is reported as
	// flaky by name, so timing flakes under CI load are seen and fixed without sinking a landing (decision 0014).
	retries: 1,
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
	// The demo accounts sign in once (demo-sessions.setup.ts) before the browser projects run.
	projects: [
		{ name: 'demo-sessions', testMatch: /\.setup\.ts$/ },
		// They start portals of their own (each seeds a database): on a loaded machine that takes tens of seconds.
		// They need no demo session: the dependency puts them in the browser projects' phase (Playwright
		// finishes every project of one depth before the next starts), so no worker waits for the last of
		// them, and being listed first they start first, leaving short browser tests to fill the end.
		{ name: 'server', testMatch: /\.server\.spec\.ts$/, timeout: 120_000, dependencies: ['demo-sessions'] },
		{ name: 'js', use: { javaScriptEnabled: true }, testIgnore: [/\.server\.spec\.ts$/, OFFICE_SPECS], dependencies: ['demo-sessions'] },
		{ name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: [/\.server\.spec\.ts$/, OFFICE_SPECS], dependencies: ['demo-sessions'] },
		// The office changes the demo branch (events, pages, announcements every member sees): it runs
		// after the specs that read the demo content as seeded, in both ways.
		{ name: 'office-js', use: { javaScriptEnabled: true }, testMatch: OFFICE_SPECS, dependencies: ['js', 'no-js'] },
		{ name: 'office-no-js', use: { javaScriptEnabled: false }, testMatch: OFFICE_SPECS, dependencies: ['js', 'no-js'] },
	],
	webServer: [
		{
			command: 'node scripts/smtp-sink.mjs',
			url: `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}/healthz`,
			reuseExistingServer: false,
			timeout: 20_000,
			env: { SMTP_SINK_PORT: String(smtpPort), SMTP_SINK_HTTP_PORT: process.env.SMTP_SINK_HTTP_PORT },
		},
		{
			command: 'node server.mjs',
			url: `http://localhost:${port}/healthz`,
			reuseExistingServer: false,
			timeout: 60_000,
			env: {
				NODE_ENV: 'production',
				...E2E_BRANCH_ENV,
				// The suite reads and changes the demo branch, which production leaves out unless asked.
				DEMO_CONTENT: 'on',
				OFFICE_USERS: officeUsers(),
				PORT: String(port),
				DATA_DIR: dataDir,
				SESSION_SECRET: 'e2e-only-session-secret-0123456789abcdef',
				PUBLIC_URL: `http://localhost:${port}`,
				LOG_LEVEL: 'warn',
				RSA_PRIVATE_KEY: process.env.RSA_PRIVATE_KEY,
				SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
				// Newsletter issues go out quickly in tests; the default pace is 5 a second.
				MAIL_RATE_PER_SECOND: '50',
				JOB_POLL_SECONDS: '0.5',
			},
		},
	],
})
