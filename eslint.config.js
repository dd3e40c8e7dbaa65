import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Boundaries between the parts of app/. The API (app/api) stands alone: the portal reaches it only
// from server-only code (app/.server, *.server.* files, server/), which React Router keeps out of
// the browser bundle. What the browser loads (components, route modules, app/utils, app/contract)
// never imports server code, and neither the API nor the contract imports the portal's code.
//
// no-restricted-imports sees only the text of a specifier, so a relative one is read against the
// importing file's depth below app/: one block per part and depth, generated below.

/** Relative imports are read for files up to this many folders below app/; deeper files use ~/. */
const MAX_DEPTH = 6
const SOURCES = '*.{ts,tsx,js,mjs}'

/** How a specifier reaches app/ itself from a file `depth` folders below it: ~/, app/ (tsconfig's baseUrl), or relative. */
function toApp(depth) {
	const relative = depth === 0 ? String.raw`\./` : String.raw`(?:\.\./){${depth}}(?!\.\./)`
	return String.raw`^(?:~/|app/|${relative}|(?:\.\./){${depth + 1}}app/)`
}
/** Anything in app/ but these top-level entries. */
const outside = (...names) => `(?!(?:${names.join('|')})(?:/|$))`
/** These top-level entries of app/ (a folder, or a file such as root.tsx). */
const inside = (...names) => `(?:${names.join('|')})(?:[/.]|$)`

const SHORTEST_FORM = {
	// A `..` after a named segment, a `.` segment after the start, or `//`: `~/api/../routes` would pass for the API.
	regex: String.raw`^(?=\.{1,2}/|~/|app/)(?:.*//|.*/\.(?:/|$)|(?:.*/)?(?!\.\.(?:/|$))[^/]+/\.\.(?:/|$))`,
	message: 'Write a local import in its shortest form (no ./ or ../ after the start, no //), so the boundary rules can tell where it leads.',
}
/** For code the browser loads: no .server folder or *.server.* file, wherever it is. */
const SERVER_CODE = {
	regex: String.raw`^(?:\.{1,2}/|~/|app/).*\.server(?:\.[cm]?[jt]sx?)?(?:/|$)`,
	message:
		'This module is loaded in the browser: it never imports server code (.server folders, *.server.* files), not even a type. Put a shape both sides need in app/utils/page-data.ts or app/contract.',
}
/** Route modules are bundled for the browser too, less their server exports (loader, action, headers). */
const routeModule = (depth) => [
	{
		regex: toApp(depth) + inside('api'),
		message:
			'The API is server-only: a route module reaches it through app/.server (getRuntime, typedApi), never directly, so it stays out of the browser bundle.',
	},
]

/**
 * One door to the API for every page: the caller its middleware set
 * (`context.get(visitorContext | accountContext).api`, app/.server/caller.ts; the office's
 * `officeCaller(args, entry).api`, app/.server/office-caller.ts), never the client, the runtime or
 * a client of its own.
 */
const ONE_DOOR_MESSAGE =
	'A page calls the API only through the caller its middleware set: context.get(visitorContext).api or context.get(accountContext).api (app/.server/caller.ts), or officeCaller(args, entry).api in the office (app/.server/office-caller.ts), never the client, the runtime or a client of its own.'
const oneDoor = (depth) => [
	{ regex: toApp(depth) + String.raw`\.server/(?:runtime|api-client|typed-api)(?:\.[cm]?[jt]sx?)?$`, message: ONE_DOOR_MESSAGE },
	{ selector: 'MemberExpression[property.name=/^(?:callApi|__portalRuntime)$/]', message: ONE_DOOR_MESSAGE },
	{
		selector: String.raw`CallExpression[callee.name='fetch'] > :matches(Literal[value=/\/api(?:\/|$)/], TemplateLiteral:has(TemplateElement[value.raw=/\/api(?:\/|$)/]))`,
		message: ONE_DOOR_MESSAGE,
	},
]

