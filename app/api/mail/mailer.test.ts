// Without SMTP_URL each mail is one .eml file in the outbox, and the log names the file, never the
// code; the recipient's address shows masked in every line about a mail.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { expect, test } from 'vitest'
import { startSmtpSink } from '../../../scripts/smtp-sink.mjs'
import { errorSerializers } from '../log-errors'
import { createMailer } from './mailer'

test('the outbox gets one RFC 5322 file per mail; the log line names it without the text', async () => {
	const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-test-')), 'outbox')
	const lines: string[] = []
	const log = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }))
	const mailer = createMailer({ outboxDir, from: 'Branch <no-reply@branch.example>', signature: { name: 'Test Branch', address: '1 Test Road, Pune' }, log })
	await mailer.send({ to: 'reader@example.org', subject: 'Your registration code', text: 'Your code is:\n\n    482913\n' })
	const files = readdirSync(outboxDir)
	expect(files).toHaveLength(1)
	const message = readFileSync(path.join(outboxDir, files[0]!), 'utf8')
	expect(message).toMatch(/^From: Branch <no-reply@branch\.example>$/m)
	expect(message).toMatch(/^To: reader@example\.org$/m)
	expect(message).toMatch(/^Subject: Your registration code$/m)
	expect(message).toContain('482913')
	expect(lines.join('')).toContain(files[0])
	expect(lines.join('')).not.toContain('482913')
	expect(lines.join('')).toContain('r***@example.org')
})

test("the log names a mail's recipient masked, sent by SMTP or refused by the server", async () => {
	const sink = await startSmtpSink({
		gate: (message) =>
			message.to.includes('refused.person@example.org')
				? Object.assign(new Error('5.1.1 <refused.person@example.org>: Recipient address rejected'), { responseCode: 550 })
				: 'accept',
	})
	const lines: string[] = []
	const log = pino({ level: 'info', serializers: errorSerializers }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }))
	const mailer = createMailer({
		smtpUrl: sink.url,
		outboxDir: '/nonexistent',
		from: 'Branch <no-reply@branch.example>',
		signature: { name: 'Test Branch', address: '1 Test Road, Pune' },
		log,
	})
	try {
		await mailer.send({ to: 'Reader.Person@Example.org', subject: 'Your registration code', text: 'Your code is 482913.' })
		const refusal = await mailer
			.send({ to: 'refused.person@example.org', subject: 'Your registration code', text: 'Your code is 482913.' })
			.catch((error: unknown) => error)
		log.error({ err: refusal }, 'A password reset code could not be mailed')
	} finally {
		await sink.close()
	}
	const logged = lines.join('')
	expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'Mail sent', to: 'R***@Example.org' })
	expect(logged).toContain('r***@example.org')
	expect(logged).not.toMatch(/reader\.person|refused\.person/i)
})
