/**
 * A return address is only ever a path on this site: anything that could leave it
 * (`//evil.example`, `https://…`, `/\evil`) falls back to `fallback`. The check is made on the
 * path that is returned, after the URL parser has normalised it: `/.//evil.example` and
 * `/a/..//evil.example` normalise to `//evil.example`, which a browser reads as another site.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string) {
	if (!value || !value.startsWith('/') || value.includes('\\')) return fallback
	try {
		const url = new URL(value, 'http://portal.invalid')
		if (url.origin !== 'http://portal.invalid') return fallback
		const path = `${url.pathname}${url.search}${url.hash}`
		return path.startsWith('//') || path.includes('\\') ? fallback : path
	} catch {
		return fallback
	}
}
