// Outgoing mail (DESIGN.md): SMTP when SMTP_URL is set; otherwise each message is written to
// DATA_DIR/outbox as one .eml file and the log names the file (never its content: it holds an OTP).
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send: (mail: Mail) => Promise<void> }

export function createMailer({ smtpUrl, outboxDir, from, log }: { smtpUrl?: string; outboxDir: string; from: string; log: Logger }): Mailer {
	if (smtpUrl) {
		const transport = nodemailer.createTransport(smtpUrl)
		return {
			async send(mail) {
				await transport.sendMail({ from, ...mail })
				log.info({ to: mail.to, subject: mail.subject }, 'Mail sent')
			},
		}
	}
	const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	return {
		async send(mail) {
			const { message } = await transport.sendMail({ from, ...mail })
			await mkdir(outboxDir, { recursive: true, mode: 0o700 })
			const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
			await writeFile(file, message as Buffer, { mode: 0o600 })
			log.info({ file, to: mail.to, subject: mail.subject }, 'Mail written to the outbox (SMTP_URL is not set)')
		},
	}
}
