// A QR code drawn on the server as SVG (the `qrcode` package never reaches the browser), as an
// image address the page's <img> shows: the setup of two-factor sign-in scans it.
import QRCode from 'qrcode'

export async function qrCodeImage(text: string) {
	const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
