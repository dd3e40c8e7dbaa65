// Load benchmark for the production server: throughput vs. an in-memory
// "ceiling" server, what a sign-in storm costs the rest of the site, plus page weight. Usage:
//   node scripts/bench.mjs [--no-build] [--no-mail] [--storms-only] [--duration N] [--paths /events,/newsletters,/member/cpe]
// Paths under /member/ are requested as the demo member, signed in once through the login form.
import { spawn, spawnSync } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
if (args.includes('--help')) {
	console.log(`Usage: npm run bench -- [options]
  --no-build       use the existing build/ (otherwise: react-router build first)
  --no-mail        leave out the bulk mail run
  --no-rush        leave out the registration rush (500 members for 100 seats in one minute)
  --storms-only    only the sign-in storms (and no mail): GET / and a static file during 100 sign-ins at once
  --duration N     seconds per throughput run (default 10)
  --paths a,b      pages besides / to measure (/member/... as the demo member)
Fails (exit 1) when a run had failed requests or a storm broke its limits.`)
	process.exit(0)
}
const argValue = (name) => {
	const i = args.indexOf(name)
	return i === -1 ? undefined : args[i + 1]
}
const duration = Number(argValue('--duration') ?? 10)
const paths = [
	'/',
	...(argValue('--paths') ?? '')
		.split(',')
		.map((p) => p.trim())
		.filter((p) => p && p !== '/'),
]
const CONNECTIONS = [10, 100]
const stormsOnly = args.includes('--storms-only')
/** What a storm of 100 sign-ins may cost the rest of the site (decision 0039). */
const STORM_LIMITS = { p99Ms: 200, slowestSignInSeconds: 15 }
/** A person in the registration rush is answered (registered, or told it is full and put in line) within this. */
const RUSH_P99_MS = 2000
const problems = []

let server // child process of the portal
let serverLog = '' // tail of the server's output, shown when it fails
let dataDir
let ceiling

async function stopPortal() {
	if (server && server.exitCode === null && server.signalCode === null) {
		const exited = new Promise((resolve) => server.once('exit', resolve))
		server.kill('SIGTERM')
		// Give it 5 s to shut down the database cleanly, then force it
		if ((await Promise.race([exited.then(() => true), sleep(5000, false)])) === false) server.kill('SIGKILL')
	}
}

// Runs on success, error and Ctrl-C alike; idempotent.
async function cleanup() {
	ceiling?.close()
	ceiling = undefined
	await stopPortal()
	if (dataDir) rmSync(dataDir, { recursive: true, force: true })
	dataDir = undefined
}
for (const sig of ['SIGINT', 'SIGTERM']) {
	process.once(sig, () => {
		console.error(`\nbench: ${sig}, cleaning up`)
		cleanup().finally(() => process.exit(130))
	})
}
// Last-resort safety net if the process exits some other way
process.on('exit', () => {
	if (server && server.exitCode === null) server.kill('SIGKILL')
	if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

function freePort() {
	return new Promise((resolve, reject) => {
		const s = net.createServer().once('error', reject)
		s.listen(0, '127.0.0.1', () => {
			const { port } = s.address()
			s.close(() => resolve(port))
		})
	})
}

async function startPortal() {
	const port = await freePort()
	dataDir ??= mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
	const base = `http://127.0.0.1:${port}`
	server = spawn(process.execPath, ['server.mjs'], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			// A trial with the demo branch, so every page has its content; React's build is production either way.
			DEPLOYMENT: 'trial',
			DEMO_CONTENT: 'on',
			PORT: String(port),
			DATA_DIR: dataDir,
			SESSION_SECRET: randomBytes(36).toString('base64url'), // 48 chars
			RSA_PRIVATE_KEY: generateKeyPairSync('rsa', {
				modulusLength: 4096,
				privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
				publicKeyEncoding: { type: 'spki', format: 'pem' },
			}).privateKey,
			LOG_LEVEL: 'warn',
			PUBLIC_URL: base,
		},
	})
	const keepTail = (chunk) => {
		serverLog = (serverLog + chunk).slice(-8000)
	}
	server.stdout.on('data', keepTail)
	server.stderr.on('data', keepTail)
	const deadline = Date.now() + 60_000
	while (Date.now() < deadline) {
		if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}:\n${serverLog}`)
		try {
			const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })
			await res.arrayBuffer()
			if (res.status === 200) return base
		} catch {
			/* not listening yet */
		}
		await sleep(200)
	}
	throw new Error(`server did not answer 200 on /healthz within 60 s. Output:\n${serverLog}`)
}

// Raw bytes as the server sends them without compression
async function get(url, headers = {}) {
	const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } })
	const body = Buffer.from(await res.arrayBuffer())
	if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`)
	return { body, type: res.headers.get('content-type') ?? 'application/octet-stream' }
}

