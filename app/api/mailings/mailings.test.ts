// Mail through the real job queue (pg-boss on this run's database) to a real SMTP sink: the
// welcome mail and its unsubscribe headers, one-click unsubscribing, an issue sent to every
// confirmed subscriber exactly once, a refused recipient and a mail server that is down for a while.
// (Confirming the address: app/api/newsletters/double-opt-in.test.ts.)
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { MAILING_MESSAGES, officeMailingEndpoints, UNSUBSCRIBE_MESSAGES, unsubscribeEndpoints } from '~/contract/mailings'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'
import { formatDay, indiaCalendarDay } from '~/utils/kolkata-date'
import { createAccountsApi, createTestStaff } from '#tests/setup/accounts'
import { mailDeliveries, newsletterIssues, newsletterSubscriptions } from '../db/schema'
import { mailingProgress, runMailing } from '../mailings/mailings'
import { renderMail } from '../mail-messages'
import { addToMailing } from '../mailings/add-to-mailing'

/** Addresses the sink refuses: for good (550), or for now (451) until `serverDown` is false. */
const refusedForGood = new Set<string>()
let serverDown = false
const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code })

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let token: string
beforeAll(async () => {
	harness = await createAccountsApi({
		withMail: {
			gate: (message) => {
				if (serverDown) return smtpError(451, 'Try again later')
				if (message.to.some((to) => refusedForGood.has(to))) return smtpError(550, 'No such mailbox')
				return 'accept'
			},
		},
	})
	token = (await createTestStaff(harness.db)).token
})
afterAll(() => harness.close())

