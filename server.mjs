// Starts the portal: `node server.mjs` serves the production build, `--dev` the Vite dev server.
// Everything else (headers, API, pages) lives in server/app.ts, built with the app.
import http from 'node:http'
import { createRequire } from 'node:module'
import v8 from 'node:v8'
import express from 'express'

// V8 lets its heap grow up to four times what survived the last full collection before collecting
// again. Under a steady stream of requests most of that is garbage: the portal's RSS swung between
// 340 and 490 MB. Growing by half at most keeps it near 350 MB for about the same CPU (decision 0034).
// V8 reads the factor at each collection, so setting it first thing here applies to every way of starting.
v8.setFlagsFromString('--heap-growing-percent=50')

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)

// The built portal always runs React's production build (react-dom picks it by NODE_ENV when first
// loaded); only `--dev` serves development. Whether this is the branch going live is the
// operator's NODE_ENV=production or DEPLOYMENT: the NODE_ENV given is kept for the configuration
// (app/.server/config.ts), which refuses a DEPLOYMENT that contradicts it, before NODE_ENV is set for React.
if (!dev) {
	process.env.OPERATOR_NODE_ENV = process.env.NODE_ENV ?? ''
	process.env.DEPLOYMENT ||= process.env.NODE_ENV === 'production' ? 'live' : 'trial'
	process.env.NODE_ENV = 'production'
}

async function loadApp() {
	if (!dev) return import('./build/server/index.js')
	const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
	const server = express()
	server.use(vite.middlewares)
	// Load once now so a configuration error stops the start, then per request for fresh code.
	const first = await vite.ssrLoadModule('./server/app.ts')
	server.use(async (req, res, next) => {
		try {
			const { handle } = await vite.ssrLoadModule('./server/app.ts')
			return handle(req, res, next)
		} catch (error) {
			if (error instanceof Error) vite.ssrFixStacktrace(error)
			next(error)
		}
	})
	return { handle: server, shutdown: first.shutdown }
}

/** Which React build was actually loaded, read from Node's module cache (not from a setting). */
function reactBuild() {
	const loaded = Object.keys(createRequire(import.meta.url).cache)
	return loaded.some((file) => /react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/.test(file)) ? 'production' : 'development'
}

try {
	const { handle, shutdown } = await loadApp()
	const server = http
		.createServer(handle)
		.listen(port, () =>
			console.log(
				`Branch portal listening on http://localhost:${port} (${dev ? 'development' : `${process.env.DEPLOYMENT} deployment`}, React ${reactBuild()} build)`,
			),
		)
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
