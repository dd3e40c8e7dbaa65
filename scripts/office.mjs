// `npm run office -- <command>`: the office's staff-user commands (app/api/office/cli.ts), run
// through Vite's loader (scripts/vite-loader.mjs). In the production container staff users come
// from OFFICE_USERS instead (decision 0019).
import { withModule } from './vite-loader.mjs'

try {
	process.exitCode = await withModule('/app/api/office/cli.ts', ({ main }) => main(process.argv.slice(2)))
} catch (error) {
	console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
	process.exitCode = 1
}
