// Runs TypeScript modules of the project from a plain Node script through Vite's server-side
// loader, as `npm run dev` runs the portal, so no second build is needed. Vite is a development
// dependency: these scripts (the office CLI, the mail bench) are not for the production container.
import { createServer } from 'vite'

/** Loads `modulePath` (from the project root, e.g. '/app/api/office/cli.ts') and gives it to `run`. */
export async function withModule(modulePath, run) {
	const vite = await createServer({
		configFile: false,
		appType: 'custom',
		logLevel: 'error',
		resolve: { alias: { '~': new URL('../app', import.meta.url).pathname } },
		server: { middlewareMode: true, hmr: false, watch: null },
		optimizeDeps: { noDiscovery: true, include: [] },
	})
	try {
		return await run(await vite.ssrLoadModule(modulePath))
	} finally {
		await vite.close()
	}
}
