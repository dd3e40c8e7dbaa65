import { expect, type Page } from '@playwright/test'
import axe from 'axe-core'

/**
 * Runs axe-core in the page. Playwright evaluates in the page even when its scripts are
 * disabled, so the check runs in both JavaScript modes.
 */
export async function expectNoAxeViolations(page: Page) {
	const violations = await page.evaluate(async (source) => {
		;(0, eval)(source)
		const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
			runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
		})
		return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
	}, axe.source)
	expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}
