// Response headers and the cross-origin POST check, applied to every response by server/app.ts.
import { randomBytes } from 'node:crypto'

const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let noncePoolOffset = 0

/** A fresh CSP nonce for each response: unpredictable, drawn from a pool so that asking the system for randomness happens once per 256 responses, not on every one. */
export function freshNonce() {
	if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
		noncePool = randomBytes(NONCE_BYTES * 256)
		noncePoolOffset = 0
	}
	noncePoolOffset += NONCE_BYTES
	return noncePool.toString('base64', noncePoolOffset - NONCE_BYTES, noncePoolOffset)
}

/**
 * `gatewayOrigins`: a payment gateway's pages (Razorpay's), which the checkout page opens in a
 * frame (Standard Checkout) or posts its form to (hosted checkout, without JavaScript).
 */
export function contentSecurityPolicy({ nonce, dev, gatewayOrigins = [] }: { nonce: string; dev: boolean; gatewayOrigins?: readonly string[] }) {
	const gateways = gatewayOrigins.map((origin) => ` ${origin}`).join('')
	return [
		"default-src 'self'",
		// 'strict-dynamic' lets the nonced entry script load its own chunks; nothing inline runs without the nonce.
		`script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
		// Vite's dev server injects styles from JavaScript; the production build links a CSS file.
		dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
		"img-src 'self' data: https:",
		"font-src 'self'",
		dev ? "connect-src 'self' ws:" : "connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		`form-action 'self'${gateways}`,
		...(gateways ? [`frame-src 'self'${gateways}`] : []),
		"frame-ancestors 'none'",
	].join('; ')
}

/**
 * No page may use the camera, microphone, location or payments, except that the office's pages may
 * use the camera themselves: its door page scans tickets. All of the office, not the door page alone,
 * since the policy is the document's, and the desk reaches the door by a client-side link.
 */
export const permissionsPolicy = (path: string) =>
	`camera=(${path === '/office' || path.startsWith('/office/') ? 'self' : ''}), microphone=(), geolocation=(), payment=()`

export function securityHeaders({
	nonce,
	https,
	dev,
	path,
	gatewayOrigins,
}: {
	nonce: string
	https: boolean
	dev: boolean
	path: string
	gatewayOrigins?: readonly string[]
}) {
	const headers: Record<string, string> = {
		'Content-Security-Policy': contentSecurityPolicy({ nonce, dev, gatewayOrigins }),
		'X-Content-Type-Options': 'nosniff',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Cross-Origin-Resource-Policy': 'same-origin',
		'Permissions-Policy': permissionsPolicy(path),
	}
	if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains'
	return headers
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request sent by a page of another origin. Browsers send
 * Sec-Fetch-Site (modern) or Origin (older) on such requests; server-to-server API calls send
 * neither and are let through, since a browser cannot be made to omit both.
 */
export function isCrossOriginWrite(method: string, headers: { secFetchSite?: string; origin?: string }, allowedOrigins: ReadonlySet<string>) {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	const site = headers.secFetchSite
	if (site && site !== 'same-origin' && site !== 'none') return true
	const origin = headers.origin
	if (origin === undefined) return false
	return !allowedOrigins.has(origin)
}
