import { PassThrough, pipeline } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { requestInfoContext } from '~/.server/context'
import { logger } from '~/.server/logger'
import { lowerScriptPreloadPriority } from '~/.server/script-priority'

export const streamTimeout = 5_000

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
	headers.set('Content-Type', 'text/html; charset=utf-8')
	// Pages differ with Save-Data (no scripts) and with the session cookie (signed-in navbar).
	headers.append('Vary', 'Save-Data, Cookie')
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache')
	if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })

	const { nonce } = loadContext.get(requestInfoContext)
	const userAgent = request.headers.get('user-agent')
	// Crawlers get the whole page at once; browsers get it streamed from the shell.
	const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
		const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
			nonce,
			[readyOption]() {
				shellRendered = true
				const body = new PassThrough({
					final(callback) {
						clearTimeout(timeout)
						timeout = undefined
						callback()
					},
				})
				const html = lowerScriptPreloadPriority()
				// A reader who leaves closes both, and React stops rendering (as when it read body itself).
				pipeline(body, html, () => {})
				resolve(new Response(createReadableStreamFromReadable(html), { headers, status }))
				pipe(body)
			},
			onShellError: reject,
			onError(error: unknown) {
				status = 500
				if (shellRendered) logger.error({ err: error }, 'Error while streaming a page')
			},
		})
	})
}

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	logger.error({ err: error, path: new URL(request.url).pathname }, 'Unhandled error in a route')
}
