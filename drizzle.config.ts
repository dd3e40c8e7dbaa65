import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: './app/api/db/schema/index.ts',
	out: './app/api/db/migrations',
})
