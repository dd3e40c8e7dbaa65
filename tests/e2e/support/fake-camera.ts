// A camera for Chromium that films a QR code: a Y4M video (what --use-file-for-fake-video-capture
// plays, looping) of the code's modules drawn black on white, and a browser launched to use it.
import { writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import QRCode from 'qrcode'
import { chromiumLaunchOptions } from './chromium'

const WIDTH = 640
const HEIGHT = 480
const QUIET_MODULES = 4

/** Writes a short 4:2:0 Y4M video of `text`'s QR code, as large as the frame allows, to `file`. */
export function writeQrVideo(text: string, file: string, frames = 10) {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
	const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 2 * QUIET_MODULES))
	const left = Math.floor((WIDTH - modules.size * scale) / 2)
	const top = Math.floor((HEIGHT - modules.size * scale) / 2)
	// Luma: white everywhere but the dark modules; chroma: neutral grey.
	const luma = Buffer.alloc(WIDTH * HEIGHT, 255)
	for (let row = 0; row < modules.size; row++) {
		for (let column = 0; column < modules.size; column++) {
			if (!modules.get(row, column)) continue
			for (let y = 0; y < scale; y++)
				luma.fill(0, (top + row * scale + y) * WIDTH + left + column * scale, (top + row * scale + y) * WIDTH + left + (column + 1) * scale)
		}
	}
	const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
	const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
	writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(frames).fill(frame)]))
	return file
}

/** A Chromium of its own whose camera plays `video`, permission granted without asking. */
export function launchWithCamera(video: string) {
	const options = chromiumLaunchOptions()
	return chromium.launch({
		...options,
		args: [...options.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
	})
}
