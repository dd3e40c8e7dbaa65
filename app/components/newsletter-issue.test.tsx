import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import type { NewsletterIssue } from '~/contract/newsletters'
import { NewsletterIssueCard } from './newsletter-issue'

const issue = (nPageCount: number): NewsletterIssue => ({
	iRecordId: 3,
	sTitle: 'Branch Bulletin',
	sSummary: 'The month at the branch.',
	dDate: '2026-03-01',
	aContents: ['Budget talk'],
	oCover: { sPath: 'covers/3.webp', nWidth: 340, nHeight: 480, sAlt: 'Cover', aVariants: [] },
	sPdfPath: 'newsletters/3.pdf',
	nPdfBytes: 200 * 1024,
	nPageCount,
})

test.each([
	[1, 'PDF, 1 page, 200 KB'],
	[12, 'PDF, 12 pages, 200 KB'],
])('a PDF of nPageCount %i reads %s', (pages, facts) => {
	const html = renderToStaticMarkup(<NewsletterIssueCard issue={issue(pages)} mediaBaseUrl="/media/" heading="h2" />)
	expect(html).toContain(facts)
})