/** Signs the demo member in as a browser without JavaScript does; answers the session cookie. */
async function demoMemberCookie(base) {
	const form = new URLSearchParams({ sMembershipNumber: '123456', sDob: '1985-04-12', sPassword: 'Sahyadri demo 2026', redirectTo: '/member/cpe' })
	const res = await fetch(`${base}/member/login`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: base } })
	const cookie = res.headers
		.getSetCookie()
		.find((c) => c.startsWith('session='))
		?.split(';')[0]
	if (res.status !== 302 || !cookie) throw new Error(`the demo member could not sign in (status ${res.status})`)
	return cookie
}

/** The anonymous page signed-in pages are compared with, rendered for every request. */
const RENDERED_PATH = '/events'

// '/' -> '/_.data' (v8_trailingSlashAwareDataRequests), '/events' -> '/events.data'
const dataPath = (p) => (p === '/' ? '/_.data' : `${p.replace(/\/$/, '')}.data`)

/** The portal process's CPU time so far in ms (Linux /proc: user + system, in 1/100 s ticks). */
function portalCpuMs() {
	const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ')
	return (Number(fields[11]) + Number(fields[12])) * 10
}
/** The portal process's resident memory in MB. */
const portalRssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024

/** One autocannon run: `duration` seconds, or until `until` settles. */
async function bench(target, url, connections, extra = {}, headers = {}, until = undefined) {
	const portal = target.startsWith('portal')
	const cpuBefore = portal ? portalCpuMs() : 0
	const r = await new Promise((resolve, reject) => {
		const run = autocannon({ url, connections, duration: until ? 120 : duration, pipelining: 1, headers }, (error, result) =>
			error ? reject(error) : resolve(result),
		)
		until?.finally(() => run.stop())
	})
	const cpuPerRequest = portal && r.requests.total ? (portalCpuMs() - cpuBefore) / r.requests.total : undefined
	const row = {
		target,
		url,
		connections,
		rps: r.requests.average,
		p50: r.latency.p50,
		p99: r.latency.p99,
		cpuPerRequest,
		non2xx: r.non2xx,
		errors: r.errors,
		timeouts: r.timeouts,
		...extra,
	}
	if (r.non2xx || r.errors) {
		problems.push(
			`${target} @${connections}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts), status codes ${JSON.stringify(r.statusCodeStats)}`,
		)
	}
	console.log(
		`  ${target} @${connections}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms${cpuPerRequest === undefined ? '' : `, ${cpuPerRequest.toFixed(2)} ms CPU a request`}`,
	)
	return row
}

/** Each sign-in's status and seconds; a request that fails or never answers counts as such. */
async function signInsAtOnce(send) {
	return Promise.all(
		Array.from({ length: 100 }, async (_, i) => {
			const started = performance.now()
			try {
				const res = await send(i, AbortSignal.timeout(60_000))
				await res.arrayBuffer()
				return { status: res.status, seconds: (performance.now() - started) / 1000 }
			} catch (error) {
				return { status: error.name === 'TimeoutError' ? 'no answer' : 'failed', seconds: (performance.now() - started) / 1000 }
			}
		}),
	)
}

