// What the error page says for each kind of failure: a refusal with its message, a missing page,
// the branch's service down or too slow, a script that did not arrive (docs/spec.md §8, ChunkLoadError), or
// anything else.
import { isRouteErrorResponse } from 'react-router'

/** Spec §8's ChunkLoadError, and how browsers word a dynamic import that failed to load. */
export function isChunkLoadError(error: unknown) {
	if (!(error instanceof Error)) return false
	return (
		error.name === 'ChunkLoadError' ||
		/Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
			error.message,
		)
	)
}

export function describeError(error: unknown): { title: string; text: string; retry?: string } {
	// A page that refused with the API's own words (a 4xx whose body is the message) says them.
	if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && error.status !== 404 && typeof error.data === 'string' && error.data) {
		return { title: 'This page cannot be shown', text: error.data, retry: 'Try again' }
	}
	if (isRouteErrorResponse(error) && error.status === 404) {
		return { title: 'Page not found', text: 'We could not find what you were looking for. It may have moved or no longer exist.' }
	}
	if (isRouteErrorResponse(error) && (error.status === 503 || error.status === 504)) {
		const why = error.status === 504 ? 'did not answer in time' : 'cannot be reached just now'
		return {
			title: 'The branch’s service is not answering',
			text: `The service behind this page ${why}. Please try again in a few minutes.`,
			retry: 'Try again',
		}
	}
	if (isChunkLoadError(error)) {
		return {
			title: 'Part of this page did not load',
			text: 'A piece of the page failed to arrive, perhaps because the connection dropped or the site was just updated. Reloading the page fetches it again.',
			retry: 'Reload the page',
		}
	}
	return { title: 'Something went wrong', text: 'We could not show this page just now. Please try again in a moment.' }
}
