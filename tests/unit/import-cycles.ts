// The import graph of the project's own files, as TypeScript resolves it (tsconfig's `~/` paths
// included), and the circles in it. Type-only and dynamic imports count: a circle of types still
// ties every module in it to every other.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Files are the project's own: not a package, and not React Router's generated `+types`. */
const isOwn = (file: string) => !file.includes('/node_modules/') && !file.includes('/.react-router/')

function compilerOptions(root: string) {
	const configFile = ts.findConfigFile(root, ts.sys.fileExists)
	if (!configFile) return { allowJs: true, resolveJsonModule: true, moduleResolution: ts.ModuleResolutionKind.Bundler }
	const { config } = ts.readConfigFile(configFile, ts.sys.readFile)
	return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile)).options
}

export function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
		.map((entry) => path.join(entry.parentPath, entry.name))
}

/** Every file reached from `entries` through imports, with the own files each one imports. */
export function importGraph(root: string, entries: string[]) {
	const options = compilerOptions(root)
	const graph = new Map<string, string[]>()
	const pending = [...entries]
	for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
		if (graph.has(file)) continue
		const imported = ts
			.preProcessFile(readFileSync(file, 'utf8'), true, true)
			.importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
			.filter((target): target is string => target !== undefined && isOwn(target) && !target.endsWith('.json'))
		graph.set(file, [...new Set(imported)])
		pending.push(...imported)
	}
	return graph
}

/**
 * One circle for each group of files that import one another (Tarjan's strongly connected
 * components), as the shortest path around it from the group's first file: `[a, b, a]`. Breaking
 * it may leave a smaller circle in the group, which the next look shows.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>()
	const lowest = new Map<string, number>()
	const stack: string[] = []
	const onStack = new Set<string>()
	const groups: string[][] = []
	const visit = (file: string) => {
		index.set(file, index.size)
		lowest.set(file, index.get(file)!)
		stack.push(file)
		onStack.add(file)
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next)
				lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!))
			} else if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file)!, index.get(next)!))
		}
		if (lowest.get(file) !== index.get(file)) return
		const group: string[] = []
		let member: string
		do {
			member = stack.pop()!
			onStack.delete(member)
			group.push(member)
		} while (member !== file)
		if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group)
	}
	for (const file of graph.keys()) if (!index.has(file)) visit(file)
	return groups.map((group) => circleThrough(graph, new Set(group), group.sort()[0]!))
}

/** The shortest way from `start` back to itself inside its group. */
function circleThrough(graph: Map<string, string[]>, group: Set<string>, start: string) {
	const cameFrom = new Map<string, string>()
	const queue = [start]
	for (const file of queue) {
		for (const next of graph.get(file) ?? []) {
			if (!group.has(next)) continue
			if (next === start) {
				const way: string[] = []
				for (let at = file; at !== start; at = cameFrom.get(at)!) way.unshift(at)
				return [start, ...way, start]
			}
			if (!cameFrom.has(next)) {
				cameFrom.set(next, file)
				queue.push(next)
			}
		}
	}
	throw new Error(`${start} is in no circle`)
}