/**
 * 100 sign-ins at once, while GET / and a static file are measured from just before the first
 * until the last is answered. `wrong passwords`: posted to the sign-in page as a browser without
 * JavaScript does, numbers with no account (each costs an RSA decryption and a password hash).
 * `undecryptable passwords`: straight to the API, a password field that is no ciphertext of the
 * key (each costs an RSA decryption, then is refused).
 */
async function signInStorms(base, homeHtml) {
	const staticUrl = assetUrls(homeHtml, base).find((u) => u.endsWith('.css'))
	const storms = {
		'wrong passwords': (i, signal) =>
			fetch(`${base}/member/login`, {
				method: 'POST',
				redirect: 'manual',
				signal,
				headers: { origin: base },
				body: new URLSearchParams({ sMembershipNumber: String(200000 + i), sDob: '1990-01-01', sPassword: 'not the password', redirectTo: '/member/cpe' }),
			}),
		'undecryptable passwords': (i, signal) =>
			fetch(`${base}/api/auth/member/login/v1`, {
				method: 'POST',
				signal,
				headers: { origin: base, 'content-type': 'application/json' },
				body: JSON.stringify({ sMembershipNumber: String(300000 + i), sDob: '1990-01-01', sPassword: randomBytes(512).toString('base64') }),
			}),
	}
	const rows = []
	for (const [name, send] of Object.entries(storms)) {
		console.log(`\nduring 100 sign-ins at once: ${name}`)
		// The measurements are under way before the first sign-in and end with the last answer.
		const answered = sleep(500).then(() => signInsAtOnce(send))
		const [page, asset] = await Promise.all([
			bench(`during 100 sign-ins (${name}): GET /`, base + '/', 10, { kind: 'storm', path: '/' }, {}, answered),
			bench(`during 100 sign-ins (${name}): a static file`, staticUrl, 10, { kind: 'storm', path: new URL(staticUrl).pathname }, {}, answered),
		])
		const signIns = await answered
		const counts = Object.entries(signIns.reduce((n, { status }) => ({ ...n, [status]: (n[status] ?? 0) + 1 }), {})).map(([status, n]) => `${n}× ${status}`)
		const slowest = Math.max(...signIns.map((signIn) => signIn.seconds))
		console.log(`  the 100 sign-ins: ${counts.join(', ')}; the slowest answered in ${slowest.toFixed(1)} s (400: refused, 503: the sign-in line was full)`)
		const storm = { name, counts, slowestSeconds: slowest, page: page.p99, asset: asset.p99 }
		const broken = [
			page.p99 > STORM_LIMITS.p99Ms && `GET / p99 ${page.p99} ms`,
			asset.p99 > STORM_LIMITS.p99Ms && `static file p99 ${asset.p99} ms`,
			slowest > STORM_LIMITS.slowestSignInSeconds && `slowest sign-in ${slowest.toFixed(1)} s`,
			signIns.some(({ status }) => typeof status !== 'number' || (status >= 500 && status !== 503)) && `sign-ins that failed: ${counts.join(', ')}`,
		].filter(Boolean)
		storm.ok = broken.length === 0
		if (!storm.ok)
			problems.push(
				`during 100 sign-ins (${name}): ${broken.join(', ')} (limits: p99 ${STORM_LIMITS.p99Ms} ms, every sign-in within ${STORM_LIMITS.slowestSignInSeconds} s)`,
			)
		rows.push(...[page, asset].map((row) => ({ ...row, storm })))
	}
	return rows
}

