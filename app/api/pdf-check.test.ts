import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import { checkPdf, PDF_MAX_BYTES } from './pdf-check'

test('a sound PDF passes; anything else is refused with a message for the field', async () => {
	const pdf = await PDFDocument.create()
	pdf.addPage()
	const sound = await pdf.save({ useObjectStreams: false })
	await expect(checkPdf(sound)).resolves.toEqual({ pageCount: 1 })
	await expect(checkPdf(new TextEncoder().encode('GIF89a not a pdf'))).rejects.toThrow('This file is not a PDF.')
	await expect(checkPdf(new TextEncoder().encode('%PDF-1.7 and then garbage'))).rejects.toThrow('This PDF could not be opened; it may be damaged.')
	await expect(checkPdf(new Uint8Array(PDF_MAX_BYTES + 1))).rejects.toThrow('The PDF can be at most 20 MB.')
	// An /Encrypt entry in the trailer is what marks a PDF as locked.
	const text = Buffer.from(sound).toString('latin1').replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 >>')
	await expect(checkPdf(Buffer.from(text, 'latin1'))).rejects.toThrow('This PDF is protected with a password. Save it without one and try again.')
})
