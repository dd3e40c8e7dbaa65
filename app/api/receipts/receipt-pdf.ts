// The tax invoice and receipt of one payment, as an A4 PDF with real (selectable) text: what a
// GST tax invoice must state (CGST Rules, rule 46) and the payment that settled it.
import type { PDFFont, PDFPage } from 'pdf-lib'
import { rgb } from '../pdf-text'
import { amountInWords, formatPaise, type PaymentProvider, type PaymentStatus } from '~/contract/payments'
import { encodableText, wrapText } from '../pdf-text'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { DocumentStamp } from '../stamps/codes'
import { drawStamp } from '../stamps/pdf-stamp'

export type ReceiptDocument = {
	invoiceNumber: string
	paidAt: Date
	refundedAt: Date | null
	status: Extract<PaymentStatus, 'paid' | 'refunded'>
	provider: PaymentProvider
	providerReference: string
	supplier: { name: string; institute: string; address: string; phone: string; email: string; gstin: string; state: PlaceOfState }
	buyer: { name: string; numberLabel: string; number: string; firmName: string | null; gstin: string | null; state: PlaceOfState }
	line: { description: string; sacCode: string; taxablePaise: number }
	/** CGST and SGST within one state, IGST across states, each with its rate. */
	taxes: { label: 'CGST' | 'SGST' | 'IGST'; ratePercent: string; paise: number }[]
	totalPaise: number
	/** Present on a credit note: the refund it documents, and how the money went back (null on notes from before it was recorded). */
	creditNote?: { number: string; issuedAt: Date; reason: string; refundedBy: string | null }
	/** Its public verification code and QR code. */
	stamp: DocumentStamp
}
/** A state as the invoice names it: 'Maharashtra (State code 27)'. */
export type PlaceOfState = { name: string; gstCode: string | undefined }

const A4 = [595.28, 841.89] as const
const MARGIN = 48
const INK = rgb(0.1, 0.12, 0.16)
const BRAND = rgb(0.05, 0.16, 0.31)
const MUTED = rgb(0.35, 0.38, 0.45)
const RED = rgb(0.7, 0.1, 0.1)
const RULE = rgb(0.75, 0.78, 0.82)

const PROVIDER_NAMES: Record<PaymentProvider, string> = {
	sandbox: 'Online payment (sandbox)',
	offline: 'Paid at the branch office',
	razorpay: 'Paid online (Razorpay)',
}

export const formatIndiaDate = (at: Date) => formatInstantDay(at.toISOString())
export const stateLabel = (state: PlaceOfState) => (state.gstCode ? `${state.name} (State code ${state.gstCode})` : state.name)

/** Writes lines top to bottom on one page, keeping track of where the next one goes. */
function writer(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }) {
	let y = A4[1] - MARGIN
	const self = {
		get y() {
			return y
		},
		set y(at: number) {
			y = at
		},
		down(points: number) {
			y -= points
		},
		/** Text at `x`, wrapped to `width`; moves down by its height. */
		text(text: string, { x = MARGIN, width = A4[0] - 2 * MARGIN, size = 10, bold = false, color = INK } = {}) {
			const font = bold ? fonts.bold : fonts.regular
			for (const line of wrapText(encodableText(text, font), font, size, width)) {
				page.drawText(line, { x, y: y - size, size, font, color })
				y -= size * 1.4
			}
		},
		/** Text whose right edge is at `edge`, on the line that starts at `top` (does not move down). */
		right(text: string, edge: number, { size = 10, bold = false, top = y } = {}) {
			const font = bold ? fonts.bold : fonts.regular
			const drawable = encodableText(text, font)
			page.drawText(drawable, { x: edge - font.widthOfTextAtSize(drawable, size), y: top - size, size, font, color: INK })
		},
		/** A table row: `text` wrapped on the left, each cell right-aligned at its edge on the row's first line. */
		row(text: string, cells: [string, number][], { width = A4[0] - 2 * MARGIN, size = 10, bold = false, color = INK } = {}) {
			// Left to right, as a reader (and text extraction) takes the row.
			const top = y
			self.text(text, { width, size, bold, color })
			for (const [cell, edge] of cells) self.right(cell, edge, { size, bold, top })
		},
		rule() {
			page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: RULE })
			y -= 8
		},
	}
	return self
}

/** The tax invoice and receipt of a payment. */
export const receiptPdf = (receipt: ReceiptDocument) => documentPdf(receipt)

/** The credit note of a refunded payment: the same parties and amounts, credited against the invoice. */
export const creditNotePdf = (receipt: ReceiptDocument & { creditNote: NonNullable<ReceiptDocument['creditNote']> }) => documentPdf(receipt)

