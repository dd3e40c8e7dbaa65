// The import boundaries of eslint.config.js, tried on planted imports: each forbidden import is an
// error with its reason, and the imports the code base relies on stay allowed.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') })

/** What the boundary rules say about `code` as if it were the file at `filePath`. */
async function boundaryMessages(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
	const messages = result!.messages
	// Anything else (a parse error, an unused import) would make the planted code prove nothing.
	expect(messages.filter((message) => message.ruleId !== 'no-restricted-imports' && message.ruleId !== 'no-restricted-syntax')).toEqual([])
	return messages.map((message) => message.message)
}
const importing = (specifier: string) => `import { x } from '${specifier}'\nexport const y = x\n`

const API = 'The API (app/api) does not depend on the portal'
const CONTRACT = 'app/contract is what the API and the portal share'
const UTILS = 'app/utils is loaded by the API'
const SERVER_CODE = 'it never imports server code'
const COMPONENT_API = 'components never import it'
const ROUTE_API = 'a route module reaches it through app/.server'
const SERVER_UI = 'Server modules do not depend on the UI'
const SHORTEST = 'shortest form'
const ISLAND = 'it is plain DOM code'

describe('forbidden imports are errors that say why', () => {
	test.each([
		// The API never imports the portal, however the path is written.
		['app/api/events/service.ts', '~/.server/session', API],
		['app/api/events/service.ts', '../../.server/session', API],
		['app/api/events/service.ts', 'app/.server/session', API],
		['app/api/events/service.ts', '../../../app/routes/login', API],
		['app/api/app.ts', '../routes/login', API],
		['app/api/app.ts', '~/routes', API],
		['app/api/app.ts', '../root', API],
		['app/api/office/events/routes.ts', '../../../components/footer', API],
		['app/api/events/service.ts', '~/api/../routes/login', SHORTEST],
		['app/api/events/service.ts', '../.././../routes/login', SHORTEST],
		// Components never import server code or the API.
		['app/components/x.tsx', '../.server/x', SERVER_CODE],
		['app/components/x.tsx', '~/.server/session', SERVER_CODE],
		['app/components/office/x.tsx', './thing.server', SERVER_CODE],
		['app/components/x.tsx', '~/api/app', COMPONENT_API],
		['app/components/office/x.tsx', '../../api/db/schema', COMPONENT_API],
		// The contract imports neither the API nor the portal.
		['app/contract/events.ts', '../api/app', CONTRACT],
		['app/contract/events.ts', '~/api/db/schema', CONTRACT],
		['app/contract/events.ts', '~/components/footer', CONTRACT],
		['app/contract/events.ts', '~/utils/event-format', CONTRACT],
		['app/contract/events.ts', '~/.server/session', SERVER_CODE],
		// app/utils, which the API and the browser both load, stays free of both server sides.
		['app/utils/event-format.ts', '~/api/app', UTILS],
		['app/utils/event-format.ts', '../.server/session', SERVER_CODE],
		// Route modules reach the API only through app/.server.
		['app/routes/login.tsx', '~/api/app', ROUTE_API],
		['app/routes/office/staff.tsx', '../../api/office/staff', ROUTE_API],
		['app/root.tsx', './api/app', ROUTE_API],
		// Server modules do not reach into the UI.
		['app/.server/session.ts', '~/components/newsletter-form', SERVER_UI],
		['app/.server/session.ts', '../routes/login', SERVER_UI],
		// The island is what anonymous visitors get instead of React: no React, no server code.
		['app/island/main.ts', 'react', ISLAND],
		['app/island/main.ts', 'react-router', ISLAND],
		['app/island/photo-viewer.ts', '@conform-to/react', ISLAND],
		['app/island/main.ts', '~/.server/island', SERVER_CODE],
		// Deeper than the rules read relative paths: climbing that far is refused.
		['app/api/a/b/c/d/e/f/g/x.ts', '../../../../../../../routes/login', 'folders below app/'],
	])('%s importing %s', async (filePath, specifier, reason) => {
		const messages = await boundaryMessages(filePath, importing(specifier))
		expect(messages.length).toBeGreaterThan(0)
		expect(messages.join('\n')).toContain(reason)
	})

	test('a type-only import is refused too', async () => {
		expect(await boundaryMessages('app/components/footer.tsx', "import type { Config } from '~/.server/config'\nexport type C = Config\n")).toEqual([
			expect.stringContaining(SERVER_CODE),
		])
	})

	test('re-exports and dynamic imports are refused like imports', async () => {
		expect(await boundaryMessages('app/api/app.ts', "export { getSession } from '~/.server/session'\n")).toEqual([expect.stringContaining(API)])
		expect(await boundaryMessages('app/api/app.ts', "export * from '../components/footer'\n")).toEqual([expect.stringContaining(API)])
		expect(await boundaryMessages('app/components/x.tsx', "export const load = () => import('~/.server/runtime')\n")).toEqual([
			expect.stringContaining(SERVER_CODE),
		])
	})
})

describe('the imports the code base relies on are allowed', () => {
	test.each([
		['app/api/events/service.ts', '~/contract/events'],
		['app/api/events/service.ts', '../../contract/events'],
		['app/api/cpe/certificate.ts', '~/utils/event-format'],
		['app/api/events/service.ts', '../db/schema'],
		['app/api/app.ts', './media/routes'],
		['app/api/events/routes.test.ts', '../../../tests/setup/accounts'],
		['app/.server/runtime.ts', '~/api/app'],
		['app/.server/session.ts', '~/utils/page-data'],
		['app/routes/login.tsx', '~/.server/session'],
		['app/routes/login.tsx', '~/components/forms'],
		['app/routes/office/staff.tsx', '../../components/forms'],
		['app/routes/events-feed.server.ts', '~/api/app'],
		['app/root.tsx', './components/footer'],
		['app/entry.server.tsx', '~/api/app'],
		['app/components/x.tsx', '~/contract/events'],
		['app/components/x.tsx', '~/utils/page-data'],
		['app/components/x.tsx', 'react-dom/server'],
		['app/utils/x.ts', '~/contract/events'],
		['server/app.ts', '~/api/db/client'],
		['tests/setup/accounts.ts', '~/.server/accounts'],
	])('%s importing %s', async (filePath, specifier) => {
		expect(await boundaryMessages(filePath, importing(specifier))).toEqual([])
	})
})
