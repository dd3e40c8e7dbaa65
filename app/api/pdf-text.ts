// Text on PDF pages made with pdf-lib's standard fonts: wrapped to a width, and kept to the
// characters the font can encode (a name in another script would otherwise stop the document).
import type { PDFFont } from 'pdf-lib'

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

/** `text` with every character the font cannot draw replaced by '?' (after trying its plain-letter form). */
export function encodableText(text: string, font: PDFFont) {
	const known = new Set(font.getCharacterSet())
	return [...text]
		.map((char) => {
			if (known.has(char.codePointAt(0)!)) return char
			const plain = char.normalize('NFKD').replace(/\p{M}/gu, '')
			return [...plain].every((c) => known.has(c.codePointAt(0)!)) && plain ? plain : '?'
		})
		.join('')
}
