// Text the database can hold (decision 0041). PostgreSQL stores no NUL (U+0000) in text, and a
// lone UTF-16 surrogate has no UTF-8 form: it fails in JSON columns and is silently replaced
// elsewhere. The API refuses both wherever it reads input (app/api/http.ts), for every field at
// once, so no field's schema needs to repeat the rule and the page forms get the same refusal.

export const UNSTORABLE_TEXT_MESSAGE = 'This holds a character that cannot be saved (a null character or half of an emoji): please type it again.'

// With the u flag a well-formed pair reads as one code point, so only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text)

/**
 * Field errors for every string (or key) in `value` the database cannot hold: a JSON value, a
 * parsed query or a multipart form. They are keyed like zod's field errors (`oFilter.sSearch`,
 * `aBody.0`; `form` for the value itself); undefined when there are none. It walks with a list,
 * not recursion, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextErrors(value: unknown): Record<string, string[]> | undefined {
	const errors: Record<string, string[]> = {}
	const pending: [unknown, string][] = [[value, '']]
	const refuse = (path: string) => (errors[path || 'form'] = [UNSTORABLE_TEXT_MESSAGE])
	for (let next = pending.pop(); next; next = pending.pop()) {
		const [item, path] = next
		if (typeof item === 'string') {
			if (!isStorableText(item)) refuse(path)
			continue
		}
		if (typeof item !== 'object' || item === null || item instanceof Blob) continue
		const children = item instanceof FormData || Array.isArray(item) ? item.entries() : Object.entries(item)
		for (const [key, child] of children as Iterable<[string | number, unknown]>) {
			if (typeof key === 'string' && !isStorableText(key)) refuse(path)
			else pending.push([child, path ? `${path}.${key}` : String(key)])
		}
	}
	return Object.keys(errors).length > 0 ? errors : undefined
}
