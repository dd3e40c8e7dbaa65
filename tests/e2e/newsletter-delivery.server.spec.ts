// An issue sent to 50 subscribers survives `kill -9` part-way: the portal is killed while the
// mail server holds its 20th message unanswered (so that message was never delivered), started
// again on the same data, and every subscriber ends with exactly one copy. The subscribers join as
// anyone does: the form's call, then the confirmation link in the welcome mail. A real portal
// process, a real SMTP server, the job queue on embedded PGlite. No browser: the "server" project runs it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { confirmSubscriptionEndpoints, officeMailingEndpoints } from '~/contract/mailings'
import { OFFICE_PATHS } from '~/contract/office/auth'
import { officeNewsletterEndpoints } from '~/contract/office/newsletters'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'
import { fillPath } from '~/contract/endpoint'
import { startSmtpSink } from '../../scripts/smtp-sink.mjs'
import { encrypt } from './support/accounts'
import { E2E_OFFICE_PASSWORD, e2eOfficePasswordHash } from './support/office'
import { startPortal, type PortalProcess } from './support/portal'

test.describe.configure({ timeout: 180_000 })

const SUBSCRIBERS = 50
const KILL_AT = 20
const ISSUE_SUBJECT = /newsletter: /

test('a newsletter sent to 50 subscribers reaches each exactly once, though the portal is killed part-way', async () => {
	let portal: PortalProcess | undefined
	let issueMailsSeen = 0
	const sink = await startSmtpSink({
		gate: (message) => {
			if (!ISSUE_SUBJECT.test(message.subject)) return 'accept'
			issueMailsSeen += 1
			if (issueMailsSeen !== KILL_AT) return 'accept'
			// Killed before the server answers: this message was not delivered, as SMTP has it.
			portal?.child.kill('SIGKILL')
			return new Promise(() => {})
		},
	})
	const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'))
	const env = {
		DATA_DIR: dataDir,
		SMTP_URL: sink.url,
		MAIL_RATE_PER_SECOND: '100',
		JOB_RETRY_SECONDS: '1',
		JOB_POLL_SECONDS: '0.5',
		OFFICE_USERS: JSON.stringify([{ username: 'mail.desk', fullName: 'Mail Desk', passwordHash: e2eOfficePasswordHash(), role: 'editor' }]),
	}
	try {
		portal = await startPortal(env, { startMs: 60_000 })
		const api = await playwrightRequest.newContext({ baseURL: portal.url })
		const readers = Array.from({ length: SUBSCRIBERS }, (_, n) => `kill-reader-${n}@test.example`)
		for (const sEmail of readers) {
			const answer = await api.post(`/api${NEWSLETTER_API_PATHS.subscribe}`, { data: { sFullName: 'Reader', sMembershipNumber: '123456', sEmail } })
			expect(answer.status()).toBe(200)
		}
		// The welcome mails go first, so that only the issue is in flight when the portal dies.
		await expect.poll(() => sink.messages.length, { timeout: 60_000 }).toBe(SUBSCRIBERS)
		for (const welcome of sink.messages) {
			const sToken = /\/newsletter\/confirm\/(\S+)/.exec(welcome.text)?.[1]
			expect((await api.post(`/api${confirmSubscriptionEndpoints.confirm.path}`, { data: { sToken } })).status()).toBe(200)
		}

		const login = await api.post(`/api${OFFICE_PATHS.login}`, { data: await encrypt(api, { sUsername: 'mail.desk', sPassword: E2E_OFFICE_PASSWORD }) })
		const token = ((await login.json()) as { data: { sToken: string } }).data.sToken
		const headers = { authorization: token }
		const issues = (await (await api.get(`/api${officeNewsletterEndpoints.list.path}`, { headers })).json()) as {
			data: { iRecordId: number; bIsPublished: boolean }[]
		}
		const issue = issues.data.find((item) => item.bIsPublished)!
		const sent = await api.post(`/api${fillPath(officeMailingEndpoints.send.path, { iRecordId: issue.iRecordId })}`, { headers })
		expect(sent.status()).toBe(202)
		const child = portal.child
		await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))
		expect(child.signalCode).toBe('SIGKILL')
		const deliveredBeforeKill = sink.messages.filter((m) => ISSUE_SUBJECT.test(m.subject)).length
		expect(deliveredBeforeKill).toBe(KILL_AT - 1)
		await api.dispose()

		portal = await startPortal(env, { startMs: 60_000 })
		const issueMails = () => sink.messages.filter((m) => ISSUE_SUBJECT.test(m.subject))
		await expect.poll(() => issueMails().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(SUBSCRIBERS)
		const again = await playwrightRequest.newContext({ baseURL: portal.url })
		const relogin = await again.post(`/api${OFFICE_PATHS.login}`, { data: await encrypt(again, { sUsername: 'mail.desk', sPassword: E2E_OFFICE_PASSWORD }) })
		const status = await again.get(`/api${fillPath(officeMailingEndpoints.status.path, { iRecordId: issue.iRecordId })}`, {
			headers: { authorization: ((await relogin.json()) as { data: { sToken: string } }).data.sToken },
		})
		expect(((await status.json()) as { data: { oProgress: unknown } }).data.oProgress).toMatchObject({ nSent: SUBSCRIBERS, nFailed: 0, nLeft: 0 })
		await again.dispose()
		for (const reader of readers)
			expect(
				issueMails().filter((m) => m.to.includes(reader)),
				reader,
			).toHaveLength(1)
		expect(issueMails()).toHaveLength(SUBSCRIBERS)
	} finally {
		await portal?.stop()
		await sink.close()
		rmSync(dataDir, { recursive: true, force: true })
	}
})
