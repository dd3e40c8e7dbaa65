// Query parameters of GET calls (docs/spec.md §7, decision 0012): nested objects in bracket notation
// (`oFilter[nYear]=2026`), arrays with indexes (`aMonths[0]=3`), null and undefined skipped.
// The portal's API client serialises with `serialiseQuery`; the API reads with `parseQuery`.

export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | { [key: string]: QueryValue }

/** `{ oFilter: { nYear: 2026 }, aIds: [1, 2] }` -> `oFilter%5BnYear%5D=2026&aIds%5B0%5D=1&aIds%5B1%5D=2` */
export function serialiseQuery(query: Record<string, QueryValue>) {
	const params = new URLSearchParams()
	const add = (key: string, value: QueryValue) => {
		if (value === null || value === undefined) return
		if (value instanceof Date) params.append(key, value.toISOString())
		else if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item))
		else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v)
		else params.append(key, String(value))
	}
	for (const [key, value] of Object.entries(query)) add(key, value)
	return params.toString()
}

export type ParsedQuery = { [key: string]: string | ParsedQuery | ParsedQuery[] | string[] }

/** Bounds that keep a hostile query string cheap to read. */
const QUERY_LIMITS = { maxParams: 50, maxDepth: 4, maxIndex: 99 } as const

export class QueryError extends Error {
	override name = 'QueryError'
}

const KEY_PATTERN = /^([A-Za-z_][\w-]*)((?:\[[\w-]*\])*)$/

/**
 * Reads bracket notation back into nested plain objects and arrays (string leaves). `a[]=` appends.
 * Throws QueryError for anything ambiguous: a key both a value and an object, too deep, too many.
 */
export function parseQuery(params: URLSearchParams): ParsedQuery {
	const root: Branch = { isArray: false, children: new Map() }
	let count = 0
	for (const [rawKey, value] of params) {
		if (++count > QUERY_LIMITS.maxParams) throw new QueryError('Too many query parameters.')
		const match = KEY_PATTERN.exec(rawKey)
		if (!match) throw new QueryError(`The query parameter ${rawKey} is malformed.`)
		const path = [match[1]!, ...[...match[2]!.matchAll(/\[([\w-]*)\]/g)].map((m) => m[1]!)]
		if (path.length > QUERY_LIMITS.maxDepth) throw new QueryError(`The query parameter ${rawKey} is nested too deeply.`)
		setPath(root, path, value, rawKey)
	}
	return toPlain(root) as ParsedQuery
}

// Keys live in Maps until the end, so `__proto__` or `constructor` are plain keys, never the prototype.
type Branch = { isArray: boolean; children: Map<string, Branch | string> }

function setPath(root: Branch, path: string[], value: string, rawKey: string) {
	let node = root
	for (const [i, part] of path.entries()) {
		let key = part
		if (node.isArray) {
			if (key === '') key = String(node.children.size)
			if (!/^\d+$/.test(key) || Number(key) > QUERY_LIMITS.maxIndex) throw new QueryError(`The query parameter ${rawKey} has a bad index.`)
			key = String(Number(key))
		} else if (key === '') throw new QueryError(`The query parameter ${rawKey} is malformed.`)
		const existing = node.children.get(key)
		if (i === path.length - 1) {
			if (existing !== undefined) throw new QueryError(`The query parameter ${rawKey} is given twice.`)
			node.children.set(key, value)
			return
		}
		const childIsArray = /^\d*$/.test(path[i + 1]!)
		if (existing === undefined) {
			const child: Branch = { isArray: childIsArray, children: new Map() }
			node.children.set(key, child)
			node = child
		} else if (typeof existing === 'string' || existing.isArray !== childIsArray) {
			throw new QueryError(`The query parameter ${rawKey} conflicts with another.`)
		} else node = existing
	}
}

/** Arrays in index order; gaps close up, so `a[2]=x` alone is `['x']`. */
function toPlain(node: Branch | string): unknown {
	if (typeof node === 'string') return node
	if (node.isArray) {
		return [...node.children.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => toPlain(child))
	}
	const plain: Record<string, unknown> = {}
	for (const [key, child] of node.children) Object.defineProperty(plain, key, { value: toPlain(child), enumerable: true, writable: true, configurable: true })
	return plain
}
