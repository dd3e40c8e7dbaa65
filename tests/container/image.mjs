// `npm run test:container`: builds the portal's image as a branch would (on a stand-in for the
// official Node image where no registry is reachable), runs it live with a portal.env and a
// volume, and checks what a branch relies on: health, pages, refusing a missing setting, no root,
// data kept across a restart and a re-creation, a checked backup on USR2, and an upgrade that
// migrates an older volume once. Needs rootful podman with runc (.ci/run installs them).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import assert from 'node:assert/strict'
import { PGlite } from '@electric-sql/pglite'
import { startSmtpSink } from '../../scripts/smtp-sink.mjs'
import {
	ROOT,
	RUN_OPTIONS,
	buildImage,
	hasPodman,
	logsOf,
	memberSignIn,
	podman,
	publishedUrl,
	registerMember,
	standInBase,
	step,
	waitHealthy,
	writeEnvFile,
} from './podman.mjs'

if (!hasPodman()) {
	console.error('The container test needs podman (rootful, with runc): apt-get install -y podman runc mmdebstrap')
	process.exit(1)
}

const run = `portal-test-${process.pid}`
// Fixed names, left in place: the next run's build reuses their layers (npm install when the lock is unchanged).
const IMAGE = 'localhost/branch-portal:container-test'
const OLDER_IMAGE = 'localhost/branch-portal:container-test-older'
const work = mkdtempSync(path.join(tmpdir(), 'portal-container-'))
const journal = JSON.parse(readFileSync(path.join(ROOT, 'app/api/db/migrations/meta/_journal.json'), 'utf8')).entries
const containers = new Set()
const volumes = [`${run}-data`, `${run}-older-data`]
const started = performance.now()
// The containers reach this machine by the name podman gives it; its bridge exists only while one runs.
const sink = await startSmtpSink({ host: '0.0.0.0' })
const smtpUrl = `smtp://host.containers.internal:${new URL(sink.url).port}`

async function start(name, image, volume, envFile) {
	containers.add(name)
	await podman(['run', '--detach', '--name', name, ...RUN_OPTIONS, '--publish', '127.0.0.1::3000', '--env-file', envFile, '--volume', `${volume}:/data`, image])
	await waitHealthy(name)
	return publishedUrl(name)
}

async function remove(name) {
	await podman(['rm', '--force', '--time', '10', name])
	containers.delete(name)
}

/** Asks for a backup with USR2 and waits for the file the portal names only once it has checked it. */
async function backupOnUsr2(container) {
	await podman(['kill', '--signal', 'USR2', container])
	for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 500))) {
		const named = await podman(['exec', container, 'ls', '/data/backups'], { allowFailure: true })
		const file = typeof named === 'string' ? named.split('\n').find((name) => /^portal-backup-.*\.tar\.gz$/.test(name)) : undefined
		if (file) {
			await podman(['cp', `${container}:/data/backups/${file}`, path.join(work, file)])
			return path.join(work, file)
		}
	}
	throw new Error(`no backup in /data/backups of ${container}:\n${await logsOf(container)}`)
}

/** Reads a backup as any tool would (tar, SHA-256), then opens its database copy in PGlite. */
async function readBackup(file) {
	const dir = mkdtempSync(path.join(work, 'backup-'))
	execFileSync('tar', ['-xzf', file, '-C', dir])
	const [first] = execFileSync('tar', ['-tzf', file]).toString().split('\n')
	assert.equal(first, 'manifest.json', 'the manifest comes first')
	const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
	for (const part of manifest.files)
		assert.equal(
			createHash('sha256')
				.update(readFileSync(path.join(dir, part.name)))
				.digest('hex'),
			part.sha256,
			part.name,
		)
	const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(path.join(dir, 'database/pgdata.tar'))]) })
	return { manifest, db }
}

