// `npm run test:compose`: brings compose.yaml up with podman-compose (PostgreSQL, two portal
// instances, nginx ending TLS with a certificate made here), on stand-ins for the official
// postgres and nginx images (tests/container/compose.test.yaml), and checks a branch's day: a
// member registers and signs in through the proxy, both instances serve, one stops under load
// without a request failing beyond those it had in flight, and a pg_dump backup checks out.
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import https from 'node:https'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import assert from 'node:assert/strict'
import { startSmtpSink } from '../../scripts/smtp-sink.mjs'
import { ROOT, buildImage, hasPodman, logsOf, podman, registerMember, standInBase, step, waitHealthy, writeEnvFile } from './podman.mjs'

if (!hasPodman()) {
	console.error('The compose test needs podman (rootful, with runc) and podman-compose: apt-get install -y podman runc mmdebstrap podman-compose')
	process.exit(1)
}

const project = `portal-compose-${process.pid}`
const IMAGE = 'localhost/branch-portal:container-test'
const work = mkdtempSync(path.join(tmpdir(), 'portal-compose-'))
const started = performance.now()
const freePort = () =>
	new Promise((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address()
			server.close(() => resolve(port))
		})
	})
const httpsPort = await freePort()
const subnet = `10.${200 + (process.pid % 50)}.${process.pid % 250}.0/24`
const origin = `https://localhost:${httpsPort}`
const sink = await startSmtpSink({ host: '0.0.0.0' })
const name = (service) => `${project}_${service}_1`

/** fetch over https that trusts this test's own certificate (and only it). */
function httpsFetch(ca) {
	const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 8 })
	return (url, { method = 'GET', headers = {}, body } = {}) =>
		new Promise((resolve, reject) => {
			const request = https.request(url, { method, headers, agent }, (response) => {
				const chunks = []
				response.on('data', (chunk) => chunks.push(chunk))
				response.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8')
					resolve({
						status: response.statusCode,
						headers: { get: (header) => response.headers[header.toLowerCase()] ?? null },
						text: async () => text,
						json: async () => JSON.parse(text),
					})
				})
				response.on('error', reject)
			})
			request.on('error', reject)
			request.end(body)
		})
}

