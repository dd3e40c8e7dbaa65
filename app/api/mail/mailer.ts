// Outgoing mail (docs/mail.md): SMTP when SMTP_URL is set; otherwise each message is written to
// DATA_DIR/outbox as one .eml file and the log names the file (never its content: it may hold an
// OTP). The log shows the recipient masked.
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import { maskEmails } from '../log-errors'
import { composeBody, unsubscribeHeaders, type MailSignature } from './compose'

export type MailAttachment = { filename: string; content: string | Buffer; contentType: string }
export type Mail = {
	to: string
	subject: string
	/**
	 * Whom the greeting names: the person's name as they typed it, their own and sent to their own
	 * address. Mail to an address that may not be theirs (a newsletter sign-up) greets nobody by name.
	 */
	recipientName?: string
	/** Plain text, paragraphs separated by blank lines, written by the branch; the HTML part is made from it. */
	text: string
	/** For mail to subscribers: the signed link that ends the subscription. */
	unsubscribeUrl?: string
	attachments?: MailAttachment[]
}
export type Mailer = { send: (mail: Mail) => Promise<void> }

/** A server that hangs must not hold a job for long: each step of the SMTP dialogue has 20 s at most. */
const SMTP_TIMEOUT_MS = 20_000

type MailerOptions = { smtpUrl?: string; outboxDir: string; from: string; signature: MailSignature; log: Logger }

export function createMailer({ smtpUrl, outboxDir, from, signature, log }: MailerOptions): Mailer {
	const message = ({ recipientName, unsubscribeUrl, text, ...mail }: Mail) => ({
		from,
		...mail,
		...composeBody({ recipientName, text, signature, unsubscribeUrl }),
		headers: unsubscribeUrl ? unsubscribeHeaders(unsubscribeUrl) : {},
	})
	if (smtpUrl) {
		// One kept connection, reused for the next message (up to 100), instead of one per mail.
		const transport = nodemailer.createTransport({
			url: smtpUrl,
			pool: true,
			maxConnections: 1,
			connectionTimeout: SMTP_TIMEOUT_MS,
			greetingTimeout: SMTP_TIMEOUT_MS,
			socketTimeout: SMTP_TIMEOUT_MS,
		})
		return {
			async send(mail) {
				await transport.sendMail(message(mail))
				log.info({ to: maskEmails(mail.to), subject: mail.subject }, 'Mail sent')
			},
		}
	}
	const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	return {
		async send(mail) {
			const { message: eml } = await transport.sendMail(message(mail))
			await mkdir(outboxDir, { recursive: true, mode: 0o700 })
			const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
			await writeFile(file, eml as Buffer, { mode: 0o600 })
			log.info({ file, to: maskEmails(mail.to), subject: mail.subject }, 'Mail written to the outbox (SMTP_URL is not set)')
		},
	}
}

/** A refusal that no retry will change (an SMTP 5xx for this message or recipient). */
export function isPermanentRefusal(error: unknown) {
	const code = (error as { responseCode?: number } | null)?.responseCode
	return typeof code === 'number' && code >= 500 && code < 600
}