try {
	const base = await step('stand-in base image (kept between runs)', () => standInBase())
	await step(`image built on ${base}`, () => buildImage(IMAGE, base))
	const [inspected] = JSON.parse(await podman(['image', 'inspect', IMAGE]))
	const labels = inspected.Config.Labels
	assert.equal(labels['org.opencontainers.image.version'], JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version)
	assert.ok(labels['org.opencontainers.image.source'], 'the source label')
	assert.ok(inspected.Healthcheck?.Test?.length, 'the HEALTHCHECK survived the build')
	assert.equal(inspected.Config.User, 'node')
	console.log(
		`  image size ${(inspected.Size / 1e6).toFixed(0)} MB (base ${(JSON.parse(await podman(['image', 'inspect', base]))[0].Size / 1e6).toFixed(0)} MB)`,
	)

	const envFile = writeEnvFile(path.join(work, 'portal.env'), { smtpUrl })
	let url = await step('a live start with portal.env and a volume turns healthy', () => start(`${run}-a`, IMAGE, volumes[0], envFile))

	await step('/ and /office/login answer', async () => {
		for (const page of ['/', '/office/login']) assert.equal((await fetch(`${url}${page}`)).status, 200, page)
	})

	await step('the portal runs as the image’s user, not root', async () => {
		const uids = (await podman(['exec', `${run}-a`, 'sh', '-c', 'grep ^Uid: /proc/1/status'])).split(/\s+/).slice(1)
		assert.deepEqual(uids, ['1000', '1000', '1000', '1000'])
	})

	const member = await step('a member registers (OTP by mail) and signs in', async () => {
		const registered = await registerMember(url, sink)
		assert.equal(await memberSignIn(url, registered), 200)
		return registered
	})

	url = await step('the member is still there after podman restart', async () => {
		await podman(['restart', '--time', '10', `${run}-a`])
		await waitHealthy(`${run}-a`)
		const after = await publishedUrl(`${run}-a`)
		assert.equal(await memberSignIn(after, member), 200)
		return after
	})

	url = await step('and after the container is re-created on the same volume', async () => {
		await remove(`${run}-a`)
		const after = await start(`${run}-b`, IMAGE, volumes[0], envFile)
		assert.equal(await memberSignIn(after, member), 200)
		return after
	})

	await step('kill -USR2 writes a backup that checks out and holds the member', async () => {
		const { manifest, db } = await readBackup(await backupOnUsr2(`${run}-b`))
		assert.equal(manifest.database.kind, 'pglite')
		const { rows } = await db.query('select count(*)::int as n from accounts where email = $1', [member.email])
		assert.equal(rows[0].n, 1)
		await db.close()
		await remove(`${run}-b`)
	})

	await step('a live start without SMTP_URL refuses and names it', async () => {
		const answer = await podman(
			['run', '--rm', ...RUN_OPTIONS, '--env-file', writeEnvFile(path.join(work, 'incomplete.env'), { smtpUrl, without: ['SMTP_URL'] }), IMAGE],
			{ allowFailure: true },
		)
		assert.equal(typeof answer, 'object', 'the start failed')
		assert.match(answer.output, /SMTP_URL: is required for a live deployment/)
	})

	await step('a newer image on an older volume migrates it, once', async () => {
		// The older release: this image without its newest migration, so its volume is one migration behind.
		const older = mkdtempSync(path.join(work, 'older-'))
		writeFileSync(
			path.join(older, 'Containerfile'),
			[
				`FROM ${IMAGE}`,
				'USER root',
				`RUN node -e "const fs = require('fs'); const file = 'app/api/db/migrations/meta/_journal.json'; const journal = JSON.parse(fs.readFileSync(file)); const newest = journal.entries.pop(); fs.rmSync('app/api/db/migrations/' + newest.tag + '.sql'); fs.writeFileSync(file, JSON.stringify(journal))"`,
				'USER node',
				'',
			].join('\n'),
		)
		await podman(['build', ...RUN_OPTIONS, '--format', 'docker', '--tag', OLDER_IMAGE, older])
		await start(`${run}-older`, OLDER_IMAGE, volumes[1], envFile)
		await remove(`${run}-older`)
		await start(`${run}-newer`, IMAGE, volumes[1], envFile)
		await podman(['restart', '--time', '10', `${run}-newer`])
		await waitHealthy(`${run}-newer`)
		const { manifest, db } = await readBackup(await backupOnUsr2(`${run}-newer`))
		assert.equal(manifest.database.lastMigration, journal.at(-1).when)
		const { rows } = await db.query('select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations')
		assert.deepEqual(rows[0], { n: journal.length, distinct_hashes: journal.length })
		await db.close()
	})
	console.log(`\n✔ container test passed in ${((performance.now() - started) / 1000).toFixed(0)} s`)
} catch (error) {
	console.error(`\n✖ ${error instanceof Error ? error.message : error}`)
	for (const name of containers) console.error(`--- ${name}'s log:\n${await logsOf(name)}`)
	process.exitCode = 1
} finally {
	for (const name of containers) await podman(['rm', '--force', '--time', '0', name], { allowFailure: true })
	await podman(['volume', 'rm', '--force', ...volumes], { allowFailure: true })
	await sink.close()
	rmSync(work, { recursive: true, force: true })
}
