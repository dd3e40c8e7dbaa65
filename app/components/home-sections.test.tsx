import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { AlbumSummary } from '~/contract/gallery'
import { GalleryHighlights } from './gallery-highlights'
import { LatestNewsletters } from './latest-newsletters'

test('a home section without content is left out entirely', () => {
	expect(renderToStaticMarkup(<LatestNewsletters issues={[]} mediaBaseUrl="/media/" />)).toBe('')
	expect(renderToStaticMarkup(<GalleryHighlights albums={[]} mediaBaseUrl="/media/" />)).toBe('')
})

test('a section with content has its heading and a link to the whole list', () => {
	const album: AlbumSummary = { iRecordId: 7, sTitle: 'Seminar', sDescription: '', dDate: '2026-03-07', nPhotoCount: 1, oCover: null }
	const Stub = createRoutesStub([{ path: '/', Component: () => <GalleryHighlights albums={[album]} mediaBaseUrl="/media/" /> }])
	const html = renderToStaticMarkup(<Stub />)
	expect(html).toContain('Gallery highlights')
	expect(html).toContain('href="/gallery/view-gallery/7"')
	expect(html).toMatch(/>7 March 2026<\/time>.*1 photo</)
})
