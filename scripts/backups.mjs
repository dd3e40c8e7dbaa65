// `npm run backup` and `npm run restore -- FILE`: the portal's backups (app/api/backups/cli.ts),
// run through Vite's loader (scripts/vite-loader.mjs) as `npm run office` is.
import { withModule } from './vite-loader.mjs'

try {
	process.exitCode = await withModule('/app/api/backups/cli.ts', ({ main }) => main(process.argv.slice(2)))
} catch (error) {
	console.error(error)
	process.exitCode = 1
}
