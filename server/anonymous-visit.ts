// Who counts as an anonymous visitor of a public page: the render cache keeps such pages
// (decision 0028), and their documents ship the small island script instead of React (decision 0032).
import { PUBLIC_PAGE_PATH } from '~/public-pages'

const SESSION_COOKIES = /(^|;\s*)(__Host-)?(session|office-session|alert)=/

/** A public page (or its `.data`) asked for without a session, office session or alert cookie. */
export const isAnonymousPublicPage = (path: string, cookie: string | undefined) => PUBLIC_PAGE_PATH.test(path) && !SESSION_COOKIES.test(cookie ?? '')

/** The document itself (not its `.data`, which a hydrated page asks for as it navigates), read with GET or HEAD. */
export const isAnonymousPublicDocument = (method: string, path: string, cookie: string | undefined) =>
	(method === 'GET' || method === 'HEAD') && !path.endsWith('.data') && isAnonymousPublicPage(path, cookie)
