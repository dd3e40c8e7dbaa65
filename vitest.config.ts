import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
		globalSetup: ['tests/setup/test-keys.ts'],
		setupFiles: ['tests/setup/env.ts'],
		// Each file gets its own database; files run in separate workers.
		pool: 'forks',
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
})