// Same-origin assets referenced by a page: stylesheets, modulepreloads, script src and imports in inline module scripts
function assetUrls(html, base) {
	const found = new Set()
	const attr = (tag, name) =>
		tag
			.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
			?.slice(1)
			.find((v) => v !== undefined)
	const add = (ref) => {
		if (!ref) return
		const u = new URL(ref.replaceAll('&amp;', '&'), base)
		if (u.origin === new URL(base).origin) found.add(u.href)
	}
	for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
		const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
		if (rel.includes('stylesheet') || rel.includes('modulepreload')) add(attr(tag, 'href'))
	}
	for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
		const src = attr(open, 'src')
		if (src) add(src)
		else if ((attr(open, 'type') ?? '').toLowerCase() === 'module') {
			for (const m of body.matchAll(/\bimport\s*\(\s*(["'])([^"']+)\1\s*\)|\bimport\s*(["'])([^"']+)\3|\bfrom\s*(["'])([^"']+)\5/g)) add(m[2] ?? m[4] ?? m[6])
		}
	}
	return [...found]
}

/** `import … from '…'`, `import '…'` and `export … from '…'` at a statement's start in a built module. */
const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g

async function pageWeight(base, p, headers = {}) {
	const page = await get(base + p, headers)
	const size = (buf) => ({ raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length })
	const w = { path: p, saveData: Boolean(headers['save-data']), html: size(page.body), css: { raw: 0, gzip: 0 }, js: { raw: 0, gzip: 0, files: 0 } }
	const pending = assetUrls(page.body.toString('utf8'), base + p)
	const seen = new Set()
	for (let url = pending.shift(); url; url = pending.shift()) {
		if (seen.has(url)) continue
		seen.add(url)
		const asset = await get(url)
		const kind = /css/.test(asset.type) || /\.css(\?|$)/.test(url) ? 'css' : 'js'
		const s = size(asset.body)
		w[kind].raw += s.raw
		w[kind].gzip += s.gzip
		if (kind !== 'js') continue
		w.js.files++
		// A module's static imports load with it (the island's chunks are not preloaded by the page).
		for (const m of asset.body.toString('utf8').matchAll(STATIC_IMPORT)) pending.push(new URL(m[1], url).href)
	}
	return w
}

