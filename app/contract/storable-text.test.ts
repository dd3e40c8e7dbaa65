import { expect, test } from 'vitest'
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextErrors } from './storable-text'

const refused = [UNSTORABLE_TEXT_MESSAGE]

test('NUL and a lone surrogate cannot be stored; a whole emoji and any other unicode can', () => {
	expect(isStorableText('a\u0000b')).toBe(false)
	expect(isStorableText('a\ud83d')).toBe(false)
	expect(isStorableText('\ude00b')).toBe(false)
	expect(isStorableText('Café 😀 मराठी \u0001 \uffff')).toBe(true)
})

test('each field is named as zod names it, nested ones and list items too', () => {
	expect(unstorableTextErrors({ sTitle: 'fine', aBody: ['ok', 'x\u0000'], oFilter: { sSearch: '\ud800' } })).toEqual({
		'aBody.1': refused,
		'oFilter.sSearch': refused,
	})
	expect(unstorableTextErrors('\u0000')).toEqual({ form: refused })
	expect(unstorableTextErrors({ sTitle: 'fine', nCount: 3, bOn: true, oNone: null })).toBeUndefined()
})

test('a key the database cannot hold is refused at its object', () => {
	expect(unstorableTextErrors({ oExtra: { 'k\u0000': 'v' } })).toEqual({ oExtra: refused })
})

test('a multipart form: its text fields are checked, its files are not', () => {
	const form = new FormData()
	form.append('sAlt', 'a\u0000')
	form.append('file', new File([new Uint8Array([0, 0xd8])], 'x\u0000.jpg'))
	expect(unstorableTextErrors(form)).toEqual({ sAlt: refused })
})

test('a body nested as deeply as its size allows is walked without running out of stack', () => {
	const depth = 30_000
	const nested = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown
	expect(Object.values(unstorableTextErrors(nested) ?? {})).toEqual([refused])
})
