import { defineConfig } from 'vitest/config'

/**
 * Test files that change what the whole process shares (the runtime, the sign-in threads, the
 * environment): each runs in a module graph of its own. The rest share their worker's loaded
 * modules (`isolate: false`), which saves importing the API again for every file: most of the
 * run's time otherwise. Each file still makes its own database.
 */
const PROCESS_WIDE = ['app/.server/session.test.ts', 'app/routes/login.test.ts', 'tests/unit/sign-in-pages-busy.test.ts']

export default defineConfig({
	resolve: { alias: { '~': new URL('./app', import.meta.url).pathname, '#tests': new URL('./tests', import.meta.url).pathname } },
	test: {
		globalSetup: ['tests/setup/test-keys.ts', 'tests/setup/database-template.ts'],
		setupFiles: ['tests/setup/env.ts'],
		// Files run in separate workers. The tests wait on their database and on hashing threads
		// about as much as they compute: four workers keep two cores busy.
		pool: 'forks',
		maxWorkers: 4,
		testTimeout: 30_000,
		hookTimeout: 60_000,
		projects: [
			{
				extends: true,
				test: { name: 'shared', include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'], exclude: PROCESS_WIDE, isolate: false },
			},
			{ extends: true, test: { name: 'own', include: PROCESS_WIDE } },
		],
	},
})
