// The restore drill (decision 0046): a portal makes data, is stopped and backed up with `npm run
// backup`; the file is restored with `npm run restore` into a new data directory, a new portal
// starts on it, and the data is found over HTTP: the office's event, pictures and PDFs byte for
// byte, the office user signing in. No browser: the "server" project runs this once.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { createEventAsStaff, E2E_OFFICE_PASSWORD, e2eOfficePasswordHash, staffToken } from './support/office'
import { startPortal, type PortalProcess } from './support/portal'

/** Runs `npm run backup` or `npm run restore` (through its script, as npm would) and answers its exit code and output. */
function backups(args: string[], env: Record<string, string>) {
	const child = spawn(process.execPath, ['scripts/backups.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

/** The media paths a public page links to (its pictures, or the newsletters' PDFs). */
async function mediaOn(api: APIRequestContext, page: string, extension: RegExp) {
	const html = await (await api.get(page)).text()
	return [...new Set([...html.matchAll(/\/media\/([^"'\s?&]+)/g)].map((match) => match[1]!))].filter((file) => extension.test(file))
}

const OFFICE_USER = 'drill.admin'

/** The office dashboard's page as the drill's administrator sees it, signed in through the form (no JavaScript). */
async function officeDashboardPage(api: APIRequestContext) {
	const signedIn = await api.post('/office/login', { form: { sUsername: OFFICE_USER, sPassword: E2E_OFFICE_PASSWORD, redirectTo: '/office' } })
	expect(signedIn.url()).toMatch(/\/office$/)
	return (await api.get('/office')).text()
}
// Two portal starts (the first seeds the demo branch) and three runs of the CLI (each loads Vite).
test.describe.configure({ timeout: 240_000 })

test('a backup made with npm run backup restores into a new data directory, and a portal started on it has the data', async () => {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-data-'))
	const restoredDir = mkdtempSync(path.join(tmpdir(), 'drill-restored-'))
	const backupDir = mkdtempSync(path.join(tmpdir(), 'drill-backups-'))
	// Nightly backups, as a live branch on PGlite always has them, for a trial with the demo branch's pictures and PDFs.
	const env = {
		DATA_DIR: dataDir,
		BACKUP_DIR: path.join(dataDir, 'backups'),
		OFFICE_USERS: JSON.stringify([{ username: OFFICE_USER, fullName: 'Drill Admin', passwordHash: e2eOfficePasswordHash(), role: 'admin' }]),
	}
	const title = `Restore drill ${Date.now()}`
	let portal: PortalProcess | undefined
	try {
		portal = await startPortal(env)
		const before = await playwrightRequest.newContext({ baseURL: portal.url })
		const token = await staffToken(before, OFFICE_USER)
		const eventId = await createEventAsStaff(before, token, { title, start: new Date(Date.now() + 30 * 86_400_000) })
		const pictures = await mediaOn(before, '/gallery', /\.(webp|jpg|png)$/)
		const pdfs = await mediaOn(before, '/newsletters', /\.pdf$/)
		expect(pictures.length).toBeGreaterThan(0)
		expect(pdfs.length).toBeGreaterThan(0)
		const bytes = async (api: APIRequestContext, file: string) => Buffer.from(await (await api.get(`/media/${file}`)).body())
		const originals = await Promise.all([...pictures, ...pdfs].map(async (file) => ({ file, bytes: await bytes(before, file) })))
		// Nightly and never backed up: the dashboard warns.
		const dashboard = await before.get('/api/office/dashboard/v1', { headers: { authorization: token } })
		expect(((await dashboard.json()) as { data: { oBackups: unknown } }).data.oBackups).toEqual({ dLastGood: null, bNightly: true, bOverdue: true })
		expect(await officeDashboardPage(before)).toContain('No backup has been made yet.')
		await before.dispose()

		// While the portal runs, the CLI does not open its database: it says what to do.
		const refused = await backups(['backup'], { DATA_DIR: dataDir })
		expect(refused.code).toBe(1)
		expect(refused.output).toContain(`The portal (process ${portal.child.pid}) is running on ${dataDir}`)
		expect(refused.output).toContain(`kill -USR2 ${portal.child.pid}`)
		await portal.stop()
		portal = undefined

		const made = await backups(['backup', '--out', backupDir], { DATA_DIR: dataDir })
		expect(made.code, made.output).toBe(0)
		const [file] = readdirSync(backupDir)
		expect(file).toMatch(/^portal-backup-.*Z\.tar\.gz$/)
		expect(made.output).toContain(`Backup written and checked: ${path.join(backupDir, file!)}`)
		expect(made.output).toContain('Keep it safe')

		const restored = await backups(['restore', path.join(backupDir, file!)], { DATA_DIR: restoredDir })
		expect(restored.code, restored.output).toBe(0)
		expect(restored.output).toContain('Start the portal to use it.')
		expect(existsSync(path.join(restoredDir, 'db', 'PG_VERSION'))).toBe(true)
		// A second restore into the same directory is refused without --force.
		const again = await backups(['restore', path.join(backupDir, file!)], { DATA_DIR: restoredDir })
		expect(again.code).toBe(1)
		expect(again.output).toContain('already there')

		// Started on the restored data (the office user comes from the database alone), its backups in the drill's folder.
		portal = await startPortal({ DATA_DIR: restoredDir, BACKUP_DIR: backupDir })
		const after = await playwrightRequest.newContext({ baseURL: portal.url })
		const page = await officeDashboardPage(after)
		expect(page).toContain('Last good backup:')
		expect(page).not.toContain('No backup has been made yet.')
		expect(await (await after.get(`/events/event-details/${eventId}`)).text()).toContain(title)
		for (const original of originals) expect((await bytes(after, original.file)).equals(original.bytes), original.file).toBe(true)
		await after.dispose()
	} finally {
		await portal?.stop()
		for (const dir of [dataDir, restoredDir, backupDir]) rmSync(dir, { recursive: true, force: true })
	}
})
