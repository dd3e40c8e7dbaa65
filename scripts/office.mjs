// `npm run office -- <command>`: the office's staff-user commands (app/api/office/cli.ts).
// The TypeScript runs through Vite's server-side loader, as `npm run dev` runs the portal, so no
// second build is needed. Vite is a development dependency: in the production container, staff
// users come from OFFICE_USERS instead (decision 0019).
import { createServer } from 'vite'

const vite = await createServer({
	configFile: false,
	appType: 'custom',
	logLevel: 'error',
	resolve: { alias: { '~': new URL('../app', import.meta.url).pathname } },
	server: { middlewareMode: true, hmr: false, watch: null },
	optimizeDeps: { noDiscovery: true, include: [] },
})
try {
	const { main } = await vite.ssrLoadModule('/app/api/office/cli.ts')
	process.exitCode = await main(process.argv.slice(2))
} catch (error) {
	console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
	process.exitCode = 1
} finally {
	await vite.close()
}
