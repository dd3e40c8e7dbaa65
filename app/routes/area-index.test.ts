import { expect, test } from 'vitest'
import { loader } from './area-index'

test.each([
	['/member', '/member/cpe'],
	['/student', '/student/update-profile'],
])('%s redirects to %s (docs/spec.md §2)', (path, target) => {
	const response = loader({ url: new URL(path, 'http://localhost') } as Parameters<typeof loader>[0])
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(target)
})
