// Text on PDF pages drawn with pdf-lib's standard fonts (newsletters, tax invoices, certificates).
// pdf-lib (about 25 MB in memory) is imported where a PDF is made or read, not at start.
import type { PDFFont, RGB } from 'pdf-lib'

/** pdf-lib's rgb() without loading pdf-lib: a colour is plain data (`ColorTypes.RGB` is 'RGB'). */
export const rgb = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as RGB

/** Lines of `text` that fit `width` at `size` points. */
export function wrapText(text: string, font: PDFFont, size: number, width: number) {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(/\s+/)) {
		const candidate = line ? `${line} ${word}` : word
		if (line && font.widthOfTextAtSize(candidate, size) > width) {
			lines.push(line)
			line = word
		} else line = candidate
	}
	if (line) lines.push(line)
	return lines
}

/**
 * `text` made drawable in `font`. The standard fonts cover Windows-1252 only: an accented letter
 * outside it is drawn without its accent, the rupee sign as 'Rs.', anything else (another script)
 * as '?', so text from a person never makes drawing fail.
 */
export function encodableText(text: string, font: PDFFont) {
	const known = new Set(font.getCharacterSet())
	const drawable = (char: string) => {
		if (known.has(char.codePointAt(0)!)) return char
		if (char === '₹') return 'Rs.'
		const base = char.normalize('NFKD').replace(/\p{M}/gu, '')
		return base && [...base].every((c) => known.has(c.codePointAt(0)!)) ? base : '?'
	}
	return Array.from(text.replace(/\s/g, ' '), drawable).join('')
}
