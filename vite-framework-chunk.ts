// Puts React, React DOM and React Router into one chunk of the client build, `framework-[hash].js`
// (decision 0038): every hydrated page loads all three, the file stays cached across releases that
// change only the portal's code, and the script budget tells the framework from the portal's own
// code by this name (tests/e2e/support/script-budget.ts).
import type { Plugin } from 'vite'

const FRAMEWORK_PACKAGES = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//

export function frameworkChunk(): Plugin {
	return {
		name: 'framework-chunk',
		// Merged into React Router's output options for the client, which keep its file names.
		configEnvironment(name) {
			if (name !== 'client') return
			return { build: { rollupOptions: { output: { manualChunks: (id) => (FRAMEWORK_PACKAGES.test(id) ? 'framework' : undefined) } } } }
		},
	}
}
