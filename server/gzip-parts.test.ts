// Gzip streams joined from parts compressed once: they unzip to the parts joined by the value,
// and compress about as well as zipping the whole page, since a part refers back to earlier ones.
import { randomBytes } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { compressParts, gzipJoined } from './gzip-parts'

const row = (n: number) => `<li><a href="/events/event-details/${n}">Event ${n}</a><span class="text-sm text-slate-600">Seminar hall</span></li>`
const page = [
	`<!doctype html><html lang="en"><head><script type="module" nonce="`,
	`"></script><ul>${Array.from({ length: 300 }, (_, n) => row(n)).join('')}</ul><script nonce="`,
	`">window.__context = ${JSON.stringify(Array.from({ length: 100 }, (_, n) => ({ id: n, title: `Event ${n}`, venue: 'Seminar hall' })))}</script><script nonce="`,
	'"></script></body></html>',
].map((part) => Buffer.from(part))

test('the joined stream unzips to the parts with the value between them, and is about as small as the whole zipped', () => {
	const compressed = compressParts(page, 24)
	for (const value of [randomBytes(16).toString('base64'), randomBytes(16).toString('base64')]) {
		const gzipped = Buffer.concat(gzipJoined(compressed, Buffer.from(value)))
		const whole = page.map(String).join(value)
		// gunzipSync checks the stream's CRC and length too.
		expect(gunzipSync(gzipped).toString()).toBe(whole)
		expect(gzipped.length).toBeLessThan(gzipSync(whole).length * 1.1)
	}
})

test('a value of another length than the one compressed for is refused', () => {
	expect(() => gzipJoined(compressParts(page, 24), Buffer.from('short'))).toThrow(/5 bytes where 24/)
})
