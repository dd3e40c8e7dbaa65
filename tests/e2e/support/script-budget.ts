// The project's script budget, and how much of it a document uses.
import { gzipSync } from 'node:zlib'
import type { APIRequestContext } from '@playwright/test'

/** The budget: JavaScript a page loads, gzip -9. */
export const JS_BUDGET_BYTES = 110 * 1024

/** The gzipped size of every script a document loads or preloads, following static imports. */
export async function scriptBytes(request: APIRequestContext, html: string, pageUrl: string) {
	const pending = [
		...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!),
		...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!),
	].map((src) => new URL(src, pageUrl).href)
	const inline = [...html.matchAll(/<script\b[^>]*>([^<]+)<\/script>/g)].map((match) => match[1]!)
	let bytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0)
	const seen = new Set<string>()
	for (let url = pending.pop(); url; url = pending.pop()) {
		if (seen.has(url)) continue
		seen.add(url)
		const code = await (await request.get(url)).text()
		bytes += gzipSync(code, { level: 9 }).length
		for (const [, specifier] of code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) pending.push(new URL(specifier!, url).href)
	}
	return bytes
}
