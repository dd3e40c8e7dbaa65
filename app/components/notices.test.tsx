import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { ALERT_HIDE_MS, TOAST_HIDE_MS } from '~/contract/constants'
import { Notices } from './notices'

describe('Notices', () => {
	test('an alert is announced and hides itself as an alert', () => {
		const html = renderToStaticMarkup(<Notices alert={{ id: '1', kind: 'error', text: 'Authentication failed', variant: 'alert' }} />)
		expect(html).toContain('role="alert"')
		expect(html).toContain('autohide-alert')
		expect(html).toContain('Authentication failed')
	})

	test('a toast hides itself as a toast', () => {
		const html = renderToStaticMarkup(<Notices alert={{ id: '2', kind: 'success', text: 'Saved', variant: 'toast' }} />)
		expect(html).toContain('role="status"')
		expect(html).toContain('autohide-toast')
	})

	test('nothing to say renders an empty live region', () => {
		expect(renderToStaticMarkup(<Notices alert={null} />)).toMatch(/^<div aria-live="polite"[^>]*><\/div>$/)
	})
})

// The hiding is done by CSS so it works without JavaScript: its timing must be the spec's.
test.each([
	['alert', ALERT_HIDE_MS],
	['toast', TOAST_HIDE_MS],
])('the %s animation ends after %i ms', (variant, ms) => {
	const css = readFileSync(new URL('../app.css', import.meta.url), 'utf8')
	const rule = new RegExp(`\\.autohide-${variant} \\{\\s*animation: autohide (\\d+)ms ease-in (\\d+)ms forwards;`).exec(css)
	expect(rule).not.toBeNull()
	expect(Number(rule?.[1]) + Number(rule?.[2])).toBe(ms)
})
