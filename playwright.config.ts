import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/e2e/support/chromium'
import { E2E_TRIAL_ENV } from './tests/e2e/support/live-env'
import { e2eOfficeUsers } from './tests/e2e/support/office'

const port = Number(process.env.E2E_PORT ?? 3210)
// A real SMTP server beside the portals: tests read the OTPs it received over HTTP (tests/e2e/support/accounts.ts).
const smtpPort = port + 1
process.env.SMTP_SINK_HTTP_PORT ??= String(port + 2)
const officePort = port + 3
// Fresh data directories per run, which each portal seeds on start as on a first `npm start`. Made
// once: the workers load this file again and inherit them.
const demoDataDir = (process.env.E2E_DEMO_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-demo-')))
const officeDataDir = (process.env.E2E_OFFICE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-office-')))
// Portals the tests start themselves (tests/e2e/support/portal.ts) mail the same sink.
process.env.E2E_SMTP_URL ??= `smtp://127.0.0.1:${smtpPort}`
// One RSA key pair for this run (a live start needs one), shared with portals the tests start.
if (!process.env.RSA_PRIVATE_KEY) {
	const { privateKey } = generateKeyPairSync('rsa', {
		modulusLength: 4096,
		privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
		publicKeyEncoding: { type: 'spki', format: 'pem' },
	})
	process.env.RSA_PRIVATE_KEY = privateKey
}

/**
 * The specs that need the office: its pages, or what only the office makes (events, settled
 * payments, CPE credit). They run against the office portal, where tests make content; the other
 * specs read the demo branch exactly as seeded, on a portal without office users, so nothing can
 * change its content (decision 0045).
 */
const OFFICE_SPECS =
	/\/(office(-operations|-mail|-narrow|-two-factor|-refund|-write-to-registrants|-event-fees|-frame)?|event-registration|member-cpe|member-payments|check-in|verify|typed-input)\.spec\.ts$/

/** The welcome popup is one for the whole office portal: its spec is a project of its own, one test at a time. */
const POPUP_SPEC = /\/office-popup\.spec\.ts$/

/** The portal as the suite runs it: a trial with the demo branch (React's production build), on a fresh data directory. */
function portal(listenPort: number, dataDir: string, env: Record<string, string> = {}) {
	return {
		command: 'node server.mjs',
		url: `http://localhost:${listenPort}/healthz`,
		reuseExistingServer: false,
		timeout: 90_000,
		env: {
			...E2E_TRIAL_ENV,
			PORT: String(listenPort),
			DATA_DIR: dataDir,
			SESSION_SECRET: 'e2e-only-session-secret-0123456789abcdef',
			PUBLIC_URL: `http://localhost:${listenPort}`,
			LOG_LEVEL: 'warn',
			RSA_PRIVATE_KEY: process.env.RSA_PRIVATE_KEY!,
			SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
			// Newsletter issues go out quickly in tests; the default pace is 5 a second.
			MAIL_RATE_PER_SECOND: '50',
			JOB_POLL_SECONDS: '0.5',
			...env,
		},
	}
}

const demoUrl = `http://localhost:${port}`
const officeUrl = `http://localhost:${officePort}`
const projects: PlaywrightTestConfig['projects'] = [
	// They start portals of their own (each seeds a database): on a loaded machine that takes tens of
	// seconds. Listed first, they start first, leaving short browser tests to fill the end.
	{ name: 'server', testMatch: /\.server\.spec\.ts$/, timeout: 120_000 },
	{ name: 'js', use: { javaScriptEnabled: true, baseURL: demoUrl }, testIgnore: [/\.server\.spec\.ts$/, OFFICE_SPECS, POPUP_SPEC] },
	{ name: 'no-js', use: { javaScriptEnabled: false, baseURL: demoUrl }, testIgnore: [/\.server\.spec\.ts$/, OFFICE_SPECS, POPUP_SPEC] },
	{ name: 'office-js', use: { javaScriptEnabled: true, baseURL: officeUrl }, testMatch: OFFICE_SPECS },
	{ name: 'office-no-js', use: { javaScriptEnabled: false, baseURL: officeUrl }, testMatch: OFFICE_SPECS },
	// Each of its tests sets JavaScript on or off itself.
	{ name: 'office-popup', use: { baseURL: officeUrl }, testMatch: POPUP_SPEC, fullyParallel: false },
]
// E2E_PROJECT_ORDER=reverse runs the projects last to first: no project relies on another having run.
if (process.env.E2E_PROJECT_ORDER === 'reverse') projects.reverse()

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	forbidOnly: true,
	// No retries: a test that fails once fails the run, and every test makes what it needs, so one
	// does not depend on what another did before it (decision 0045).
	retries: 0,
	// The JSON report lets `npm test` print one total line for the whole run.
	reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
	timeout: 30_000,
	use: {
		baseURL: demoUrl,
		launchOptions: chromiumLaunchOptions(),
		trace: 'retain-on-failure',
	},
	// Every flow runs twice: as most people see it, and as a browser with JavaScript off does.
	// Tests of the server process alone (*.server.spec.ts) need no browser and run once.
	projects,
	webServer: [
		{
			command: 'node scripts/smtp-sink.mjs',
			url: `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}/healthz`,
			reuseExistingServer: false,
			timeout: 20_000,
			env: { SMTP_SINK_PORT: String(smtpPort), SMTP_SINK_HTTP_PORT: process.env.SMTP_SINK_HTTP_PORT },
		},
		portal(port, demoDataDir),
		portal(officePort, officeDataDir, { OFFICE_USERS: e2eOfficeUsers() }),
	],
})