const env = { ...process.env }
const compose = (...args) =>
	execFileSync(
		'podman-compose',
		['--podman-args=--runtime=runc', '--project-name', project, '--file', 'compose.yaml', '--file', 'tests/container/compose.test.yaml', ...args],
		{ cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
	).toString()

/** Which instance's address served each request, from nginx's log (its log_format names the upstream). */
async function upstreamsServed() {
	const log = await podman(['logs', name('proxy')])
	return [...log.matchAll(/upstream=([\d.]+):3000/g)].map((match) => match[1])
}
const addressOf = async (container) => Object.values(JSON.parse(await podman(['inspect', container]))[0].NetworkSettings.Networks)[0].IPAddress

try {
	const base = await step('stand-in base image (kept between runs)', () => standInBase())
	await step('the portal image and the stand-ins for postgres and nginx (layers kept between runs)', async () => {
		await buildImage(IMAGE, base)
		for (const [stand, tag] of [
			['postgres', 'localhost/postgres-stand-in:15'],
			['nginx', 'localhost/nginx-stand-in:bookworm'],
		]) {
			await podman([
				'build',
				'--runtime',
				'runc',
				'--format',
				'docker',
				'--network=host',
				'--ulimit',
				'nofile=10000:10000',
				'--ulimit',
				'nproc=4000:4000',
				'--build-arg',
				`BASE=${base}`,
				'--tag',
				tag,
				path.join(ROOT, 'tests/container/stand-ins', stand),
			])
		}
	})

	const fetcher = await step('compose up: PostgreSQL, two instances, nginx with TLS; all healthy', async () => {
		const tls = path.join(work, 'tls')
		mkdirSync(tls)
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'1',
				'-subj',
				'/CN=localhost',
				'-addext',
				'subjectAltName=DNS:localhost',
				'-keyout',
				path.join(tls, 'privkey.pem'),
				'-out',
				path.join(tls, 'fullchain.pem'),
			],
			{ stdio: 'ignore' },
		)
		Object.assign(env, {
			PORTAL_IMAGE: IMAGE,
			PORTAL_ENV_FILE: writeEnvFile(path.join(work, 'portal.env'), { smtpUrl: `smtp://host.containers.internal:${new URL(sink.url).port}`, publicUrl: origin }),
			POSTGRES_PASSWORD: randomBytes(18).toString('base64url'),
			HTTPS_PORT: String(httpsPort),
			HTTP_PORT: String(await freePort()),
			TLS_DIR: tls,
			PORTAL_SUBNET: subnet,
		})
		// podman-compose 1.0 does not apply a network's ipam settings: the network is made first (docs/container.md).
		await podman(['network', 'create', '--subnet', subnet, `${project}_default`])
		compose('up', '--detach')
		for (const service of ['db', 'portal-1', 'portal-2', 'proxy']) await waitHealthy(name(service), 180_000)
		return httpsFetch(readFileSync(path.join(tls, 'fullchain.pem')))
	})

	await step('a member registers and signs in through the proxy, over https', async () => {
		assert.equal((await fetcher(`${origin}/`)).status, 200)
		const member = await registerMember(origin, sink, fetcher)
		const form = new URLSearchParams({ sMembershipNumber: member.number, sDob: member.dob, sPassword: member.password }).toString()
		const answer = await fetcher(`${origin}/member/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
			body: form,
		})
		assert.equal(answer.status, 302, await answer.text())
		const cookie = answer.headers.get('set-cookie')
		assert.ok(
			cookie?.some((line) => /;\s*Secure/i.test(line)),
			'the session cookie is Secure: the portal believed nginx that this is https',
		)
		const page = await fetcher(new URL(answer.headers.get('location'), origin).href, {
			headers: { cookie: cookie.map((line) => line.split(';')[0]).join('; ') },
		})
		assert.equal(page.status, 200)
	})

	await step('both instances served requests', async () => {
		for (let i = 0; i < 10; i++) assert.equal((await fetcher(`${origin}/events`)).status, 200)
		const served = new Set(await upstreamsServed())
		for (const service of ['portal-1', 'portal-2']) assert.ok(served.has(await addressOf(name(service))), `${service} served none of ${[...served]}`)
	})

	await step('one instance stops under load: no request fails beyond those it had in flight', async () => {
		let stopping = false
		let inFlightAtStop = 0
		let inFlight = 0
		const results = { ok: 0, failed: [] }
		const load = async () => {
			while (!stopping) {
				inFlight++
				try {
					const { status } = await fetcher(`${origin}/events`)
					if (status === 200) results.ok++
					else results.failed.push(status)
				} catch (error) {
					results.failed.push(error.code ?? String(error))
				} finally {
					inFlight--
				}
			}
		}
		const workers = Array.from({ length: 6 }, load)
		await new Promise((resolve) => setTimeout(resolve, 3000))
		inFlightAtStop = inFlight
		await podman(['stop', '--time', '10', name('portal-2')])
		await new Promise((resolve) => setTimeout(resolve, 4000))
		stopping = true
		await Promise.all(workers)
		console.log(
			`  ${results.ok} requests answered 200, ${results.failed.length} failed (${results.failed.join(', ') || 'none'}); ${inFlightAtStop} in flight when the stop began`,
		)
		assert.ok(results.failed.length <= inFlightAtStop, `failed: ${results.failed.join(', ')}`)
		assert.ok(results.ok > 20, 'the load ran')
		assert.equal(await podman(['inspect', '--format', '{{.State.Status}}', name('portal-2')]), 'exited')
	})

	await step('an instance takes a pg_dump backup into the shared volume on USR2, and it checks out', async () => {
		await podman(['kill', '--signal', 'USR2', name('portal-1')])
		let file
		for (const until = Date.now() + 90_000; !file && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 500))) {
			file = (await podman(['exec', name('portal-1'), 'ls', '/backups'])).split('\n').find((entry) => /^portal-backup-.*\.tar\.gz$/.test(entry))
		}
		assert.ok(file, 'a backup in /backups')
		await podman(['cp', `${name('portal-1')}:/backups/${file}`, path.join(work, file)])
		const dir = mkdtempSync(path.join(work, 'backup-'))
		execFileSync('tar', ['-xzf', path.join(work, file), '-C', dir])
		const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
		assert.equal(manifest.database.kind, 'postgres')
		for (const part of manifest.files)
			assert.equal(
				createHash('sha256')
					.update(readFileSync(path.join(dir, part.name)))
					.digest('hex'),
				part.sha256,
				part.name,
			)
		// The image's own pg_restore reads the dump's table of contents.
		const list = execFileSync('podman', ['exec', '--interactive', name('portal-1'), '/usr/lib/postgresql/15/bin/pg_restore', '--list'], {
			input: readFileSync(path.join(dir, 'database/portal.pgdump')),
		}).toString()
		assert.match(list, / TABLE DATA public accounts /)
	})
	console.log(`\n✔ compose test passed in ${((performance.now() - started) / 1000).toFixed(0)} s`)
} catch (error) {
	console.error(`\n✖ ${error instanceof Error ? error.message : error}`)
	for (const service of ['db', 'portal-1', 'portal-2', 'proxy']) console.error(`--- ${service}'s log:\n${await logsOf(name(service))}`)
	process.exitCode = 1
} finally {
	try {
		compose('down', '--volumes', '--timeout', '5')
	} catch (error) {
		console.error(`compose down: ${error}`)
	}
	await podman(['network', 'rm', '--force', `${project}_default`], { allowFailure: true })
	await sink.close()
	rmSync(work, { recursive: true, force: true })
}
