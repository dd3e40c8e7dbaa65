// A QR code on a PDF page (pdf-lib), and the verification stamp every issued document carries at
// its foot: the QR code of its /verify page with the address and code written beside it.
import type { PDFFont, PDFPage } from 'pdf-lib'
import { rgb } from '../pdf-text'
import type { DocumentStamp } from './codes'
import type { QrDrawing } from '~/contract/qr-drawing'

const BLACK = rgb(0, 0, 0)
const MUTED = rgb(0.3, 0.33, 0.38)

/** The QR code `side` points wide with its top-left corner at (x, top). */
export function drawQr(page: PDFPage, qr: QrDrawing, { x, top, side }: { x: number; top: number; side: number }) {
	page.drawSvgPath(qr.path, { x, y: top, scale: side / qr.size, color: BLACK, borderWidth: 0 })
}

/** The stamp in the bottom-right corner: QR code `side` points wide, `inset` from the page's edges, words to its left. */
export function drawStamp(page: PDFPage, stamp: DocumentStamp, font: PDFFont, { inset, side = 72 }: { inset: number; side?: number }) {
	const x = page.getWidth() - inset - side
	drawQr(page, stamp.qr, { x, top: inset + side, side })
	const lines = ['Verify this document:', stamp.url, `Verification code ${stamp.code}`]
	lines.forEach((line, i) => {
		const size = 8
		page.drawText(line, { x: x - 8 - font.widthOfTextAtSize(line, size), y: inset + side - 14 - i * 11, size, font, color: MUTED })
	})
}
