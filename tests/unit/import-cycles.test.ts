// No module of app/ reaches itself through its imports (a circle makes the order modules load in
// matter, and ties every module in it to every other). The walker itself is tried on a planted circle.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { importCycles, importGraph, sourceFiles } from './import-cycles'

const root = path.resolve(import.meta.dirname, '../..')

test('the import graph of app/ has no circle', () => {
	const graph = importGraph(root, sourceFiles(path.join(root, 'app')))
	// The walk reaches the API, the contract and the pages: a broken resolver would find nothing.
	expect(graph.get(path.join(root, 'app/api/app.ts'))).toContain(path.join(root, 'app/contract/api.ts'))
	const circles = importCycles(graph).map((circle) => circle.map((file) => path.relative(root, file)).join(' > '))
	expect(circles).toEqual([])
})

describe('the walker', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'import-cycles-'))
	afterAll(() => rmSync(folder, { recursive: true, force: true }))
	const plant = (files: Record<string, string>) => {
		for (const [name, text] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(folder, name)), { recursive: true })
			writeFileSync(path.join(folder, name), text)
		}
		const graph = importGraph(folder, sourceFiles(folder))
		return importCycles(graph).map((circle) => circle.map((file) => path.relative(folder, file)))
	}

	test('finds a circle of type-only imports through an index', () => {
		expect(
			plant({
				'app.ts': "import { area } from './area'\nexport type Env = { n: number }\nexport const all = [area]\n",
				'area/index.ts': "export { area } from './routes'\n",
				'area/routes.ts': "import type { Env } from '../app'\nexport const area = (env: Env) => env.n\n",
			}),
		).toEqual([['app.ts', 'area/index.ts', 'area/routes.ts', 'app.ts']])
	})

	test('finds nothing once the shared type has its own module', () => {
		rmSync(folder, { recursive: true, force: true })
		expect(
			plant({
				'env.ts': 'export type Env = { n: number }\n',
				'app.ts': "import { area } from './area/routes'\nexport const all = [area]\n",
				'area/routes.ts': "import type { Env } from '../env'\nexport const area = (env: Env) => env.n\n",
			}),
		).toEqual([])
	})
})
