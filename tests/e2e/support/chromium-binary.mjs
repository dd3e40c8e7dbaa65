// Which Debian Chromium the end-to-end tests drive (Playwright must not download its own browser).
// Shared by `npm test`, which installs one when none is there, and the Playwright configuration.
import { existsSync } from 'node:fs'

/**
 * Debian's packages, preferred first. `chromium-headless-shell` is the same Chromium built for
 * headless use only (what Playwright itself runs headless): it needs about half the CPU per test of
 * the full browser, which on two cores is minutes of the suite.
 */
export const CHROMIUM_PACKAGES = [
	{ name: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
	{ name: 'chromium', path: '/usr/bin/chromium' },
]

/** CHROMIUM_PATH when set, else the first of Debian's packages installed; undefined when there is none. */
export function findChromium() {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	return CHROMIUM_PACKAGES.find((browser) => existsSync(browser.path))?.path
}
