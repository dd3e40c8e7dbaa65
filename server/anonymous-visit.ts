// Who counts as an anonymous visitor of a public page: the render cache keeps such pages
// (decision 0028), and their documents ship the small island script instead of React (decision 0032).

const PUBLIC_PAGES = /^\/(|_|overview|resources|services|policies|about|accessibility|privacy|managing-committee|message-content\/\d+|events|events\/event-details\/\d+|gallery|gallery\/view-gallery\/\d+|newsletters)(\.data)?$/
const SESSION_COOKIES = /(^|;\s*)(__Host-)?(session|office-session|alert)=/

/** A public page (or its `.data`) asked for without a session, office session or alert cookie. */
export const isAnonymousPublicPage = (path: string, cookie: string | undefined) => PUBLIC_PAGES.test(path) && !SESSION_COOKIES.test(cookie ?? '')

/** The document itself (not its `.data`, which a hydrated page asks for as it navigates), read with GET or HEAD. */
export const isAnonymousPublicDocument = (method: string, path: string, cookie: string | undefined) =>
	(method === 'GET' || method === 'HEAD') && !path.endsWith('.data') && isAnonymousPublicPage(path, cookie)
