/**
 * React Router uses only the deepest route's `headers`; this keeps what the parent routes set
 * and adds this route's loader and action headers, appending (not replacing) Set-Cookie.
 */
export function mergeHeaders({ parentHeaders, loaderHeaders, actionHeaders }: { parentHeaders: Headers; loaderHeaders: Headers; actionHeaders?: Headers }) {
	const merged = new Headers(parentHeaders)
	for (const source of [loaderHeaders, actionHeaders]) {
		source?.forEach((value, key) => {
			if (key === 'set-cookie') return
			merged.set(key, value)
		})
		for (const cookie of source?.getSetCookie() ?? []) merged.append('set-cookie', cookie)
	}
	return merged
}
