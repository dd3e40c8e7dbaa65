// A real SMTP server on loopback that keeps every message it receives, for tests: vitest starts it
// in-process; Playwright runs this file as a second web server (SMTP on SMTP_SINK_PORT, the
// received mail as JSON on GET http://127.0.0.1:SMTP_SINK_HTTP_PORT/messages?to=address).
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'

/** @typedef {{ to: string[]; subject: string; text: string; raw: string; at: number }} SinkMessage */
/**
 * Decides, before the server answers, what becomes of a received message: kept ('accept'), refused
 * with an SMTP error (an Error with `responseCode`), or never answered (a promise that never settles).
 * @typedef {(message: SinkMessage) => 'accept' | Error | Promise<'accept' | Error>} SinkGate
 */

/** `host`: where SMTP listens, loopback unless containers must reach it. */
export async function startSmtpSink(
	{ port = 0, host = '127.0.0.1', httpPort, gate = () => 'accept' } = /** @type {{ port?: number; host?: string; httpPort?: number; gate?: SinkGate }} */ ({}),
) {
	/** @type {SinkMessage[]} */
	const messages = []
	const smtp = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		disableReverseLookup: true,
		// Clients that keep their connection open (nodemailer's pool) are cut off at close, not waited for.
		closeTimeout: 100,
		logger: false,
		onData(stream, session, callback) {
			let raw = ''
			stream.setEncoding('utf8')
			stream.on('data', (chunk) => (raw += chunk))
			stream.on('end', () => {
				const [head = '', ...body] = raw.split(/\r?\n\r?\n/)
				// Headers unfolded, and a subject's RFC 2047 encoded words decoded.
				const subject = decodeWords(/^Subject: (.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '')
				// Undo quoted-printable soft breaks and escapes, enough for plain-text mail.
				const text = plainText(head, body.join('\n\n'))
				const message = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text, raw, at: Date.now() }
				// Only a message the server answered 250 to was delivered, as in SMTP itself.
				void Promise.resolve(gate(message)).then((verdict) => {
					if (verdict !== 'accept') return callback(verdict)
					messages.push(message)
					callback()
				})
			})
		},
	})
	await new Promise((resolve) => smtp.listen(port, host, () => resolve(undefined)))
	const smtpPort = /** @type {import('node:net').AddressInfo} */ (smtp.server.address()).port
	/** @type {import('node:http').Server | undefined} */
	let http
	if (httpPort !== undefined) {
		http = createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://sink')
			const to = url.searchParams.get('to')?.toLowerCase()
			res.setHeader('content-type', 'application/json')
			if (url.pathname === '/healthz') return res.end('{"ok":true}')
			res.end(JSON.stringify(messages.filter((m) => !to || m.to.includes(to))))
		})
		await new Promise((resolve) => http?.listen(httpPort, '127.0.0.1', () => resolve(undefined)))
	}
	return {
		url: `smtp://${host}:${smtpPort}`,
		messages,
		/** @param {string} to */
		for: (to) => messages.filter((m) => m.to.includes(to.toLowerCase())),
		close: async () => {
			await new Promise((resolve) => smtp.close(() => resolve(undefined)))
			await new Promise((resolve) => (http ? http.close(() => resolve(undefined)) : resolve(undefined)))
		},
	}
}

/** The text/plain part of a message (the whole body when it is not multipart), decoded. */
function plainText(/** @type {string} */ head, /** @type {string} */ body) {
	const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
	const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1]
	if (boundary) {
		for (const part of body.split(`--${boundary}`)) {
			const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
			if (/^Content-Type: text\/plain/im.test(partHead)) return decodeBody(partHead, partBody.join('\n\n'))
			if (/^Content-Type: multipart\//im.test(partHead)) return plainText(partHead, partBody.join('\n\n'))
		}
		return ''
	}
	return decodeBody(unfolded, body)
}

function decodeBody(/** @type {string} */ head, /** @type {string} */ body) {
	if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
	// Quoted-printable: soft breaks and escapes, as bytes of UTF-8.
	const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
	return /^Content-Transfer-Encoding: quoted-printable/im.test(head) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words as text; the space between two such words goes. */
function decodeWords(/** @type {string} */ value) {
	return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind, text) =>
		kind.toUpperCase() === 'B'
			? Buffer.from(text, 'base64').toString('utf8')
			: Buffer.from(
					text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (/** @type {string} */ _m, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16))),
					'latin1',
				).toString('utf8'),
	)
}

/** The six-digit code in a message's text. */
export const otpOf = (/** @type {SinkMessage | undefined} */ message) => Number(/\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? NaN)

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const sink = await startSmtpSink({ port: Number(process.env.SMTP_SINK_PORT), httpPort: Number(process.env.SMTP_SINK_HTTP_PORT) })
	console.log(`SMTP sink on ${sink.url}, messages on http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}/messages`)
	process.on('SIGTERM', () => sink.close().then(() => process.exit(0)))
}
