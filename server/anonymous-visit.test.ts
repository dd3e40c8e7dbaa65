// The public pages are declared once (app/public-pages.ts): the route table has each of them, and
// the render cache and the island count exactly those paths, signed out, as public pages.
import { expect, test } from 'vitest'
import routes from '~/routes'
import { FIXED_PUBLIC_PATHS, PUBLIC_PAGES } from '~/public-pages'
import { isAnonymousPublicDocument, isAnonymousPublicPage } from './anonymous-visit'

const withNumbers = (path: string) => path.replace(/:\w+/g, '12')

test('the route table serves every public page with its module', () => {
	const served = routes.map((route) => [route.index ? '/' : `/${route.path}`, route.file])
	for (const page of PUBLIC_PAGES) expect(served).toContainEqual([page.path, page.file])
})

test('every public page, and its data, counts for a visitor without a session; nothing else does', () => {
	for (const { path } of PUBLIC_PAGES) {
		expect(isAnonymousPublicPage(withNumbers(path), undefined), path).toBe(true)
		expect(isAnonymousPublicPage(`${withNumbers(path) === '/' ? '/_' : withNumbers(path)}.data`, 'popupShown=1'), path).toBe(true)
		expect(isAnonymousPublicPage(withNumbers(path), 'session=abc'), path).toBe(false)
		expect(isAnonymousPublicPage(withNumbers(path), 'a=1; __Host-office-session=abc'), path).toBe(false)
	}
	for (const path of ['/member/cpe', '/events/event-details/abc', '/events/upcoming-events', '/office', '/login', '/events/', '/eventsx'])
		expect(isAnonymousPublicPage(path, undefined), path).toBe(false)
	expect(isAnonymousPublicDocument('GET', '/events.data', undefined)).toBe(false)
	expect(isAnonymousPublicDocument('POST', '/events', undefined)).toBe(false)
	expect(isAnonymousPublicDocument('HEAD', '/events', undefined)).toBe(true)
})

test('the sitemap lists the pages of one address each', () => {
	expect(FIXED_PUBLIC_PATHS).toEqual(expect.arrayContaining(['/', '/about', '/events', '/gallery', '/newsletters', '/managing-committee']))
	expect(FIXED_PUBLIC_PATHS.some((path) => path.includes(':'))).toBe(false)
})
