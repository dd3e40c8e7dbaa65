import { expect, test } from 'vitest'
import { mergeHeaders } from './headers'

test("keeps the parents' headers and appends every Set-Cookie", () => {
	const parentHeaders = new Headers({ 'cache-control': 'private, no-cache' })
	parentHeaders.append('set-cookie', 'session=a')
	const loaderHeaders = new Headers({ 'x-page': 'home' })
	loaderHeaders.append('set-cookie', 'popupShown=true')
	const merged = mergeHeaders({ parentHeaders, loaderHeaders })
	expect(merged.getSetCookie()).toEqual(['session=a', 'popupShown=true'])
	expect(merged.get('cache-control')).toBe('private, no-cache')
	expect(merged.get('x-page')).toBe('home')
})
