// The registration rush on a real database: 500 people at once for 100 seats. The event row's
// lock decides who gets a seat, so exactly 100 are registered, the rest are told the event is full
// and join the waiting list in the order they joined it, each told their place; nobody is answered
// with a 5xx.
import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { PaymentProvider } from '~/contract/payments'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { eventRegistrations, waitingListEntries } from '../db/schema'
import { createTestAccount } from '#tests/setup/accounts'
import { createRegistrationApi, DAY, insertTestEvent } from '#tests/setup/registrations'

let harness: Awaited<ReturnType<typeof createRegistrationApi>>
beforeAll(async () => {
	harness = await createRegistrationApi()
})
afterAll(() => harness.close())

async function rush(feePaise: number, provider: PaymentProvider) {
	const event = await insertTestEvent(harness.db, 5 * DAY, { seatLimit: 100, feePaise })
	const people = []
	for (let n = 0; n < 500; n++) people.push(await createTestAccount(harness.db, 'member'))
	// Each person registers and, told it is full, joins the waiting list: all 500 at once.
	const outcomes = await Promise.all(
		people.map(async ({ account, token }) => {
			const registered = await harness.call(REGISTRATION_PATHS.register('member', event.id), {}, { token, provider })
			if (registered.status !== 409) return { accountId: account.id, statuses: [registered.status], position: null }
			expect(registered.body.message).toBe(REGISTRATION_MESSAGES.full)
			const joined = await harness.call(REGISTRATION_PATHS.waitingList('member', event.id), {}, { token, provider })
			return { accountId: account.id, statuses: [registered.status, joined.status], position: joined.body.data?.oWaitingList?.nPosition as number }
		}),
	)
	expect(outcomes.flatMap((o) => o.statuses).filter((status) => status >= 500)).toEqual([])
	const registered = await harness.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))
	expect(registered).toHaveLength(100)
	expect(new Set(registered.map((r) => r.status))).toEqual(new Set([feePaise ? 'pending' : 'confirmed']))
	const waiting = await harness.db.select().from(waitingListEntries).where(eq(waitingListEntries.eventId, event.id)).orderBy(asc(waitingListEntries.id))
	expect(waiting).toHaveLength(400)
	// In the order they joined (under the event's lock): each was told a place of its own, 1 to 400,
	// and the line holds them in that order.
	const told = new Map(outcomes.map((o) => [o.accountId, o.position]))
	expect(waiting.map((w) => told.get(w.accountId))).toEqual(Array.from({ length: 400 }, (_, n) => n + 1))
	const seated = new Set(registered.map((r) => r.accountId))
	expect(waiting.some((w) => seated.has(w.accountId))).toBe(false)
	const state = await harness.call(REGISTRATION_PATHS.availability(event.id))
	expect(state.body.data).toMatchObject({ nSeatsLeft: 0, sClosedReason: 'full' })
	return { registered, waiting, event }
}

test('a free seminar: 100 registered, 400 on the waiting list, no 5xx', { timeout: 240_000 }, async () => {
	await rush(0, 'sandbox')
})

test('a paid event paying online: 100 seats held while paying, 400 waiting', { timeout: 240_000 }, async () => {
	const { registered } = await rush(100_000, 'razorpay')
	const held = await harness.db
		.select()
		.from(eventRegistrations)
		.where(
			inArray(
				eventRegistrations.id,
				registered.map((r) => r.id),
			),
		)
	expect(held.every((r) => r.holdExpiresAt !== null)).toBe(true)
})
