// The API in floors (decision 0066): its folders import one another without a knot, the endpoint
// registration imports no area, no request path reaches the demo code, and the portal takes the
// API only through its face (app/api/start.ts, app/api/index.ts). Each check is also tried on a
// planted tree that breaks it, so a check that finds nothing is known to be looking.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { importCycles, importGraph, sourceFiles } from './import-cycles'

const root = path.resolve(import.meta.dirname, '../..')

const AREAS = [
	'accounts',
	'announcements',
	'committees',
	'cpe',
	'documents',
	'events',
	'gallery',
	'newsletters',
	'office',
	'pages',
	'payments',
	'popup',
	'receipts',
	'registrations',
]
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file)

/** A file's unit in the folder drawing (`file` absolute, or under the API): its folder there (the office's subfolders each their own), or itself at the top. */
function unitOf(api: string, file: string) {
	const parts = (path.isAbsolute(file) ? path.relative(api, file) : file).split(path.sep)
	return parts[0] === 'office' && parts.length > 2 ? `office/${parts[1]}` : parts[0]!
}

/** The API's own files and what each imports, tests left out. */
function apiGraph(api: string) {
	const graph = importGraph(
		root,
		sourceFiles(api).filter((file) => !isTest(file)),
	)
	return new Map([...graph].filter(([file]) => file.startsWith(api + path.sep)))
}

/** The groups of folder units that import one another, as circles (`[a, b, a]`). */
function folderKnots(api: string) {
	const units = new Map<string, Set<string>>()
	for (const [file, imported] of apiGraph(api)) {
		const from = unitOf(api, file)
		const to = units.get(from) ?? units.set(from, new Set()).get(from)!
		for (const target of imported) if (target.startsWith(api + path.sep) && unitOf(api, target) !== from) to.add(unitOf(api, target))
	}
	return importCycles(new Map([...units].map(([unit, targets]) => [unit, [...targets]])))
}

/** Every API file `entry` reaches through its imports, as paths under the API. */
function reachedFrom(api: string, entry: string) {
	return [...importGraph(root, [path.join(api, entry)]).keys()].filter((file) => file.startsWith(api + path.sep)).map((file) => path.relative(api, file))
}

/** The areas the endpoint registration reaches. */
const areasUnderEndpoints = (api: string) =>
	[...new Set(reachedFrom(api, 'endpoints.ts').map((file) => unitOf(api, file).split('/')[0]!))].filter((unit) => AREAS.includes(unit))

/** The demo files a request reaches: the API app and everything it mounts. */
const demoOnRequestPath = (api: string) => reachedFrom(api, 'app.ts').filter((file) => file.startsWith(`demo${path.sep}`))

/** Imports into the API from the portal's own code (tests aside) that go behind its face. */
function behindTheFace(project: string, folders: string[]) {
	const api = path.join(project, 'app', 'api')
	const face = [path.join(api, 'start.ts'), path.join(api, 'index.ts')]
	const files = folders.flatMap((folder) => sourceFiles(path.join(project, folder))).filter((file) => !file.startsWith(api + path.sep) && !isTest(file))
	const graph = importGraph(project, files)
	return files.flatMap((file) =>
		(graph.get(file) ?? [])
			.filter((target) => target.startsWith(api + path.sep) && !face.includes(target))
			.map((target) => `${path.relative(project, file)} > ${path.relative(project, target)}`),
	)
}

const api = path.join(root, 'app', 'api')

test('the folders of app/api import one another without a knot', () => {
	// The drawing is made: a broken resolver would find no import between units.
	expect(reachedFrom(api, 'app.ts')).toContain(path.join('office', 'routes.ts'))
	expect(folderKnots(api).map((circle) => circle.join(' > '))).toEqual([])
})

test('the endpoint registration imports no area', () => {
	expect(reachedFrom(api, 'endpoints.ts')).toContain(path.join('auth', 'staff.ts'))
	expect(areasUnderEndpoints(api)).toEqual([])
})

test('no request path imports the demo code', () => {
	expect(demoOnRequestPath(api)).toEqual([])
	// The composition root does (it seeds), which is where it belongs.
	expect(reachedFrom(api, 'start.ts')).toContain(path.join('demo', 'seed.ts'))
})

test('the portal takes the API only through start.ts and index.ts', () => {
	expect(behindTheFace(root, ['app', 'server'])).toEqual([])
})

describe('each check finds a planted break', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'api-layers-'))
	const plantedApi = path.join(folder, 'app', 'api')
	afterAll(() => rmSync(folder, { recursive: true, force: true }))
	const plant = (files: Record<string, string>) => {
		for (const [name, text] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(folder, name)), { recursive: true })
			writeFileSync(path.join(folder, name), text)
		}
	}
	plant({
		'app/api/http.ts': 'export const ok = 1\n',
		'app/api/endpoints.ts': "import { requireAccount } from './accounts/service'\nexport const handle = requireAccount\n",
		'app/api/accounts/service.ts': "import { ok } from '../http'\nexport const requireAccount = ok\n",
		'app/api/accounts/routes.ts': "import { handle } from '../endpoints'\nimport { seed } from '../demo/seed'\nexport const routes = [handle, seed]\n",
		'app/api/demo/seed.ts': "import { requireAccount } from '../accounts/service'\nexport const seed = requireAccount\n",
		'app/api/office/staff/service.ts': "import { audit } from '../audit'\nexport const staff = audit\n",
		'app/api/office/audit.ts': "import { staff } from './staff/service'\nexport const audit = () => staff\n",
		'app/api/app.ts': "import { routes } from './accounts/routes'\nexport const app = routes\n",
		'app/api/start.ts': "import { app } from './app'\nexport const startApi = () => app\n",
		'app/.server/runtime.ts': "import { startApi } from '../api/start'\nimport { ok } from '../api/http'\nexport const runtime = [startApi, ok]\n",
	})

	test('a knot of folders: office/ and office/staff/ import each other; accounts and endpoints.ts too', () => {
		expect(
			folderKnots(plantedApi)
				.map((circle) => circle.join(' > '))
				.sort(),
		).toEqual(['accounts > endpoints.ts > accounts', 'office > office/staff > office'])
	})

	test('the endpoint registration importing an area', () => {
		expect(areasUnderEndpoints(plantedApi)).toEqual(['accounts'])
	})

	test('a route importing the demo code', () => {
		expect(demoOnRequestPath(plantedApi)).toEqual([path.join('demo', 'seed.ts')])
	})

	test('the portal importing a module behind the face', () => {
		expect(behindTheFace(folder, ['app'])).toEqual([`${path.join('app', '.server', 'runtime.ts')} > ${path.join('app', 'api', 'http.ts')}`])
	})
})
