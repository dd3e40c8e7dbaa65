import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowerScriptPreloadPriority } from './script-priority'

async function through(chunks: Buffer[]) {
	return text(Readable.from(chunks).pipe(lowerScriptPreloadPriority()))
}

/** The page cut into chunks of `size` bytes, as a stream may deliver it. */
function cut(html: string, size: number) {
	const bytes = Buffer.from(html)
	const chunks: Buffer[] = []
	for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
	return chunks
}

const page =
	'<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Branch’s events — ₹1,180</title>' +
	'<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/>' +
	'<link rel="stylesheet" href="/assets/app.css"/></head><body><p>Pune — “GST” ₹</p>' +
	'<link rel="modulepreload" href="/assets/late.js"/></body></html>'

const expected = page
	.replace('<link rel="modulepreload" href="/assets/a.js"', '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"')
	.replace('<link rel="modulepreload" href="/assets/b.js"', '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"')

describe('lowerScriptPreloadPriority', () => {
	it('asks for the scripts preloaded in the head at low priority and leaves the body alone', async () => {
		expect(await through([Buffer.from(page)])).toBe(expected)
	})

	it('gives the same page however the stream is cut, even inside a character or a preload', async () => {
		for (let size = 1; size <= 64; size++) expect(await through(cut(page, size)), `chunks of ${size}`).toBe(expected)
	})

	it('passes a page without preloads through unchanged', async () => {
		const plain = '<html><head><title>≤ 10 s</title></head><body>&lt;link rel="modulepreload"</body></html>'
		expect(await through(cut(plain, 7))).toBe(plain)
	})
})
