// The text of a PDF as a reader sees it (pdf.js through unpdf): what tests check a document by.
import { extractText, getDocumentProxy } from 'unpdf'

/** The text of every page, its runs of spaces folded to one, and the page count. */
export async function pdfText(bytes: Uint8Array | ArrayBuffer) {
	const pdf = await getDocumentProxy(new Uint8Array(bytes))
	const { text, totalPages } = await extractText(pdf, { mergePages: true })
	return { text: text.replace(/[ \t]+/g, ' '), totalPages }
}
