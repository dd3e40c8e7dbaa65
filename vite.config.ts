import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { frameworkChunk } from './vite-framework-chunk'
import { islandEntry } from './vite-island-entry'
import { serverFiles } from './vite-server-files'

export default defineConfig({
	// The server build's entry is our Express app (server/app.ts), which wraps React Router's handler.
	environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
	resolve: {
		alias: [
			{ find: '~', replacement: new URL('./app', import.meta.url).pathname },
			// Exactly 'zod' (the wrapper itself imports 'zod/v4'): makes zod jitless in the browser.
			{ find: /^zod$/, replacement: new URL('./app/utils/zod-browser.ts', import.meta.url).pathname },
		],
	},
	// Anonymous visitors of public pages get the island script instead of React (decision 0032).
	plugins: [tailwindcss(), reactRouter(), islandEntry('./app/island/main.ts'), frameworkChunk(), serverFiles()],
})
