import fc from 'fast-check'
import { expect, test } from 'vitest'
import { safeReturnPath } from './return-path'

test.each([
	['/member/cpe', '/member/cpe'],
	['/events?month=2026-11#top', '/events?month=2026-11#top'],
	['//evil.example/x', '/'],
	['/\\evil.example', '/'],
	['https://evil.example/', '/'],
	['javascript:alert(1)', '/'],
	['member/cpe', '/'],
	['', '/'],
	[null, '/'],
	// Paths the URL parser normalises into a network path.
	['/.//evil.test', '/'],
	['/%2e//evil.test', '/'],
	['/a/..//evil.test', '/'],
	['/./%2e/..//evil.test/x', '/'],
])('%s → %s', (value, expected) => {
	expect(safeReturnPath(value, '/')).toBe(expected)
})

test('whatever comes in, what goes out is a path on this site', () => {
	const segment = fc.constantFrom('', '.', '..', '%2e', '%2E', '%2e%2e', '/', '\\', 'evil.test', 'a', '%2f', '@', ':', '?x=//y', '#//z')
	fc.assert(
		fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
			const out = safeReturnPath(`/${parts.join('/')}`, '/')
			expect(out.startsWith('/')).toBe(true)
			expect(out.startsWith('//')).toBe(false)
			expect(out.includes('\\')).toBe(false)
			// And the browser resolves it to this site.
			expect(new URL(out, 'https://portal.example').origin).toBe('https://portal.example')
		}),
		{ numRuns: 2000 },
	)
})
