/**
 * A return address is only ever a path on this site: anything that could leave it
 * (`//evil.example`, `https://…`, `/\evil`) falls back to `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string) {
	if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
	try {
		const url = new URL(value, 'http://portal.invalid')
		if (url.origin !== 'http://portal.invalid') return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}