const subscribe = (sEmail: string, sFullName = 'Reader') =>
	harness.call(
		NEWSLETTER_API_PATHS.subscribe,
		{ sFullName, sMembershipNumber: '123456', sEmail },
		{ clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}` },
	)
const eventually = (check: () => unknown) => expect.poll(check, { timeout: 20_000, interval: 100 })
const unsubscribeLinkIn = (raw: string) => /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw)?.[1] ?? ''
const tokenOf = (link: string) => decodeURIComponent(link.split('/').at(-1) ?? '')

/** Subscribers who confirmed their address, as the office's list has them. */
async function insertConfirmed(emails: string[]) {
	return harness.db
		.insert(newsletterSubscriptions)
		.values(emails.map((email, n) => ({ email, fullName: `Reader ${n}`, membershipNumber: '100000', confirmedAt: new Date() })))
		.returning()
}

async function insertIssue(title: string, month: string) {
	const cover = { sPath: 'covers/x.webp', nWidth: 600, nHeight: 800, sAlt: title, aVariants: [] }
	const [issue] = await harness.db
		.insert(newsletterIssues)
		.values({
			title,
			issueMonth: `${month}-01`,
			summary: `About ${title}.`,
			contents: ['GST update', 'Events'],
			cover,
			pdfPath: `newsletters/${month}.pdf`,
			pdfBytes: 1000,
			pageCount: 4,
		})
		.returning()
	return issue!
}

describe('subscribing and leaving', () => {
	test('a new subscriber gets one welcome mail: text and HTML, the branch, a signed one-click unsubscribe link', async () => {
		expect((await subscribe('welcome@test.example', 'Asha Kulkarni')).status).toBe(200)
		await eventually(() => harness.sink.for('welcome@test.example').length).toBe(1)
		expect((await subscribe('welcome@test.example', 'Asha Kulkarni')).status).toBe(200)
		const [mail] = harness.sink.for('welcome@test.example')
		expect(mail!.subject).toBe('Please confirm your subscription to the Test Branch newsletter')
		expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
		expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/)
		expect(mail!.raw).toMatch(/Content-Type: text\/html/)
		expect(mail!.text).toMatch(/^Thank you for subscribing/m)
		expect(mail!.text).toContain('1 Test Road, Pune')
		const link = unsubscribeLinkIn(mail!.raw)
		expect(link).toMatch(/^https:\/\/portal\.test\.example\/newsletter\/unsubscribe\//)
		expect(link).not.toMatch(/welcome|test\.example\/.*@/)
		// The repeat subscription sent nothing more.
		expect(harness.sink.for('welcome@test.example')).toHaveLength(1)
	})

	test('the confirmation mail carries nothing typed at sign-up, which goes to any address; a name of several lines is refused', async () => {
		const lines = await subscribe('lines@test.example', 'Asha\nYour account is locked. Unlock it at https://evil.example/unlock')
		expect(lines).toMatchObject({ status: 400, body: { errors: { sFullName: ['Name must be one line, without line breaks or other control characters'] } } })
		expect((await subscribe('phished@test.example', 'Asha, your account is locked: unlock it at https://evil.example/unlock')).status).toBe(200)
		await eventually(() => harness.sink.for('phished@test.example').length).toBe(1)
		const [mail] = harness.sink.for('phished@test.example')
		expect(mail!.text).toContain('Thank you for subscribing')
		// Neither in the text nor in the HTML, as words or as a link.
		expect(mail!.text).not.toMatch(/evil\.example|locked/)
		expect(await harness.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'lines@test.example'))).toHaveLength(0)
	})

	test('the link unsubscribes once; again, the same calm answer; a tampered link changes nothing', async () => {
		await subscribe('leaving@test.example')
		await eventually(() => harness.sink.for('leaving@test.example').length).toBe(1)
		const sToken = tokenOf(unsubscribeLinkIn(harness.sink.for('leaving@test.example')[0]!.raw))
		const tampered = sToken.slice(0, -2) + (sToken.endsWith('AA') ? 'BB' : 'AA')
		const refused = await harness.call(unsubscribeEndpoints.unsubscribe.path, { sToken: tampered })
		expect(refused).toMatchObject({ status: 400, body: { message: UNSUBSCRIBE_MESSAGES.badLink } })
		expect(await harness.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'leaving@test.example'))).toHaveLength(1)
		expect((await harness.call(unsubscribeEndpoints.check.path, { sToken })).status).toBe(200)
		const done = await harness.call(unsubscribeEndpoints.unsubscribe.path, { sToken })
		expect(done).toMatchObject({ status: 200, body: { message: UNSUBSCRIBE_MESSAGES.done } })
		expect(await harness.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'leaving@test.example'))).toHaveLength(0)
		expect((await harness.call(unsubscribeEndpoints.unsubscribe.path, { sToken })).body.message).toBe(UNSUBSCRIBE_MESSAGES.done)
	})
})

describe('sending an issue', () => {
	const path = (entry: { path: string }, iRecordId: number) => fillPath(entry.path, { iRecordId })

	test('a test to the staff member, then one mail to each confirmed subscriber with a link to the issue; sending again adds no one', async () => {
		await harness.db.delete(newsletterSubscriptions)
		const issue = await insertIssue('The November issue', '2026-11')
		const readers = Array.from({ length: 25 }, (_, n) => `reader${n}@test.example`)
		await insertConfirmed(readers)
		// Asked for, never confirmed: not on the list an issue goes to.
		await harness.db.insert(newsletterSubscriptions).values({ email: 'unconfirmed@test.example', fullName: 'Unconfirmed', membershipNumber: '100000' })
		const tested = await harness.call(path(officeMailingEndpoints.test, issue.id), { sEmail: 'Office.Staff@Test.example' }, { token })
		expect(tested).toMatchObject({ status: 200, body: { message: MAILING_MESSAGES.testSent } })
		await eventually(() => harness.sink.for('office.staff@test.example').length).toBe(1)
		expect(harness.sink.for('office.staff@test.example')[0]!.subject).toBe('[Test] Test Branch newsletter: The November issue')
		const status = await harness.call(path(officeMailingEndpoints.status, issue.id), undefined, { token })
		expect(status.body.data).toEqual({ nSubscribers: 25, oProgress: null, sTestEmail: 'office.staff@test.example' })

		const sent = await harness.call(path(officeMailingEndpoints.send, issue.id), {}, { token })
		expect(sent).toMatchObject({ status: 202, body: { message: MAILING_MESSAGES.sending } })
		await eventually(async () => (await harness.call(path(officeMailingEndpoints.status, issue.id), undefined, { token })).body.data.oProgress).toMatchObject({
			nSent: 25,
			nFailed: 0,
			nLeft: 0,
		})
		for (const reader of readers) {
			const mails = harness.sink.for(reader)
			expect(mails).toHaveLength(1)
			expect(mails[0]!.text).toContain('https://portal.test.example/media/newsletters/2026-11.pdf')
			expect(mails[0]!.raw).not.toMatch(/Content-Disposition: attachment/)
		}
		expect(harness.sink.for('unconfirmed@test.example')).toHaveLength(0)
		expect((await harness.call(path(officeMailingEndpoints.send, issue.id), {}, { token })).body.message).toBe(MAILING_MESSAGES.alreadySent)
		expect((await harness.call(path(officeMailingEndpoints.send, issue.id), {})).status).toBe(401)
	})

	test('a draft cannot be sent', async () => {
		const draft = await insertIssue('A draft', '2026-10')
		await harness.db.update(newsletterIssues).set({ isPublished: false }).where(eq(newsletterIssues.id, draft.id))
		expect(await harness.call(path(officeMailingEndpoints.send, draft.id), {}, { token })).toMatchObject({
			status: 409,
			body: { message: MAILING_MESSAGES.notPublished },
		})
	})

	test('a refused mailbox is marked failed and the rest go; a server down for a while is waited out; the failed can be sent again', async () => {
		await harness.db.delete(newsletterSubscriptions)
		const issue = await insertIssue('The September issue', '2026-09')
		const readers = ['sep-a@test.example', 'sep-bad@test.example', 'sep-c@test.example']
		await insertConfirmed(readers)
		refusedForGood.add('sep-bad@test.example')
		serverDown = true
		await harness.call(path(officeMailingEndpoints.send, issue.id), {}, { token })
		const progress = async () => (await harness.call(path(officeMailingEndpoints.status, issue.id), undefined, { token })).body.data.oProgress
		// The job fails, its error shows, and nothing is lost while the queue waits to retry.
		await eventually(async () => (await progress()).sLastError).toMatch(/^451 /)
		expect(await progress()).toMatchObject({ nSent: 0, nLeft: 3 })
		serverDown = false
		await eventually(progress).toMatchObject({ nSent: 2, nFailed: 1, nLeft: 0, sLastError: null })
		const [failed] = await harness.db.select().from(mailDeliveries).where(eq(mailDeliveries.email, 'sep-bad@test.example'))
		expect(failed).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^550 /) })

		refusedForGood.clear()
		const again = await harness.call(path(officeMailingEndpoints.retryFailed, issue.id), {}, { token })
		expect(again).toMatchObject({ status: 202, body: { message: MAILING_MESSAGES.failedAgain } })
		await eventually(progress).toMatchObject({ nSent: 3, nFailed: 0, nLeft: 0 })
		for (const reader of readers) expect(harness.sink.for(reader)).toHaveLength(1)
		expect((await harness.call(path(officeMailingEndpoints.retryFailed, issue.id), {}, { token })).body.message).toBe(MAILING_MESSAGES.nothingFailed)
	})

	test('a reader who leaves while the issue goes out is skipped, not failed', async () => {
		await harness.db.delete(newsletterSubscriptions)
		const issue = await insertIssue('The August issue', '2026-08')
		const readers = await insertConfirmed(['aug-stays@test.example', 'aug-leaves@test.example'])
		// Made by hand and run here, not by the queue, so the reader leaves between the two.
		const { mailingId } = await addToMailing(
			harness.db,
			{ kind: 'newsletter', subjectId: issue.id },
			readers.map((r) => ({ email: r.email, name: r.fullName, details: { subscriptionId: r.id } })),
		)
		await harness.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'aug-leaves@test.example'))
		expect(await runMailing(harness.db, harness.mail!, renderMail, mailingId)).toBe('done')
		expect(await mailingProgress(harness.db, mailingId)).toMatchObject({ sent: 1, failed: 0, left: 0, skipped: 1 })
		expect(harness.sink.for('aug-leaves@test.example')).toHaveLength(0)
		expect((await harness.call(path(officeMailingEndpoints.status, issue.id), undefined, { token })).body.data.oProgress).toMatchObject({
			nSent: 1,
			nSkipped: 1,
		})
	})

	test('the office sees every mailing, newest first, with its counts and last error', async () => {
		const list = await harness.call(officeMailingEndpoints.list.path, undefined, { token })
		expect(list.status).toBe(200)
		const subjects = list.body.data.map((mailing: { sSubject: string }) => mailing.sSubject)
		expect(subjects).toEqual(
			expect.arrayContaining([
				'Newsletter: The September issue',
				'Newsletter: The November issue',
				'Test of the newsletter: The November issue',
				`Welcome mails of ${formatDay(indiaCalendarDay(new Date()))}, asking to confirm`,
			]),
		)
		expect(subjects.indexOf('Newsletter: The September issue')).toBeLessThan(subjects.indexOf('Newsletter: The November issue'))
		expect(list.body.data.find((mailing: { sSubject: string }) => mailing.sSubject === 'Newsletter: The November issue')).toMatchObject({
			sKind: 'newsletter',
			nSent: 25,
			nFailed: 0,
			nLeft: 0,
			sLastError: null,
		})
		expect((await harness.call(officeMailingEndpoints.list.path)).status).toBe(401)
	})
})
