import { expect, type Page } from '@playwright/test'
import axe from 'axe-core'

async function runAxe(page: Page) {
	const violations = await page.evaluate(async (source) => {
		;(0, eval)(source)
		const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
			runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
		})
		return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
	}, axe.source)
	expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

/**
 * Runs axe-core on the page as it stands. With JavaScript disabled Chromium runs no timers, so
 * axe cannot finish in that page; since such a page is exactly its server HTML, the current DOM
 * (scripts left out) is checked in a scratch page at the same address and viewport instead.
 */
export async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean) {
	// The address changes when a navigation commits, before its document has arrived: check the whole page.
	await page.waitForLoadState('load')
	if (javaScriptEnabled) return runAxe(page)
	const html = await page.evaluate(() => {
		const copy = document.documentElement.cloneNode(true) as HTMLElement
		for (const el of copy.querySelectorAll('script, link[rel="modulepreload"]')) el.remove()
		return `<!DOCTYPE html>${copy.outerHTML}`
	})
	const browser = page.context().browser()
	if (!browser) throw new Error('No browser to open a scratch page in')
	const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true })
	try {
		const scratch = await context.newPage()
		const url = page.url()
		await scratch.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
		await scratch.goto(url)
		await runAxe(scratch)
	} finally {
		await context.close()
	}
}
