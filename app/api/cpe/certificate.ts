// The attendance certificate of one attended event: an A4 landscape PDF with real (selectable,
// searchable) text in the standard Helvetica fonts, made fresh for each download.
import type { PDFFont, PDFPage } from 'pdf-lib'
import { rgb } from '../pdf-text'
import { eventWhen } from '~/utils/event-format'
import type { BranchIdentity } from '../branch-settings'
import { encodableText, wrapText } from '../pdf-text'
import { formatInstantDay, indiaYear } from '~/utils/kolkata-date'
import type { DocumentStamp } from '../stamps/codes'
import { drawStamp } from '../stamps/pdf-stamp'

const A4_LANDSCAPE = [841.89, 595.28] as const
const BRAND = rgb(0.05, 0.16, 0.31)
const MUTED = rgb(0.3, 0.33, 0.38)
const TEXT_WIDTH = 640

export type CertificateFacts = {
	certificateNumber: string
	member: { fullName: string; number: string }
	event: { title: string; startsAt: Date; endsAt: Date; venueName: string; venueAddress: string; cpeHours: number }
	issuedAt: Date
	stamp: DocumentStamp
	/** Issued again after the office corrected attendance or hours. */
	corrected?: boolean
}

/** "CPE/2026/000042": the year of the event (India time) and the registration, so it is stable across downloads. */
export function certificateNumber(registrationId: number, eventStartsAt: Date) {
	return `CPE/${indiaYear(eventStartsAt)}/${String(registrationId).padStart(6, '0')}`
}

export async function certificatePdf(branch: BranchIdentity, facts: CertificateFacts) {
	const { PDFDocument, StandardFonts } = await import('pdf-lib')
	const pdf = await PDFDocument.create()
	pdf.setTitle(`Certificate of Attendance ${facts.certificateNumber}`)
	pdf.setAuthor(branch.name)
	pdf.setSubject(facts.event.title)
	pdf.setCreationDate(facts.issuedAt)
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	const [width, height] = A4_LANDSCAPE
	const page = pdf.addPage([width, height])
	page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BRAND, borderWidth: 3 })
	page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: BRAND, borderWidth: 0.75 })

	let y = height - 84
	/** Centred lines, wrapped; moves `y` down past them. */
	const centred = (text: string, font: PDFFont, size: number, color = BRAND, gap = 6) => {
		for (const line of wrapText(encodableText(text, font), font, size, TEXT_WIDTH)) {
			drawCentred(page, line, font, size, y, color)
			y -= size + gap
		}
	}
	const when = eventWhen(facts.event.startsAt.toISOString(), facts.event.endsAt.toISOString())
	centred(branch.name, bold, 20)
	centred(branch.institute, regular, 13, MUTED)
	y -= 26
	centred(facts.corrected ? 'Corrected Certificate of Attendance' : 'Certificate of Attendance', bold, facts.corrected ? 28 : 32)
	y -= 18
	centred('This is to certify that', regular, 13, MUTED)
	y -= 4
	centred(facts.member.fullName, bold, 22)
	centred(`Membership number ${facts.member.number}`, regular, 13, MUTED)
	y -= 8
	centred('attended', regular, 13, MUTED)
	y -= 4
	centred(facts.event.title, bold, 18)
	centred(`on ${when.day}, ${when.time}`, regular, 13, MUTED)
	centred(`at ${facts.event.venueName}, ${facts.event.venueAddress}`, regular, 13, MUTED)
	y -= 10
	centred(`CPE hours credited: ${facts.event.cpeHours}`, bold, 15)

	const issued = formatInstantDay(facts.issuedAt.toISOString())
	const footer = [`Certificate number ${facts.certificateNumber}`, `Issued on ${issued}`, `${branch.address} | ${branch.phone} | ${branch.email}`]
	// On the left: the verification stamp takes the right-hand corner.
	footer.forEach((line, i) => page.drawText(encodableText(line, regular), { x: 60, y: 92 - i * 14, size: 10, font: regular, color: MUTED }))
	drawCentred(page, 'This is a computer-generated certificate and needs no signature.', regular, 10, 46, MUTED)
	drawStamp(page, facts.stamp, regular, { inset: 44, side: 64 })
	return Buffer.from(await pdf.save())
}

function drawCentred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color: ReturnType<typeof rgb>) {
	const x = (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2
	page.drawText(text, { x, y, size, font, color })
}
