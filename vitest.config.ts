import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		globalSetup: ['tests/setup/test-keys.ts', 'tests/setup/database-template.ts'],
		setupFiles: ['tests/setup/env.ts'],
		// Each file gets its own database; files run in separate workers. The tests wait on their
		// database and on hashing threads about as much as they compute: four workers keep two cores busy.
		pool: 'forks',
		maxWorkers: 4,
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
})
