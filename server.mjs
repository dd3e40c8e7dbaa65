// Starts the portal: `node server.mjs` serves the production build, `--dev` the Vite dev server.
// Everything else (headers, API, pages) lives in server/app.ts, built with the app.
import express from 'express'

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)

async function loadApp() {
	if (!dev) return import('./build/server/index.js')
	const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
	const server = express()
	server.use(vite.middlewares)
	// Load once now so a configuration error stops the start, then per request for fresh code.
	const first = await vite.ssrLoadModule('./server/app.ts')
	server.use(async (req, res, next) => {
		try {
			const { app } = await vite.ssrLoadModule('./server/app.ts')
			return app(req, res, next)
		} catch (error) {
			if (error instanceof Error) vite.ssrFixStacktrace(error)
			next(error)
		}
	})
	return { app: server, shutdown: first.shutdown }
}

try {
	const { app, shutdown } = await loadApp()
	const server = app.listen(port, () => console.log(`Branch portal listening on http://localhost:${port}`))
	const stop = () => {
		server.close(() => shutdown().finally(() => process.exit(0)))
		server.closeIdleConnections()
	}
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
} catch (error) {
	// A configuration error names the variable; anything else keeps its stack.
	console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error)
	process.exit(1)
}