/** What each part of app/ may not import, given the importing file's depth below app/. */
const BOUNDARIES = [
	{
		part: 'api',
		rules: (depth) => [
			{
				regex: toApp(depth) + outside('api', 'contract', 'utils'),
				message:
					'The API (app/api) does not depend on the portal: from app/ it imports only app/api, app/contract and app/utils. Move what both need to app/contract.',
			},
		],
	},
	{
		part: 'contract',
		rules: (depth) => [
			SERVER_CODE,
			{
				regex: toApp(depth) + outside('contract'),
				message: 'app/contract is what the API and the portal share, so it imports neither of them (nor app/utils): only app/contract.',
			},
		],
	},
	{
		part: 'utils',
		rules: (depth) => [
			SERVER_CODE,
			{
				regex: toApp(depth) + outside('utils', 'contract'),
				message:
					'app/utils is loaded by the API, the server modules and the browser alike: from app/ it imports only app/utils and app/contract, so it carries neither server code to the browser nor portal code to the API.',
			},
		],
	},
	{
		part: 'components',
		rules: (depth) => [
			SERVER_CODE,
			{
				regex: toApp(depth) + inside('api'),
				message: 'The API is server-only: components never import it. Types the pages share with the API are in app/contract.',
			},
		],
	},
	{
		part: 'island',
		rules: () => [
			SERVER_CODE,
			{
				regex: String.raw`^(?:react|react-dom|react-router|@react-router/[^/]+|@conform-to/react)(?:/|$)`,
				message:
					'The island (app/island) is what anonymous visitors get instead of React: it is plain DOM code and imports no React, React Router or conform/react, not even through a component.',
			},
		],
	},
	{
		part: 'routes',
		// A *.server.* file is server-only and may call the API as app/.server does; a test sets up
		// its data as it needs and is never bundled.
		ignores: ['**/*.server.*', '**/*.test.*', 'app/routes/office/**'],
		rules: (depth) => [...routeModule(depth), ...oneDoor(depth)],
	},
	{
		part: 'routes/office',
		ignores: ['**/*.server.*', '**/*.test.*'],
		rules: (depth) => [...routeModule(depth), ...oneDoor(depth)],
	},
	{
		part: '.server',
		rules: (depth) => [
			{
				regex: toApp(depth) + inside('components', 'routes', 'root'),
				message:
					'Server modules do not depend on the UI: app/.server imports no component, route module or root.tsx. Put a shape both sides need in app/utils/page-data.ts or app/contract.',
			},
		],
	},
]

/** The same rules for dynamic import(), which no-restricted-imports does not look at. */
const dynamicImports = (patterns) =>
	patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/iu]`, message }))

/** `patterns` are import patterns (`regex`), or `selector`s of code that is refused wherever it appears. */
function boundaryBlock(files, ignores, patterns) {
	const imports = patterns.filter((pattern) => pattern.regex)
	const code = patterns.filter((pattern) => pattern.selector)
	return {
		files,
		ignores,
		rules: {
			'no-restricted-imports': ['error', { patterns: imports }],
			'no-restricted-syntax': ['error', ...dynamicImports(imports), ...code],
		},
	}
}

const boundaryBlocks = [
	// app/root.tsx and app/routes.ts: route modules at the top of app/ (entry.server.tsx is server-only).
	boundaryBlock([`app/${SOURCES}`], ['app/*.server.*'], [SHORTEST_FORM, ...routeModule(0), ...oneDoor(0)]),
	...BOUNDARIES.flatMap(({ part, rules, ignores = [] }) => [
		...Array.from({ length: MAX_DEPTH }, (_, index) =>
			boundaryBlock([`app/${part}/${'*/'.repeat(index)}${SOURCES}`], ignores, [SHORTEST_FORM, ...rules(index + part.split('/').length)]),
		),
		// Deeper files: ~/ imports are checked as usual; a relative one that climbs this far could leave the part, so it is refused.
		boundaryBlock([`app/${part}/${'*/'.repeat(MAX_DEPTH)}**/${SOURCES}`], ignores, [
			SHORTEST_FORM,
			...rules(MAX_DEPTH + part.split('/').length),
			{
				regex: String.raw`^(?:\.\./){${MAX_DEPTH}}`,
				message: `More than ${MAX_DEPTH} folders below app/, import other parts of app/ through ~/ so the boundary rules can tell where the import leads.`,
			},
		]),
	]),
]

export default tseslint.config(
	{ ignores: ['build/', 'data/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
		},
	},
	...boundaryBlocks,
)
