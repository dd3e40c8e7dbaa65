// Demo newsletter archive: the last 12 monthly issues, each a real PDF made here with pdf-lib
// (a cover page and one or two pages of articles) and a drawn cover picture. Nothing is downloaded.
import type { PDFPage } from 'pdf-lib'
import { rgb } from '../pdf-text'
import { newMediaPath, saveMediaFile } from '../media/service'
import { wrapText } from '../pdf-text'
import type { Database } from '../db/client'
import { coverDrawing, NEWSLETTER_COVER_HEIGHTS } from '../newsletters/cover'
import { MONTH_NAMES } from '~/contract/constants'
import { MONTHLY_LEADS, REGULAR_COLUMNS, type DemoArticle } from './demo-newsletters'
import { newsletterIssues } from '../db/schema'
import { storePicture } from '../media/pictures'
import { indiaCalendarDay } from '~/utils/kolkata-date'

export const NEWSLETTER_ISSUE_COUNT = 12

const A4 = [595.28, 841.89] as const
const MARGIN = 56
const BRAND = rgb(0.05, 0.16, 0.31)

type Issue = { title: string; monthLabel: string; articles: DemoArticle[] }

/** A small PDF of the issue: a cover with the contents, then the articles over as many pages as they need. */
export async function newsletterPdf(issue: Issue) {
	const { PDFDocument, StandardFonts } = await import('pdf-lib')
	const pdf = await PDFDocument.create()
	pdf.setTitle(issue.title)
	pdf.setAuthor('Branch office')
	pdf.setSubject(`Monthly newsletter, ${issue.monthLabel}`)
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	const [width, height] = A4
	const textWidth = width - 2 * MARGIN

	const cover = pdf.addPage([width, height])
	cover.drawRectangle({ x: 0, y: height - 220, width, height: 220, color: BRAND })
	cover.drawText('Branch Bulletin', { x: MARGIN, y: height - 110, size: 40, font: bold, color: rgb(1, 1, 1) })
	cover.drawText(`Monthly newsletter  |  ${issue.monthLabel}`, { x: MARGIN, y: height - 150, size: 16, font: regular, color: rgb(0.85, 0.9, 1) })
	cover.drawText('In this issue', { x: MARGIN, y: height - 290, size: 20, font: bold, color: BRAND })
	issue.articles.forEach((article, i) => {
		cover.drawText(`${i + 1}.  ${article.heading}`, { x: MARGIN, y: height - 330 - i * 28, size: 12, font: regular, maxWidth: textWidth })
	})

	let page: PDFPage = pdf.addPage([width, height])
	let y = height - MARGIN
	const ensureRoom = (needed: number) => {
		if (y - needed >= MARGIN) return
		page = pdf.addPage([width, height])
		y = height - MARGIN
	}
	for (const article of issue.articles) {
		ensureRoom(60)
		for (const line of wrapText(article.heading, bold, 15, textWidth)) {
			page.drawText(line, { x: MARGIN, y, size: 15, font: bold, color: BRAND })
			y -= 20
		}
		y -= 4
		for (const paragraph of article.paragraphs) {
			for (const line of wrapText(paragraph, regular, 11, textWidth)) {
				ensureRoom(15)
				page.drawText(line, { x: MARGIN, y, size: 11, font: regular })
				y -= 15
			}
			y -= 8
		}
		y -= 14
	}
	return { bytes: Buffer.from(await pdf.save()), pageCount: pdf.getPageCount() }
}

export async function seedNewsletters(db: Database, now = new Date()) {
	const [year, month] = indiaCalendarDay(now).split('-').map(Number) as [number, number]
	const issues = await Promise.all(
		Array.from({ length: NEWSLETTER_ISSUE_COUNT }, async (_, back) => {
			const monthIndex = (((month - 1 - back) % 12) + 12) % 12
			const issueYear = year + Math.floor((month - 1 - back) / 12)
			const monthLabel = `${MONTH_NAMES[monthIndex]} ${issueYear}`
			const lead = MONTHLY_LEADS[back % MONTHLY_LEADS.length]!
			const articles = [lead, ...REGULAR_COLUMNS]
			const title = `Branch Bulletin, ${monthLabel}`
			return {
				title,
				issueMonth: `${issueYear}-${String(monthIndex + 1).padStart(2, '0')}-01`,
				summary: lead.paragraphs[0]!,
				contents: articles.map((a) => a.heading),
				pdf: await newsletterPdf({ title, monthLabel, articles }),
				cover: await storePicture(db, await coverDrawing(7300 + back * 101), { folder: 'newsletters', widths: NEWSLETTER_COVER_HEIGHTS, alt: '' }),
			}
		}),
	)
	for (const { pdf, ...issue } of issues) {
		const pdfPath = await saveMediaFile(db, { path: newMediaPath('newsletters', 'application/pdf'), contentType: 'application/pdf', bytes: pdf.bytes })
		await db.insert(newsletterIssues).values({ ...issue, pdfPath, pdfBytes: pdf.bytes.length, pageCount: pdf.pageCount })
	}
}
