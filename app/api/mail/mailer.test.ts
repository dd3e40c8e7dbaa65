// Without SMTP_URL each mail is one .eml file in the outbox, and the log names the file, never the code.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { expect, test } from 'vitest'
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
})
