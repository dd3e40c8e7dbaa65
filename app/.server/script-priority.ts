import { Transform } from 'node:stream'

const PRELOAD = '<link rel="modulepreload"'
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'
const HEAD_END = '</head>'

/** How many characters at the end of `text` could be the start of `markup` that the next chunk completes. */
function partialAtEnd(text: string, markup: string) {
	for (let length = Math.min(markup.length - 1, text.length); length > 0; length--) {
		if (text.endsWith(markup.slice(0, length))) return length
	}
	return 0
}

/**
 * Passes a page's HTML through, asking the browser to fetch the scripts React Router preloads in
 * <head> at low priority. Every page is whole without its scripts (they only hydrate it), so on a
 * slow connection the stylesheet and the pictures should come first; at their default (high)
 * priority the scripts share the line with them and the first paint waits. Only the head is read:
 * from `</head>` on, the stream passes through untouched.
 *
 * The bytes are read as latin1, one character a byte: the markup searched for is ASCII, which no
 * byte of a multi-byte UTF-8 character can match, so a character cut in two by a chunk boundary
 * passes through intact.
 */
export function lowerScriptPreloadPriority() {
	let pending = ''
	let inHead = true
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (!inHead) return callback(null, chunk)
			const text = pending + chunk.toString('latin1')
			const headEnd = text.indexOf(HEAD_END)
			if (headEnd !== -1) {
				inHead = false
				pending = ''
				return callback(null, Buffer.from(text.slice(0, headEnd).replaceAll(PRELOAD, LOW_PRELOAD) + text.slice(headEnd), 'latin1'))
			}
			const replaced = text.replaceAll(PRELOAD, LOW_PRELOAD)
			const keep = Math.max(partialAtEnd(replaced, PRELOAD), partialAtEnd(replaced, HEAD_END))
			pending = replaced.slice(replaced.length - keep)
			const ready = replaced.slice(0, replaced.length - keep)
			callback(null, ready ? Buffer.from(ready, 'latin1') : undefined)
		},
		flush(callback) {
			callback(null, pending ? Buffer.from(pending, 'latin1') : undefined)
		},
	})
}
