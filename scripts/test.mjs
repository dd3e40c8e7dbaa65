// `npm test`: typecheck, lint, unit/API/database tests, the production build and the
// end-to-end suite in Debian's Chromium (with JavaScript on and off). With TEST_DATABASE_URL
// set, the tests that reach the database run a second time against that PostgreSQL server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { CHROMIUM_PACKAGES, findChromium } from '../tests/e2e/support/chromium-binary.mjs'

function run(title, command, args, env = {}) {
	console.log(`\n▶ ${title}`)
	const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) {
		console.error(`\n✖ ${title} failed`)
		process.exit(result.status ?? 1)
	}
}

function ensureChromium() {
	if (findChromium()) return
	const [preferred] = CHROMIUM_PACKAGES
	const isRoot = process.getuid?.() === 0
	if (isRoot && existsSync('/usr/bin/apt-get')) {
		console.log(`No Chromium found: installing Debian's package (apt-get install ${preferred.name})`)
		run('apt-get update', 'apt-get', ['update', '-qq'])
		run(`install ${preferred.name}`, 'apt-get', ['install', '-y', '-qq', '--no-install-recommends', preferred.name], { DEBIAN_FRONTEND: 'noninteractive' })
		if (findChromium()) return
	}
	console.error(
		`The end-to-end tests need Debian's Chromium: ${CHROMIUM_PACKAGES.map((browser) => browser.path).join(' or ')}.\n` +
			`Install it with: sudo apt-get install -y ${preferred.name}\n` +
			'or point CHROMIUM_PATH at a Chromium or Chrome binary. (Playwright must not download its own browser.)',
	)
	process.exit(1)
}

const totals = { passed: 0, failed: 0 }

function vitest(title, report, env, files = []) {
	run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files], env)
	const result = JSON.parse(readFileSync(report, 'utf8'))
	totals.passed += result.numPassedTests
	totals.failed += result.numFailedTests
}

/**
 * The test files that reach the database layer (a test database, the runtime, the API, server
 * modules): only these run again on PostgreSQL. The rest (formats, schemas, components, the
 * configuration's parsing, the lint rules) have no database to differ by, and already ran once.
 * Told by what a file imports (its import lines only: a test may name such modules in its data)
 * or by its reading TEST_DATABASE_URL.
 */
const DATABASE_IMPORTS =
	/createTestDatabase|createPostgresDatabase|setup\/(accounts|office|registrations|database)|getRuntime|\.server\/|\/\.server'|from '\.\/(session|runtime|guard|accounts|api-client|typed-api)'|~\/api\/(db|app|demo)|openDatabase|from '\.\.\/(app|db|demo)\/|createApi/
const importLines = (source) =>
	source
		.split('\n')
		.filter((line) => /^\s*(import\b|export\b.*\bfrom\b|\}\s*from\b)/.test(line))
		.join('\n')
const reachesDatabase = (source) => DATABASE_IMPORTS.test(importLines(source)) || source.includes('TEST_DATABASE_URL')
function databaseTestFiles() {
	const files = []
	const walk = (dir) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (entry.isDirectory()) walk(full)
			else if (/\.test\.tsx?$/.test(entry.name) && reachesDatabase(readFileSync(full, 'utf8'))) files.push(full)
		}
	}
	for (const dir of ['app', 'server', 'tests/unit']) walk(dir)
	return files
}

rmSync('test-results', { recursive: true, force: true })
ensureChromium()
run('route types', 'npx', ['react-router', 'typegen'])
run('typecheck', 'npx', ['tsc'])
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0'])
run('format', 'npx', ['prettier', '--check', '.'])
vitest('unit, API and database tests (PGlite)', 'test-results/vitest-pglite.json', { TEST_DATABASE_URL: '' })
if (process.env.TEST_DATABASE_URL) {
	vitest('API and database tests (PostgreSQL)', 'test-results/vitest-postgres.json', {}, databaseTestFiles())
}
run('build', 'npx', ['react-router', 'build'])
run('end-to-end tests (Chromium, JavaScript on and off)', 'npx', ['playwright', 'test'])
const e2e = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).stats
totals.passed += e2e.expected
totals.failed += e2e.unexpected
// One closing line for the whole run.
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`)
