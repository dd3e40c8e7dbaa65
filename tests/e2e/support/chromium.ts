import { existsSync } from 'node:fs'

/** Debian's Chromium (no downloaded browser builds on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function chromiumLaunchOptions() {
	if (!existsSync(CHROMIUM_PATH)) {
		throw new Error(`No Chromium at ${CHROMIUM_PATH}. Install Debian's: apt-get install -y chromium (or set CHROMIUM_PATH).`)
	}
	return {
		executablePath: CHROMIUM_PATH,
		// This machine has no network beyond loopback: keep Chromium from calling home.
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	}
}
