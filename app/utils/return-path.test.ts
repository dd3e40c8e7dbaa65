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
])('%s → %s', (value, expected) => {
	expect(safeReturnPath(value, '/')).toBe(expected)
})
