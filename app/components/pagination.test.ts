import { expect, test } from 'vitest'
import { pageWindow } from './pagination'

test('few pages are all shown', () => {
	expect(pageWindow(1, 1)).toEqual([1])
	expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5])
})

test('many pages keep the ends and the neighbourhood of the current page, with gaps', () => {
	expect(pageWindow(1, 20)).toEqual([1, 2, 3, null, 20])
	expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
	expect(pageWindow(20, 20)).toEqual([1, null, 18, 19, 20])
	expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20])
})
