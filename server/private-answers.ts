// Answers for one person alone: a signed-in visitor's pages, everything of the office, and API
// calls made with a token. No cache may keep them, the browser's own included, so each carries
// exactly one `Cache-Control: no-store`, whatever a page, the API or a middleware set before.
import type { IncomingMessage, ServerResponse } from 'node:http'

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?(?:session|office-session)=/
const OFFICE_PATH = /^\/office(?:[/.?]|$)/

/** The office's paths, and requests that carry a session (member, student or office) or a token. */
export const isPrivateRequest = (req: IncomingMessage) =>
	OFFICE_PATH.test(req.url ?? '/') || SESSION_COOKIE.test(req.headers.cookie ?? '') || req.headers.authorization !== undefined

/** The answer's headers say `Cache-Control: no-store`, once, when they are written. */
export function storeNowhere(res: ServerResponse) {
	const writeHead = res.writeHead
	res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
		this.setHeader('Cache-Control', 'no-store')
		return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args)
	} as ServerResponse['writeHead']
}
