import { describe, expect, test } from 'vitest'
import { contentSecurityPolicy, isCrossOriginWrite, securityHeaders } from './security'

describe('securityHeaders', () => {
	test('an enforced CSP with the nonce, and no inline scripts', () => {
		const csp = contentSecurityPolicy({ nonce: 'abc123', dev: false })
		const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))
		expect(scriptSrc).toBe("script-src 'nonce-abc123' 'strict-dynamic' 'self'")
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
		expect(csp).not.toContain('unsafe-inline')
		expect(csp).not.toContain('unsafe-eval')
	})

	test('HSTS only over https', () => {
		expect(securityHeaders({ nonce: 'n', https: true, dev: false, path: '/' })['Strict-Transport-Security']).toMatch(/^max-age=\d{8}/)
		expect(securityHeaders({ nonce: 'n', https: false, dev: false, path: '/' })).not.toHaveProperty('Strict-Transport-Security')
	})

	test('nosniff, a referrer policy and no framing', () => {
		const headers = securityHeaders({ nonce: 'n', https: false, dev: false, path: '/' })
		expect(headers['X-Content-Type-Options']).toBe('nosniff')
		expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['X-Frame-Options']).toBe('DENY')
	})

	test('the camera for the office’s own pages only (its door scans tickets); nothing else anywhere', () => {
		const policy = (path: string) => securityHeaders({ nonce: 'n', https: false, dev: false, path })['Permissions-Policy']
		expect(policy('/office/events/7/check-in')).toBe('camera=(self), microphone=(), geolocation=(), payment=()')
		expect(policy('/office')).toMatch(/^camera=\(self\),/)
		expect(policy('/')).toBe('camera=(), microphone=(), geolocation=(), payment=()')
		expect(policy('/officers')).toMatch(/^camera=\(\),/)
		expect(policy('/events/event-details/7')).toMatch(/^camera=\(\),/)
	})
})

describe('isCrossOriginWrite', () => {
	const allowed = new Set(['https://portal.example.org'])
	test.each([
		['POST', { secFetchSite: 'cross-site' }, true],
		['POST', { secFetchSite: 'same-site' }, true],
		['PUT', { origin: 'https://evil.example' }, true],
		['POST', { origin: 'null' }, true],
		['DELETE', { secFetchSite: 'same-origin', origin: 'https://portal.example.org' }, false],
		['POST', { secFetchSite: 'same-origin' }, false],
		['POST', { origin: 'https://portal.example.org' }, false],
		// Server-to-server API calls carry neither header.
		['POST', {}, false],
		['GET', { secFetchSite: 'cross-site', origin: 'https://evil.example' }, false],
	] as const)('%s %j → refused: %s', (method, headers, refused) => {
		expect(isCrossOriginWrite(method, headers, allowed)).toBe(refused)
	})
})
