// The project's script budget (decision 0038), and how much of it a document uses.
import { gzipSync } from 'node:zlib'
import { expect, test, type APIRequestContext } from '@playwright/test'

const KB = 1024

/** An anonymous visitor's public page: the island, no React (decision 0032). */
export const ISLAND_BUDGET_BYTES = 10 * KB

/** A hydrated page: everything it loads, and the part of it that is the portal's own code. */
export const HYDRATED_BUDGET_BYTES = { total: 155 * KB, ownCode: 40 * KB }

/** React, React DOM and React Router: one chunk of the client build (vite-framework-chunk.ts). */
const FRAMEWORK_FILE = /\/assets\/framework-[\w-]+\.js$/

export type ScriptBytes = { total: number; ownCode: number }

const gzipped = (code: string) => gzipSync(code, { level: 9 }).length

/**
 * The gzipped size of every script a document loads or preloads, following static imports, and
 * how much of it is beyond the framework (inline scripts, the route manifest and every other file).
 */
export async function scriptBytes(request: APIRequestContext, html: string, pageUrl: string): Promise<ScriptBytes> {
	const pending = [
		...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!),
		...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!),
	].map((src) => new URL(src, pageUrl).href)
	const inline = [...html.matchAll(/<script\b[^>]*>([^<]+)<\/script>/g)].map((match) => match[1]!)
	const bytes = { total: 0, ownCode: 0 }
	const add = (code: string, framework: boolean) => {
		const size = gzipped(code)
		bytes.total += size
		if (!framework) bytes.ownCode += size
	}
	for (const code of inline) add(code, false)
	const seen = new Set<string>()
	for (let url = pending.pop(); url; url = pending.pop()) {
		if (seen.has(url)) continue
		seen.add(url)
		const code = await (await request.get(url)).text()
		add(code, FRAMEWORK_FILE.test(new URL(url).pathname))
		for (const [, specifier] of code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g))
			pending.push(new URL(specifier!, url).href)
	}
	return bytes
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** Shown with the test's result: `npx playwright test` lists it, the HTML and JSON reports keep it. */
export function reportScriptBytes(path: string, { total, ownCode }: ScriptBytes) {
	const description = `${path}: ${kb(total)} in all, ${kb(ownCode)} own code (gzip)`
	test.info().annotations.push({ type: 'script bytes', description })
	console.log(`script bytes ${description}`)
}

/** Measures a hydrated page's scripts, reports both figures and checks each against its budget. */
export async function expectHydratedWithinBudget(request: APIRequestContext, html: string, pageUrl: string) {
	const path = new URL(pageUrl).pathname + new URL(pageUrl).search
	const bytes = await scriptBytes(request, html, pageUrl)
	reportScriptBytes(path, bytes)
	expect.soft(bytes.total, `${path}: all scripts`).toBeLessThanOrEqual(HYDRATED_BUDGET_BYTES.total)
	expect.soft(bytes.ownCode, `${path}: the portal's own code`).toBeLessThanOrEqual(HYDRATED_BUDGET_BYTES.ownCode)
}
