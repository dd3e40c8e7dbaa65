// `node scripts/bench-mail.mjs [--subscribers N] [--mail-rate R]`: an issue to N subscribers (10,000)
// through the job queue to an SMTP sink, at up to R mails a second (1000: the pipeline's own speed;
// a real deployment paces at MAIL_RATE_PER_SECOND, 5 by default). Prints the result as one JSON line.
import { withModule } from './vite-loader.mjs'

const args = process.argv.slice(2)
const argValue = (name, fallback) => {
	const at = args.indexOf(name)
	return at >= 0 ? Number(args[at + 1]) : fallback
}

const result = await withModule('/scripts/bench-mail.ts', ({ benchBulkSend }) =>
	benchBulkSend({ subscribers: argValue('--subscribers', 10_000), ratePerSecond: argValue('--mail-rate', 1000) }),
)
console.log(JSON.stringify(result))
