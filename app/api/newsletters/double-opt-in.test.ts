// Double opt-in through the real job queue to a real SMTP sink: the welcome mail's link confirms the
// address and records the consent; opening it changes nothing; links that are not this one's do
// nothing; the day's welcomes share one mailing; an unconfirmed address expires unless asked again.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CONFIRM_WITHIN_DAYS } from '~/contract/constants'
import { CONFIRM_MESSAGES, confirmSubscriptionEndpoints, unsubscribeEndpoints } from '~/contract/mailings'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'
import { createAccountsApi } from '#tests/setup/accounts'
import { mailDeliveries, newsletterSubscriptions } from '../db/schema'
import { sweep } from '../housekeeping'
import { SIGNED_LINKS, signedLinkToken } from '../mail/signed-links'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	harness = await createAccountsApi({ withMail: {} })
})
afterAll(() => harness.close())

const DAY_MS = 24 * 3600_000
const subscribe = (sEmail: string, clientAddress = '198.51.100.10') =>
	harness.call(NEWSLETTER_API_PATHS.subscribe, { sFullName: 'Asha Kulkarni', sMembershipNumber: '123456', sEmail }, { clientAddress })
const confirm = (sToken: string, clientAddress = '192.0.2.44') => harness.call(confirmSubscriptionEndpoints.confirm.path, { sToken }, { clientAddress })
const check = (sToken: string) => harness.call(confirmSubscriptionEndpoints.check.path, { sToken })
const subscription = async (email: string) => (await harness.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]

async function confirmTokenMailedTo(email: string) {
	await expect.poll(() => harness.sink.for(email).length, { timeout: 20_000, interval: 100 }).toBe(1)
	const link = /https:\/\/portal\.test\.example\/newsletter\/confirm\/(\S+)/.exec(harness.sink.for(email)[0]!.text)
	expect(link).not.toBeNull()
	return link![1]!
}

describe('confirming the address', () => {
	test('the welcome mail links to the confirmation; checking changes nothing; confirming records when and from where, once', async () => {
		expect((await subscribe('opt-in@test.example')).status).toBe(200)
		const sToken = await confirmTokenMailedTo('opt-in@test.example')
		expect(harness.sink.for('opt-in@test.example')[0]!.text).toContain(`the link works for ${CONFIRM_WITHIN_DAYS} days`)
		expect(await subscription('opt-in@test.example')).toMatchObject({ requestedFrom: '198.51.100.10', confirmedAt: null, confirmedFrom: null })

		// What a mail scanner does when it opens the link: nothing changes.
		expect(await check(sToken)).toMatchObject({ status: 200, body: { data: { bConfirmed: false } } })
		expect((await subscription('opt-in@test.example'))!.confirmedAt).toBeNull()

		expect(await confirm(sToken)).toMatchObject({ status: 200, body: { message: CONFIRM_MESSAGES.done } })
		const consent = await subscription('opt-in@test.example')
		expect(consent).toMatchObject({ confirmedFrom: '192.0.2.44', confirmedAt: expect.any(Date) })
		// A second click answers the same and keeps the first record.
		expect(await confirm(sToken, '203.0.113.99')).toMatchObject({ status: 200, body: { message: CONFIRM_MESSAGES.done } })
		expect(await subscription('opt-in@test.example')).toEqual(consent)
		expect(await check(sToken)).toMatchObject({ status: 200, body: { data: { bConfirmed: true } } })

		// Subscribing a confirmed address again changes nothing and mails nothing.
		expect((await subscribe('opt-in@test.example', '203.0.113.5')).status).toBe(200)
		expect(await subscription('opt-in@test.example')).toEqual(consent)
		expect(await harness.db.select().from(mailDeliveries).where(eq(mailDeliveries.email, 'opt-in@test.example'))).toHaveLength(1)
	})

	test('a tampered link, an unsubscribe link, an expired link and the link of a removed subscription confirm nothing', async () => {
		await subscribe('void-links@test.example')
		const sToken = await confirmTokenMailedTo('void-links@test.example')
		const { id } = (await subscription('void-links@test.example'))!
		const tampered = sToken.slice(0, -2) + (sToken.endsWith('AA') ? 'BB' : 'AA')
		const unsubscribeToken = signedLinkToken(harness.mail!.signingKey, SIGNED_LINKS.unsubscribe, id)
		const expired = signedLinkToken(harness.mail!.signingKey, SIGNED_LINKS.confirm, id, new Date(Date.now() - (CONFIRM_WITHIN_DAYS + 1) * DAY_MS))
		for (const token of [tampered, unsubscribeToken, expired]) {
			expect(await confirm(token)).toMatchObject({ status: 400, body: { message: CONFIRM_MESSAGES.badLink } })
			expect((await check(token)).status).toBe(400)
		}
		expect((await subscription('void-links@test.example'))!.confirmedAt).toBeNull()

		expect((await harness.call(unsubscribeEndpoints.unsubscribe.path, { sToken: unsubscribeToken })).status).toBe(200)
		expect(await confirm(sToken)).toMatchObject({ status: 400, body: { message: CONFIRM_MESSAGES.badLink } })
		expect(await subscription('void-links@test.example')).toBeUndefined()
	})
})

describe('welcome mails and expiry', () => {
	test('the day’s welcomes are one mailing; an unconfirmed address asked for again the same day gets no second mail', async () => {
		const emails = ['day-a@test.example', 'day-b@test.example', 'day-c@test.example']
		for (const email of emails) await subscribe(email)
		await subscribe('day-a@test.example', '203.0.113.8')
		for (const email of emails) await confirmTokenMailedTo(email)
		const deliveries = await harness.db.select().from(mailDeliveries)
		const ofThese = deliveries.filter((delivery) => emails.includes(delivery.email))
		expect(ofThese).toHaveLength(3)
		expect(new Set(ofThese.map((delivery) => delivery.mailingId)).size).toBe(1)
		// The repeat renewed the request: its client address is the latest.
		expect((await subscription('day-a@test.example'))!.requestedFrom).toBe('203.0.113.8')
	})

	test(`an address not confirmed within ${CONFIRM_WITHIN_DAYS} days is removed, unless asked for again; confirmed ones stay`, async () => {
		const longAgo = new Date(Date.now() - (CONFIRM_WITHIN_DAYS + 1) * DAY_MS)
		await harness.db.insert(newsletterSubscriptions).values([
			{ email: 'stale@test.example', fullName: 'Stale', membershipNumber: '1', createdAt: longAgo },
			{ email: 'asked-again@test.example', fullName: 'Asked again', membershipNumber: '1', createdAt: longAgo },
			{ email: 'kept@test.example', fullName: 'Kept', membershipNumber: '1', createdAt: longAgo, confirmedAt: longAgo },
		])
		await subscribe('asked-again@test.example')
		expect((await sweep(harness.db)).unconfirmedSubscriptions).toBe(1)
		expect(await subscription('stale@test.example')).toBeUndefined()
		expect(await subscription('asked-again@test.example')).toBeDefined()
		expect(await subscription('kept@test.example')).toBeDefined()
	})
})