function mdTable(headers, rows) {
	const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
	const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`
	return [line(headers), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n')
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const pct = (n) => (n === undefined ? '' : `${(n * 100).toFixed(0)}%`)

async function main() {
	if (!Number.isFinite(duration) || duration <= 0) throw new Error('--duration must be a positive number of seconds')
	if (!args.includes('--no-build')) {
		const build = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
		if (build.status !== 0) throw new Error(`build failed (exit ${build.status ?? build.signal})`)
	}
	// The first start seeds the demo branch (its pictures through sharp, thousands of rows), which a
	// running portal does once in its life: the figures come from a second start on that directory.
	await startPortal()
	await stopPortal()
	const base = await startPortal()
	console.log(`portal up at ${base} (data dir ${dataDir}, seeded by an earlier start)`)

	const memberCookie = paths.some((p) => p.startsWith('/member/')) ? await demoMemberCookie(base) : undefined
	const headersFor = (p) => (p.startsWith('/member/') ? { cookie: memberCookie } : {})

	// Warm up caches and the JIT, and keep each page's exact bytes for the ceiling server
	const pages = {}
	for (const p of paths) {
		for (let i = 0; i < 5; i++) pages[p] = await get(base + p, headersFor(p))
	}
	for (let i = 0; i < 5; i++) await get(base + dataPath('/'))

	// Ceiling: the fastest anything could answer with the same bytes on this machine
	let current = pages['/']
	ceiling = http.createServer((req, res) => {
		res.writeHead(200, { 'content-type': current.type, 'content-length': current.body.length })
		res.end(current.body)
	})
	await new Promise((resolve) => ceiling.listen(0, '127.0.0.1', resolve))
	const ceilingUrl = `http://127.0.0.1:${ceiling.address().port}/`

	const runs = []
	for (const connections of stormsOnly ? [] : CONNECTIONS) {
		console.log(`\n${connections} connections, ${duration} s per run`)
		const rows = []
		for (const p of paths) {
			const portal = await bench(`portal GET ${p}`, base + p, connections, { kind: 'document', path: p }, headersFor(p))
			// What a signed-in page's CPU is held against: an anonymous page rendered afresh, measured
			// right after it, so both meet the machine in the same state. A visitor with an alert cookie
			// is not served a kept page, and gets the hydrated page a signed-in one does.
			if (p.startsWith('/member/')) {
				const rendered = await bench(
					`portal GET ${RENDERED_PATH} (rendered afresh)`,
					base + RENDERED_PATH,
					connections,
					{ kind: 'rendered', path: RENDERED_PATH },
					{ cookie: 'alert=none' },
				)
				portal.renderedRatio = portal.cpuPerRequest / rendered.cpuPerRequest
				rows.push(portal, rendered)
			} else rows.push(portal)
			current = pages[p] // reconfigure the ceiling server for this page
			const top = await bench(`ceiling ${p}`, ceilingUrl, connections, { kind: 'ceiling', path: p })
			portal.ceilingRatio = top.rps ? portal.rps / top.rps : undefined
			rows.push(top)
			if (p === '/') rows.push(await bench(`portal GET ${dataPath(p)}`, base + dataPath(p), connections, { kind: 'data', path: p }))
		}
		runs.push(...rows)
		console.log(
			`\n${mdTable(
				['target', 'req/s', 'p99 ms', 'of ceiling'],
				rows.map((r) => [r.target, Math.round(r.rps), r.p99, pct(r.ceilingRatio)]),
			)}`,
		)
	}

	runs.push(...(await signInStorms(base, pages['/'].body.toString('utf8'))))
	const rssMb = portalRssMb()
	// Page weight, plus '/' with Save-Data (the server then sends no scripts)
	const weight = []
	for (const p of stormsOnly ? [] : paths) weight.push(await pageWeight(base, p, headersFor(p)))
	if (!stormsOnly) weight.push(await pageWeight(base, '/', { 'save-data': 'on' }))

	// Bulk mail in a process of its own, so its memory is its own: an issue to 10,000 subscribers.
	let mail
	if (!args.includes('--no-mail') && !stormsOnly) {
		console.log('\nmail: an issue to 10,000 subscribers through the job queue to an SMTP sink')
		const run = spawnSync(process.execPath, ['scripts/bench-mail.mjs'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
		if (run.status === 0) mail = JSON.parse(run.stdout.trim().split('\n').at(-1))
		else problems.push(`mail bench failed (exit ${run.status ?? run.signal})`)
	}

	// The registration rush in a process of its own: 500 members for 100 seats within one minute.
	let rush
	if (!args.includes('--no-rush') && !stormsOnly) {
		console.log('\nrush: 500 members registering for 100 seats in the same minute, free and paid online')
		const run = spawnSync(process.execPath, ['scripts/bench-rush.mjs'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
		if (run.status === 0) rush = JSON.parse(run.stdout.trim().split('\n').at(-1))
		else problems.push(`rush bench failed (exit ${run.status ?? run.signal})`)
		for (const r of rush ?? []) {
			if (r.registered !== r.seats || r.waiting !== r.people - r.seats || r.errors5xx > 0 || r.p99Ms > RUSH_P99_MS)
				problems.push(`rush (${r.name}): ${r.registered} registered, ${r.waiting} waiting, ${r.errors5xx} 5xx, p99 ${r.p99Ms} ms`)
		}
	}

	const results = {
		date: new Date().toISOString(),
		node: process.version,
		cpus: os.cpus().length,
		cpuModel: os.cpus()[0]?.model,
		duration,
		connections: CONNECTIONS,
		runs,
		rssMb,
		weight,
		mail,
		rush,
		problems,
	}
	mkdirSync(path.join(root, 'bench-results'), { recursive: true })
	// A storms-only run does not replace the last full one.
	const resultsFile = stormsOnly ? 'latest-storms.json' : 'latest.json'
	writeFileSync(path.join(root, 'bench-results', resultsFile), JSON.stringify(results, null, '\t') + '\n')

	console.log(`\n## Benchmark (${results.cpuModel ?? 'unknown CPU'}, ${results.cpus} CPUs, Node ${process.version}, ${duration} s per run)\n`)
	const cpu = (r) => (r.cpuPerRequest === undefined ? '' : r.cpuPerRequest.toFixed(2))
	const againstRendered = (r) => (r.renderedRatio ? `${r.renderedRatio.toFixed(1)}×` : '')
	console.log(
		mdTable(
			['target', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'CPU vs rendered', 'of ceiling'],
			runs.map((r) => [r.target, r.connections, Math.round(r.rps), r.p50, r.p99, cpu(r), againstRendered(r), pct(r.ceilingRatio)]),
		),
	)
	const storms = runs.filter((r) => r.storm && r.path === '/').map((r) => r.storm)
	console.log(
		`\n### During 100 sign-ins at once (limits: p99 ≤ ${STORM_LIMITS.p99Ms} ms, every sign-in answered within ${STORM_LIMITS.slowestSignInSeconds} s)\n`,
	)
	console.log(
		mdTable(
			['sign-ins', 'GET / p99 ms', 'static file p99 ms', 'answers', 'slowest sign-in', 'within limits'],
			storms.map((storm) => [storm.name, storm.page, storm.asset, storm.counts.join(', '), `${storm.slowestSeconds.toFixed(1)} s`, storm.ok ? 'yes' : 'NO']),
		),
	)
	for (const connections of CONNECTIONS) {
		const signedIn = runs.filter((r) => r.renderedRatio && r.connections === connections)
		if (signedIn.length)
			console.log(
				`\nCPU against ${RENDERED_PATH} rendered afresh right after @${connections}: ${signedIn.map((r) => `${r.path} ${r.renderedRatio.toFixed(1)}×`).join(', ')}`,
			)
	}
	console.log(`\nPortal RSS after the runs: ${Math.round(rssMb)} MB`)
	if (weight.length) {
		console.log('\n### Page weight (raw / gzip -9)\n')
		console.log(
			mdTable(
				['page', 'HTML', 'CSS', 'JS', 'JS files'],
				weight.map((w) => [
					w.path + (w.saveData ? ' (Save-Data)' : ''),
					`${kb(w.html.raw)} / ${kb(w.html.gzip)}`,
					`${kb(w.css.raw)} / ${kb(w.css.gzip)}`,
					`${kb(w.js.raw)} / ${kb(w.js.gzip)}`,
					w.js.files,
				]),
			),
		)
	}
	if (mail) {
		console.log('\n### Bulk mail (one issue, pipeline speed; live sending is paced at MAIL_RATE_PER_SECOND)\n')
		console.log(
			mdTable(
				['subscribers', 'sent', 'failed', 'seconds', 'mails/s', 'RSS before', 'peak RSS'],
				[
					[
						mail.subscribers,
						mail.sent,
						mail.failed,
						mail.seconds.toFixed(1),
						Math.round(mail.perSecond),
						`${Math.round(mail.baselineRssMb)} MB`,
						`${Math.round(mail.peakRssMb)} MB`,
					],
				],
			),
		)
	}
	if (rush) {
		console.log(
			`\n### Registration rush (${rush[0]?.people} members, ${rush[0]?.seats} seats, within ${rush[0]?.windowSeconds} s; limit p99 ≤ ${RUSH_P99_MS} ms per person, register and join the waiting list)\n`,
		)
		console.log(
			mdTable(
				['event', 'registered', 'waiting list', '5xx', 'p50 ms', 'p99 ms', 'slowest ms'],
				rush.map((r) => [r.name, r.registered, r.waiting, r.errors5xx, r.p50Ms, r.p99Ms, r.maxMs]),
			),
		)
	}
	console.log(`\nwrote bench-results/${resultsFile}`)
	if (problems.length) {
		console.error(`\nbench: ${problems.length} run(s) had failed requests or broke their limits:\n  ${problems.join('\n  ')}`)
		process.exitCode = 1
	}
}

try {
	await main()
} catch (err) {
	console.error(`bench: ${err.stack ?? err}`)
	process.exitCode = 1
} finally {
	await cleanup()
}