async function documentPdf(receipt: ReceiptDocument) {
	const { PDFDocument, StandardFonts } = await import('pdf-lib')
	const note = receipt.creditNote
	const pdf = await PDFDocument.create()
	const heading = note ? 'Credit Note' : 'Tax Invoice and Receipt'
	const title = `${heading} ${note?.number ?? receipt.invoiceNumber}`
	pdf.setTitle(title)
	pdf.setAuthor(receipt.supplier.name)
	pdf.setSubject(receipt.line.description)
	pdf.setLanguage('en-IN')
	// The document's dates are the invoice's, so every download of it is the same file.
	pdf.setCreationDate(note?.issuedAt ?? receipt.paidAt)
	pdf.setModificationDate(note?.issuedAt ?? receipt.refundedAt ?? receipt.paidAt)
	const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) }
	const page = pdf.addPage([...A4])
	const w = writer(page, fonts)
	const right = A4[0] - MARGIN
	const half = (A4[0] - 2 * MARGIN) / 2
	drawStamp(page, receipt.stamp, fonts.regular, { inset: MARGIN })

	w.text(heading, { size: 18, bold: true, color: BRAND })
	if (receipt.status === 'refunded' && !note) {
		w.text(`REFUNDED${receipt.refundedAt ? ` on ${formatIndiaDate(receipt.refundedAt)}` : ''}`, { size: 14, bold: true, color: RED })
	}
	w.down(6)

	// The supplier (left) and the invoice's particulars (right), side by side.
	const top = w.y
	const leftColumn = { width: half - 12 }
	w.text(receipt.supplier.name, { ...leftColumn, bold: true, size: 12 })
	for (const line of [
		receipt.supplier.institute,
		receipt.supplier.address,
		`Phone: ${receipt.supplier.phone}`,
		`E-mail: ${receipt.supplier.email}`,
		`GSTIN: ${receipt.supplier.gstin}`,
		`State: ${stateLabel(receipt.supplier.state)}`,
	]) {
		w.text(line, leftColumn)
	}
	const leftBottom = w.y
	w.y = top
	const particulars = note
		? [
				`Credit note number: ${note.number}`,
				`Credit note date: ${formatIndiaDate(note.issuedAt)}`,
				`Against invoice: ${receipt.invoiceNumber}`,
				`Invoice date: ${formatIndiaDate(receipt.paidAt)}`,
				`Place of supply: ${stateLabel(receipt.buyer.state)}`,
			]
		: [`Invoice number: ${receipt.invoiceNumber}`, `Invoice date: ${formatIndiaDate(receipt.paidAt)}`, `Place of supply: ${stateLabel(receipt.buyer.state)}`]
	for (const line of particulars) {
		w.text(line, { x: MARGIN + half, width: half })
	}
	w.y = Math.min(w.y, leftBottom) - 8
	w.rule()

	w.text(note ? 'Credited to' : 'Billed to', { bold: true, color: BRAND })
	w.text(receipt.buyer.name)
	w.text(`${receipt.buyer.numberLabel}: ${receipt.buyer.number}`)
	if (receipt.buyer.firmName) w.text(`Firm: ${receipt.buyer.firmName}`)
	if (receipt.buyer.gstin) w.text(`GSTIN: ${receipt.buyer.gstin}`)
	w.text(`State: ${stateLabel(receipt.buyer.state)}`)
	w.down(8)
	w.rule()

	// The line and its taxes: description on the left, SAC and amount in columns on the right.
	const sacRight = right - 120
	const description = { width: sacRight - MARGIN - 60 }
	w.row(
		'Description',
		[
			['SAC', sacRight],
			['Amount (Rs.)', right],
		],
		{ ...description, bold: true },
	)
	w.rule()
	w.row(
		receipt.line.description,
		[
			[receipt.line.sacCode, sacRight],
			[formatPaise(receipt.line.taxablePaise), right],
		],
		description,
	)
	w.row('Taxable value', [[formatPaise(receipt.line.taxablePaise), right]], { ...description, color: MUTED })
	for (const tax of receipt.taxes) w.row(`${tax.label} @ ${tax.ratePercent}%`, [[formatPaise(tax.paise), right]], description)
	w.rule()
	w.row(note ? 'Total credited' : 'Total', [[formatPaise(receipt.totalPaise), right]], { ...description, bold: true, size: 12 })
	w.text(`Amount in words: ${amountInWords(receipt.totalPaise)}`)
	w.down(8)
	w.rule()
	if (note) {
		w.text('Reason', { bold: true, color: BRAND })
		w.text(note.reason)
		if (note.refundedBy) {
			w.down(6)
			w.text('Refunded by', { bold: true, color: BRAND })
			w.text(note.refundedBy)
		}
		w.down(16)
		w.text('This is a computer-generated credit note; no signature is required.', { color: MUTED, size: 9 })
		return pdf.save()
	}

	w.text('Payment', { bold: true, color: BRAND })
	w.text(`Status: ${receipt.status === 'refunded' ? 'Refunded' : 'Paid'}`)
	w.text(`Paid on: ${formatIndiaDate(receipt.paidAt)}`)
	if (receipt.refundedAt) w.text(`Refunded on: ${formatIndiaDate(receipt.refundedAt)}`)
	w.text(`Paid by: ${PROVIDER_NAMES[receipt.provider]}, reference ${receipt.providerReference}`)
	w.down(16)
	w.text('This is a computer-generated invoice and receipt; no signature is required.', { color: MUTED, size: 9 })
	w.text('Tax is not payable on reverse charge.', { color: MUTED, size: 9 })
	return pdf.save()
}
