// A PDF the office uploads (a page's attachment, a newsletter issue) is checked by its bytes and
// opened with the PDF library before it is stored: not what it claims, damaged or locked, refused.
import { FILE_MAX_BYTES } from '~/contract/endpoint'

export const PDF_MAX_BYTES = FILE_MAX_BYTES.pdf

/** A PDF that cannot be stored; its message is fit to show beside the file field. */
export class PdfError extends Error {
	override name = 'PdfError'
}

export async function checkPdf(bytes: Uint8Array) {
	if (bytes.byteLength > PDF_MAX_BYTES) throw new PdfError('The PDF can be at most 20 MB.')
	if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new PdfError('This file is not a PDF.')
	const { PDFDocument } = await import('pdf-lib')
	let encrypted = false
	let pageCount = 0
	try {
		const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true })
		encrypted = document.isEncrypted
		pageCount = document.getPageCount()
		// The library opens much that is broken; a document without a single page is one of those.
		if (document.getPageCount() === 0) throw new PdfError('This PDF could not be opened; it may be damaged.')
	} catch (error) {
		if (error instanceof PdfError) throw error
		throw new PdfError('This PDF could not be opened; it may be damaged.')
	}
	if (encrypted) throw new PdfError('This PDF is protected with a password. Save it without one and try again.')
	return { pageCount }
}
