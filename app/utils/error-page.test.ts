import { data } from 'react-router'
import { expect, test } from 'vitest'
import { describeError, isChunkLoadError } from './error-page'

/** A thrown `data()` as the error boundary receives it. */
const routeError = (status: number, message = 'x') => {
	try {
		throw data(message, { status })
	} catch (thrown) {
		const { init, data: body } = thrown as { init: { status: number }; data: string }
		return { status: init.status, statusText: '', data: body, internal: false }
	}
}

test('a refusal in the API’s words (a 4xx with its message) shows that message', () => {
	expect(describeError(routeError(409, 'The time to cancel this registration has passed.'))).toEqual({
		title: 'This page cannot be shown',
		text: 'The time to cancel this registration has passed.',
		retry: 'Try again',
	})
	expect(describeError(routeError(404, 'No such event.')).title).toBe('Page not found')
	expect(describeError(routeError(500, 'Internal detail')).text).not.toContain('Internal detail')
})

test('a script that did not arrive offers a reload, however the browser words it', () => {
	const chunk = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })
	expect(isChunkLoadError(chunk)).toBe(true)
	expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
	expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
	expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
	expect(describeError(chunk)).toMatchObject({ title: 'Part of this page did not load', retry: 'Reload the page' })
})

test('the service down or too slow says so and offers to try again; anything else is a plain error page', () => {
	expect(describeError(routeError(504))).toMatchObject({ title: 'The branch’s service is not answering', retry: 'Try again' })
	expect(describeError(routeError(504)).text).toContain('did not answer in time')
	expect(describeError(routeError(503)).text).toContain('cannot be reached')
	expect(describeError(routeError(404)).title).toBe('Page not found')
	expect(describeError(new Error('boom'))).toEqual({
		title: 'Something went wrong',
		text: 'We could not show this page just now. Please try again in a moment.',
	})
})
