// Text the database cannot hold (a NUL) sent to pages and media addresses, and a line break in an
// API address: a 4xx with a clear message, the refusal beside the field of a form posted without
// JavaScript, and no fault in the log.
import { expect, test } from './support/fixtures'
import { UNSTORABLE_TEXT_MESSAGE } from '~/contract/storable-text'
import { startLivePortal } from './support/portal'

test('NUL in a search, a form or a media path, or a line break in an API path, is refused plainly, and nothing is logged as a fault', async () => {
	const portal = await startLivePortal()
	try {
		for (const path of ['/media/x%00.jpg', '/media/%ED%A0%80.jpg', '/media/%E0%A4', '/media/no/such/file.pdf']) {
			const response = await fetch(`${portal.url}${path}`)
			expect(response.status, path).toBe(404)
			expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/)
			expect(await response.text(), path).toBe('No such file.')
		}

		// The API's own answer, in its shape, not the HTML page of a page that does not exist.
		for (const path of ['/api/verify/v1/AB%0A', '/api/x%0Dy', '/api/x%0D%0ALocation:%20https://evil.example', '/api/x%E2%80%A8y']) {
			const response = await fetch(`${portal.url}${path}`)
			expect(response.status, path).toBe(400)
			expect(response.headers.get('content-type'), path).toMatch(/^application\/json/)
			expect(await response.json(), path).toEqual({ message: 'No API call has a line break in its address.' })
		}

		for (const path of ['/newsletters?sSearch=GST%00', '/events?sSearch=GST%00']) {
			const response = await fetch(`${portal.url}${path}`)
			expect(response.status, path).toBe(400)
			expect(await response.text(), path).toContain('a character that cannot be saved')
		}

		// The footer's newsletter form without JavaScript: back to the page, the refusal beside the name.
		const form = new URLSearchParams({ sFullName: 'Asha\u0000Kulkarni', sMembershipNumber: '123456', sEmail: 'asha@example.org', sReturnPath: '/about' })
		const posted = await fetch(`${portal.url}/newsletter/subscribe`, { method: 'POST', body: form, redirect: 'manual' })
		expect(posted.status).toBe(302)
		expect(posted.headers.get('location')).toBe('/about#newsletter')
		const page = await fetch(`${portal.url}/about`, {
			headers: {
				cookie: posted.headers
					.getSetCookie()
					.map((cookie) => cookie.split(';')[0])
					.join('; '),
			},
		})
		const html = await page.text()
		expect(html).toContain(UNSTORABLE_TEXT_MESSAGE)
		expect(html).not.toContain('Kulkarni')

		expect(portal.output()).not.toMatch(/"level":50|\n\s+at /)
	} finally {
		await portal.stop()
	}
})

test.describe('signed in as a member', () => {
	test.use({ signedIn: 'member' })

	test('a form posted with a NUL answers 400 with the refusal beside the field', async ({ context }) => {
		const response = await context.request.post('/member/cpe', {
			form: { dActivityDate: '2026-11-02', nHours: '2', sDescription: 'Reading the GST\u0000 council notes' },
		})
		expect(response.status()).toBe(400)
		// The description's own error list carries it.
		expect(await response.text()).toMatch(new RegExp(`id="[^"]*-sDescription-error"[^>]*><li>${UNSTORABLE_TEXT_MESSAGE.replace(/[()]/g, '\\$&')}</li>`))
	})
})
