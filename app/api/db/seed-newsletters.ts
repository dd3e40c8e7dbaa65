// Demo newsletter archive: the last 12 monthly issues, each a real PDF made here with pdf-lib
// (a cover page and one or two pages of articles) and a drawn cover picture. Nothing is downloaded.
import type { PDFPage } from 'pdf-lib'
import { loadSharp } from '../images'
import { rgb } from '../pdf-text'
import { newMediaPath, saveMediaFile } from '../media/service'
import { wrapText } from '../pdf-text'
import type { Database } from './client'
import { seededRandom } from './demo-media'
import { MONTH_NAMES } from '~/contract/constants'
import { MONTHLY_LEADS, REGULAR_COLUMNS, type DemoArticle } from './demo-newsletters'
import { newsletterIssues } from './schema'
import { storeSeedImage } from './seed-media'
import { indiaCalendarDay } from '~/utils/kolkata-date'

export const NEWSLETTER_ISSUE_COUNT = 12
/** Heights of the stored cover (the longest side of a portrait page): shown about 170 CSS px wide, twice that for dense screens. */
export const NEWSLETTER_COVER_HEIGHTS = [240, 480] as const

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

/** A drawing of an issue's cover (a coloured masthead, a photo block, lines of text): no fonts needed. */
export async function coverDrawing(seed: number) {
	const sharp = await loadSharp()
	const random = seededRandom(seed)
	const hue = Math.round(random() * 360)
	const lines = Array.from({ length: 6 }, (_, i) => `<rect x="40" y="${560 + i * 36}" width="${320 + random() * 160}" height="14" rx="7" fill="#cbd5e1"/>`).join('')
	return sharp(
		Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="848">
			<rect width="600" height="848" fill="#ffffff"/>
			<rect width="600" height="190" fill="hsl(${hue} 55% 28%)"/>
			<rect x="40" y="60" width="360" height="34" rx="6" fill="#ffffff"/>
			<rect x="40" y="116" width="220" height="18" rx="6" fill="hsl(${hue} 60% 80%)"/>
			<rect x="40" y="230" width="520" height="290" fill="hsl(${hue + 40} 55% 75%)"/>
			<circle cx="${140 + random() * 320}" cy="300" r="40" fill="hsl(45 95% 75%)"/>
			<polygon points="40,520 180,${390 - random() * 60} 330,470 460,${380 - random() * 60} 560,450 560,520" fill="hsl(${hue + 120} 35% 38%)"/>
			${lines}
		</svg>`),
	)
		.png()
		.toBuffer()
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
				cover: await storeSeedImage(db, await coverDrawing(7300 + back * 101), { folder: 'newsletters', widths: NEWSLETTER_COVER_HEIGHTS, alt: '' }),
			}
		}),
	)
	for (const { pdf, ...issue } of issues) {
		const pdfPath = await saveMediaFile(db, { path: newMediaPath('newsletters', 'application/pdf'), contentType: 'application/pdf', bytes: pdf.bytes })
		await db.insert(newsletterIssues).values({ ...issue, pdfPath, pdfBytes: pdf.bytes.length, pageCount: pdf.pageCount })
	}
}
