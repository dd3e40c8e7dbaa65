// `node scripts/bench-rush.mjs [--seats N] [--people M] [--window S]`: M members registering for N
// seats within S seconds (100, 500, 60; 0: all at once), free and paid online. Prints the result as one JSON line.
import { withModule } from './vite-loader.mjs'

const args = process.argv.slice(2)
const argValue = (name, fallback) => {
	const at = args.indexOf(name)
	return at >= 0 ? Number(args[at + 1]) : fallback
}

const result = await withModule('/scripts/bench-rush.ts', ({ benchRush }) =>
	benchRush({ seats: argValue('--seats', 100), people: argValue('--people', 500), windowSeconds: argValue('--window', 60) }),
)
console.log(JSON.stringify(result))
