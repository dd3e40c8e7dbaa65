import { CHROMIUM_PACKAGES, findChromium } from './chromium-binary.mjs'

export function chromiumLaunchOptions() {
	const executablePath = findChromium()
	if (!executablePath) {
		throw new Error(`No Chromium found. Install Debian's: apt-get install -y ${CHROMIUM_PACKAGES[0]!.name} (or set CHROMIUM_PATH).`)
	}
	return {
		executablePath,
		// This machine has no network beyond loopback: keep Chromium from calling home.
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	}
}
