import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseQuery, QueryError, serialiseQuery, type QueryValue } from './query-string'

const decoded = (query: Record<string, QueryValue>) => decodeURIComponent(serialiseQuery(query)).split('&')

describe('serialiseQuery (docs/spec.md §7)', () => {
	test('nested objects in bracket notation', () => {
		expect(decoded({ oFilter: { nYear: 2026, oRange: { nFrom: 1 } } })).toEqual(['oFilter[nYear]=2026', 'oFilter[oRange][nFrom]=1'])
	})

	test('arrays with indexes, also arrays of objects', () => {
		expect(decoded({ aMonths: [3, 4], aSort: [{ sField: 'dDate' }] })).toEqual(['aMonths[0]=3', 'aMonths[1]=4', 'aSort[0][sField]=dDate'])
	})

	test('null and undefined are skipped at any depth; false, 0 and empty strings are kept', () => {
		expect(serialiseQuery({ a: null, b: undefined, o: { c: null, d: undefined } })).toBe('')
		expect(decoded({ a: false, b: 0, c: '' })).toEqual(['a=false', 'b=0', 'c='])
	})

	test('dates as ISO strings; reserved characters are encoded', () => {
		expect(decoded({ dFrom: new Date('2026-03-01T00:00:00Z') })).toEqual(['dFrom=2026-03-01T00:00:00.000Z'])
		expect(serialiseQuery({ sSearch: 'a&b=c %_' })).toBe('sSearch=a%26b%3Dc+%25_')
	})
})

describe('parseQuery', () => {
	const parse = (search: string) => parseQuery(new URLSearchParams(search))

	test('reads what serialiseQuery writes', () => {
		expect(parse(serialiseQuery({ oFilter: { nYear: 2026, sSearch: 'gst' }, aIds: [1, 2], oPaging: { nPage: 2 } }))).toEqual({
			oFilter: { nYear: '2026', sSearch: 'gst' },
			aIds: ['1', '2'],
			oPaging: { nPage: '2' },
		})
	})

	test('`a[]=` appends; indexes are ordered and gaps close', () => {
		expect(parse('a[]=x&a[]=y')).toEqual({ a: ['x', 'y'] })
		expect(parse('a[5]=z&a[1]=y')).toEqual({ a: ['y', 'z'] })
	})

	test('prototype keys are plain data', () => {
		const query = parse('__proto__[polluted]=1&o[constructor][prototype]=2')
		expect(Object.getPrototypeOf(query)).toBe(Object.prototype)
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		expect(Object.keys(query)).toEqual(['__proto__', 'o'])
	})

	test.each([
		['a=1&a=2', 'given twice'],
		['a=1&a[b]=2', 'conflicts'],
		['a[0]=1&a[b]=2', 'conflicts'],
		['a[b]=1&a[0]=2', 'conflicts'],
		['a[1000]=1', 'bad index'],
		['a[b]c=1', 'malformed'],
		['[a]=1', 'malformed'],
		['a[b][c][d][e]=1', 'too deeply'],
		[Array.from({ length: 51 }, (_, i) => `k${i}=1`).join('&'), 'Too many'],
	])('%s is refused (%s)', (search, reason) => {
		expect(() => parse(search)).toThrow(QueryError)
		expect(() => parse(search)).toThrow(reason)
	})

	test('any nested value survives a round trip (leaves become strings)', () => {
		const key = fc.stringMatching(/^[a-zA-Z]\w{0,6}$/)
		const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean())
		const value = fc.oneof(leaf, fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }), fc.array(leaf, { minLength: 1, maxLength: 3 }))
		fc.assert(
			fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (query) => {
				const asStrings = JSON.parse(JSON.stringify(query, (_, v) => (typeof v === 'object' ? v : String(v))))
				expect(parse(serialiseQuery(query))).toEqual(asStrings)
			}),
		)
	})
})
