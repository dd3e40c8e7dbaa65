// The browser build runs Preact's React-compatible runtime in place of React (decision 0035): the
// same components and hooks in a sixth of the bytes. The server still renders with React, and
// `npm run dev` keeps React in the browser for its warnings and fast refresh.
import type { Plugin } from 'vite'

const BROWSER_MODULES: Record<string, string> = {
	react: 'preact/compat',
	'react-dom': 'preact/compat',
	'react-dom/client': new URL('./app/browser/react-dom-client.ts', import.meta.url).pathname,
	'react/jsx-runtime': 'preact/compat/jsx-runtime',
}

export function preactInTheBrowser(): Plugin {
	return {
		name: 'preact-in-the-browser',
		apply: 'build',
		enforce: 'pre',
		resolveId(id, importer, options) {
			const target = this.environment.name === 'client' ? BROWSER_MODULES[id] : undefined
			return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : undefined
		},
	}
}
