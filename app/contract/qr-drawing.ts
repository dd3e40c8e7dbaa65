// A QR code as one SVG path, made on the server only (dark modules, runs merged along each row, a quiet zone of four around):
// the pages draw it as inline SVG and the PDFs with pdf-lib's drawSvgPath, so one drawing serves both.
import QRCode from 'qrcode'

/** `size` is the side in modules, quiet zone included; the path draws in those units. */
export type QrDrawing = { size: number; path: string }

const QUIET_ZONE = 4

export function qrDrawing(text: string): QrDrawing {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
	const { size, data } = modules
	let path = ''
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size;) {
			if (!data[y * size + x]) {
				x++
				continue
			}
			let run = 1
			while (x + run < size && data[y * size + x + run]) run++
			path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`
			x += run
		}
	}
	return { size: size + 2 * QUIET_ZONE, path }
}
