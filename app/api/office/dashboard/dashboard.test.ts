import { afterAll, beforeAll, expect, test } from 'vitest'
import { officeDashboardEndpoints } from '~/contract/office/dashboard'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { DAY, insertTestEvent } from '#tests/setup/registrations'
import { newsletterSubscriptions } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

test('counts what waits for the office, and the next events with their seats', async () => {
	const soon = await insertTestEvent(office.db, 2 * DAY, { seatLimit: 10, title: 'Soon' })
	await insertTestEvent(office.db, -10 * DAY, { title: 'Past' })
	const { account } = await createTestAccount(office.db, 'member')
	await createTestPayment(office.db, account, { event: soon, status: 'pending', provider: 'offline' })
	await createTestPayment(office.db, (await createTestAccount(office.db, 'member')).account, { event: soon })
	// One confirmed this week; one still waiting for its confirmation does not count.
	await office.db.insert(newsletterSubscriptions).values([
		{ email: 'new@test.example', fullName: 'New', membershipNumber: '123123', confirmedAt: new Date() },
		{ email: 'waiting@test.example', fullName: 'Waiting', membershipNumber: '123124' },
	])

	const answer = await office.call(officeDashboardEndpoints.summary.path, { token })
	expect(answer.status).toBe(200)
	expect(answer.body.data).toMatchObject({ nPaymentsWaiting: 1, nRegistrationsThisWeek: 2, nNewSubscribersThisWeek: 1, nDisabledAccounts: 0 })
	expect(answer.body.data.aUpcomingEvents).toEqual([expect.objectContaining({ iEventId: soon.id, nSeatsTaken: 2, nSeatsLeft: 8, nSeatLimit: 10 })])
	expect((await office.call(officeDashboardEndpoints.summary.path)).status).toBe(401)
})
