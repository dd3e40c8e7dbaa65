// The target of the mail lanes (decision 0040): with 300 new subscriptions and an issue to 1,000
// subscribers going out, a reminder due now and a seat offered from a waiting list reach their
// readers within 60 s. Real PGlite, real pg-boss, a real SMTP server, and the default sending rate
// (5 a second), at which the bulk mail alone takes over four minutes: the time-critical mail is
// measured while the bulk mail is still in flight.
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officeMailingEndpoints } from '~/contract/mailings'
import { NEWSLETTER_API_PATHS, SUBSCRIBE_RATE_LIMITS } from '~/contract/newsletters'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { DAY, HOUR, insertTestEvent } from '#tests/setup/registrations'
import { mailDeliveries, mailings, newsletterIssues, newsletterSubscriptions } from '../db/schema'
import { runTick } from '../tick'
import { mailingProgress } from '../mailings/mailings'

const TARGET_MS = 60_000
const DEFAULT_RATE_PER_SECOND = 5
const SUBSCRIBERS = 1000
const NEW_SUBSCRIPTIONS = 300
const REGISTERED = 10

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let issueMailing: number
beforeAll(async () => {
	harness = await createAccountsApi({ withMail: { ratePerSecond: DEFAULT_RATE_PER_SECOND } })
})
afterAll(() => harness.close())

async function sendIssueToSubscribers() {
	const { token } = await createTestStaff(harness.db)
	const readers = Array.from({ length: SUBSCRIBERS }, (_, n) => ({
		email: `lane-reader${n}@test.example`,
		fullName: `Reader ${n}`,
		membershipNumber: '100000',
		confirmedAt: new Date(),
	}))
	await harness.db.insert(newsletterSubscriptions).values(readers)
	const cover = { sPath: 'covers/x.webp', nWidth: 600, nHeight: 800, sAlt: 'Cover', aVariants: [] }
	const [issue] = await harness.db
		.insert(newsletterIssues)
		.values({
			title: 'The lanes issue',
			issueMonth: '2026-12-01',
			summary: 'A long one.',
			contents: ['Everything'],
			cover,
			pdfPath: 'newsletters/2026-12.pdf',
			pdfBytes: 1000,
			pageCount: 4,
		})
		.returning()
	const sent = await harness.call(fillPath(officeMailingEndpoints.send.path, { iRecordId: issue!.id }), {}, { token })
	expect(sent.status).toBe(202)
	return (
		await harness.db
			.select({ id: mailings.id })
			.from(mailings)
			.where(and(eq(mailings.kind, 'newsletter'), eq(mailings.subjectId, issue!.id)))
	)[0]!.id
}

/** Through the public call, each client address up to its hourly limit. */
async function subscribeMany() {
	for (let n = 0; n < NEW_SUBSCRIPTIONS; n++) {
		const clientAddress = `198.51.100.${1 + Math.floor(n / SUBSCRIBE_RATE_LIMITS.perClient.limit)}`
		const answer = await harness.call(
			NEWSLETTER_API_PATHS.subscribe,
			{ sFullName: `New ${n}`, sMembershipNumber: '123456', sEmail: `lane-new${n}@test.example` },
			{ clientAddress },
		)
		expect(answer.status).toBe(200)
	}
	const welcomes = await harness.db.select({ id: mailings.id }).from(mailings).where(eq(mailings.kind, 'welcome'))
	expect(welcomes).toHaveLength(1)
	const [deliveries] = await harness.db.select({ n: count() }).from(mailDeliveries).where(eq(mailDeliveries.mailingId, welcomes[0]!.id))
	expect(deliveries!.n).toBe(NEW_SUBSCRIPTIONS)
	return welcomes[0]!.id
}

test(
	`a reminder and a seat offer due now arrive within ${TARGET_MS / 1000} s while an issue and the day's welcome mails go out`,
	{ timeout: 4 * TARGET_MS },
	async () => {
		issueMailing = await sendIssueToSubscribers()
		const welcomeMailing = await subscribeMany()
		// One mailing for the day's welcomes, sent by one job at a time (a job per subscriber would be 300).
		const [jobs] = await harness.db
			.select({ n: count() })
			.from(sql`jobs.job`)
			.where(sql`singleton_key = ${String(welcomeMailing)}`)
		expect(jobs!.n).toBeLessThan(10)
		// Both bulk mailings go side by side: a job queue working one job at a time would leave the
		// welcomes waiting behind the issue's job for a minute.
		await expect.poll(async () => (await mailingProgress(harness.db, welcomeMailing)).sent, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0)

		const start = new Date(Date.now() + 2 * HOUR)
		const seminar = await insertTestEvent(harness.db, start, { feePaise: 0, title: 'Seminar due now' })
		const registered = await Promise.all(Array.from({ length: REGISTERED }, () => createTestAccount(harness.db, 'member')))
		for (const person of registered)
			expect((await harness.call(REGISTRATION_PATHS.register('member', seminar.id), {}, { token: person.token })).status).toBe(201)
		// Days away, so that only the seminar's reminders are due.
		const workshop = await insertTestEvent(harness.db, 3 * DAY, { feePaise: 0, seatLimit: 1, title: 'Full workshop' })
		const [holder, waiting] = [await createTestAccount(harness.db, 'member'), await createTestAccount(harness.db, 'member')]
		await harness.call(REGISTRATION_PATHS.register('member', workshop.id), {}, { token: holder.token })
		expect((await harness.call(REGISTRATION_PATHS.waitingList('member', workshop.id), {}, { token: waiting.token })).status).toBe(201)

		const queuedAt = Date.now()
		expect((await runTick(harness.db, harness.mail!, new Date())).reminders).toBe(REGISTERED)
		await harness.call(REGISTRATION_PATHS.cancel('member', workshop.id), {}, { token: holder.token })
		// Each registered person also got a "registration received" mail when registering: the reminders and the offer are what is timed.
		const timed = (email: string) => harness.sink.for(email).filter((mail) => /^(Reminder|A seat is free)/.test(mail.subject))
		const timeCritical = () => [...registered.map((person) => timed(person.account.email)), timed(waiting.account.email)]
		await expect.poll(() => timeCritical().every((mails) => mails.length === 1), { timeout: TARGET_MS, interval: 100 }).toBe(true)
		const lastArrival = Math.max(...timeCritical().map(([mail]) => mail!.at)) - queuedAt
		console.info(`The ${REGISTERED} reminders and the seat offer arrived within ${(lastArrival / 1000).toFixed(1)} s of being queued.`)

		// Measured while the bulk mail was in flight, not after it.
		expect((await mailingProgress(harness.db, issueMailing)).left).toBeGreaterThan(0)
		expect((await mailingProgress(harness.db, welcomeMailing)).left).toBeGreaterThan(0)
	},
)

test('stopping the queue mid-mailing leaves the rest queued; started again, it goes on where it stopped, nobody twice', async () => {
	const before = (await mailingProgress(harness.db, issueMailing)).sent
	await harness.restartJobs()
	await expect.poll(async () => (await mailingProgress(harness.db, issueMailing)).sent, { timeout: 20_000, interval: 200 }).toBeGreaterThan(before + 5)
	const issueMails = harness.sink.messages.filter((mail) => mail.subject.includes('The lanes issue'))
	expect(new Set(issueMails.flatMap((mail) => mail.to)).size).toBe(issueMails.length)
})
