// `node scripts/bench-mail.mjs [--subscribers N] [--mail-rate R]`: an issue to N subscribers (10,000)
// through the job queue to an SMTP sink, at up to R mails a second (1000: the pipeline's own speed;
// a real deployment paces at MAIL_RATE_PER_SECOND, 5 by default). Prints the result as one JSON line.
import { createServer } from 'vite'

const args = process.argv.slice(2)
const argValue = (name, fallback) => {
	const at = args.indexOf(name)
	return at >= 0 ? Number(args[at + 1]) : fallback
}

const vite = await createServer({
	configFile: false,
	appType: 'custom',
	logLevel: 'error',
	resolve: { alias: { '~': new URL('../app', import.meta.url).pathname } },
	server: { middlewareMode: true, hmr: false, watch: null },
	optimizeDeps: { noDiscovery: true, include: [] },
})
try {
	const { benchBulkSend } = await vite.ssrLoadModule('/scripts/bench-mail.ts')
	const result = await benchBulkSend({ subscribers: argValue('--subscribers', 10_000), ratePerSecond: argValue('--mail-rate', 1000) })
	console.log(JSON.stringify(result))
} finally {
	await vite.close()
}
