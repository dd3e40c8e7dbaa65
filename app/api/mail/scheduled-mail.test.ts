// Mail the minute's tick sends, run at moments the tests choose: event reminders (on time, once,
// not for cancelled registrations, at the moved time of a moved event), waiting-list offers (to
// the first in line, lapsing to the next), and announcements to the members who opted in.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANNOUNCEMENT_PATHS } from '~/contract/announcements'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { DAY, HOUR, insertTestEvent } from '#tests/setup/registrations'
import { events } from '../db/schema'
import { runTick } from '../tick'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	harness = await createAccountsApi({ withMail: {} })
})
afterAll(() => harness.close())

const eventually = (check: () => unknown) => expect.poll(check, { timeout: 20_000, interval: 100 })
const tick = (now: Date) => runTick(harness.db, harness.mail!, now)
const mailsTo = (email: string, subject: RegExp) => harness.sink.for(email).filter((mail) => subject.test(mail.subject))
const member = (fields = {}) => createTestAccount(harness.db, 'member', fields)
const register = (eventId: number, token: string) => harness.call(REGISTRATION_PATHS.register('member', eventId), {}, { token })

describe('event reminders', () => {
	test('go out once the event is within the lead time, once, with the venue, map and calendar file, and not again after a restart', async () => {
		const start = new Date(Date.now() + 30 * HOUR)
		const event = await insertTestEvent(harness.db, start, { feePaise: 0, title: 'Seminar on audit sampling' })
		const coming = await member()
		const cancelled = await member()
		await register(event.id, coming.token)
		await register(event.id, cancelled.token)
		await harness.call(REGISTRATION_PATHS.cancel('member', event.id), {}, { token: cancelled.token })

		await tick(new Date(start.getTime() - 25 * HOUR))
		await tick(new Date(start.getTime() - 23 * HOUR))
		await eventually(() => mailsTo(coming.account.email, /^Reminder:/).length).toBe(1)
		const [reminder] = mailsTo(coming.account.email, /^Reminder:/)
		expect(reminder!.subject).toMatch(/^Reminder: Seminar on audit sampling, /)
		expect(reminder!.text).toContain('14 Tilak Road, Pune 411030')
		expect(reminder!.text).toContain('https://www.google.com/maps/search/?api=1&query=Pune')
		expect(reminder!.raw).toMatch(/Content-Type: text\/calendar/)
		expect(reminder!.raw).toMatch(/filename=event\.ics/)

		await harness.restartJobs()
		await tick(new Date(start.getTime() - 22 * HOUR))
		await tick(new Date(start.getTime() - 1 * HOUR))
		// A mail to the next person shows the queue has worked past this moment.
		const later = await insertTestEvent(harness.db, start, { feePaise: 0 })
		const marker = await member()
		await register(later.id, marker.token)
		await tick(new Date(start.getTime() - 1 * HOUR))
		await eventually(() => mailsTo(marker.account.email, /^Reminder:/).length).toBe(1)
		expect(mailsTo(coming.account.email, /^Reminder:/)).toHaveLength(1)
		expect(mailsTo(cancelled.account.email, /^Reminder:/)).toHaveLength(0)
	})

	test('follow the event when the office moves it, and never come for a cancelled or past event', async () => {
		const start = new Date(Date.now() + 3 * DAY)
		const moved = await insertTestEvent(harness.db, start, { feePaise: 0 })
		const dropped = await insertTestEvent(harness.db, start, { feePaise: 0 })
		const person = await member()
		await register(moved.id, person.token)
		await register(dropped.id, person.token)
		await harness.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, dropped.id))
		const movedStart = new Date(start.getTime() + 2 * DAY)
		await harness.db
			.update(events)
			.set({ startsAt: movedStart, endsAt: new Date(movedStart.getTime() + 2 * HOUR) })
			.where(eq(events.id, moved.id))
		// Within a day of the old time, but two days from the new one: nothing.
		expect((await tick(new Date(start.getTime() - 12 * HOUR))).reminders).toBe(0)
		expect((await tick(new Date(movedStart.getTime() - 12 * HOUR))).reminders).toBe(1)
		expect((await tick(new Date(movedStart.getTime() + 1 * HOUR))).reminders).toBe(0)
		await eventually(() => mailsTo(person.account.email, /^Reminder:/).length).toBe(1)
	})
})

describe('waiting lists', () => {
	test('a freed seat is offered to the first in line, held for them, and passes on when the offer lapses', async () => {
		const event = await insertTestEvent(harness.db, 10 * DAY, { feePaise: 0, seatLimit: 1, title: 'Workshop on transfer pricing' })
		const [holder, first, second] = [await member(), await member(), await member()]
		const join = (token: string) => harness.call(REGISTRATION_PATHS.waitingList('member', event.id), {}, { token })
		expect((await join(first.token)).body.message).toBe(REGISTRATION_MESSAGES.notFullForWaitingList)
		await register(event.id, holder.token)
		const joined = await join(first.token)
		expect(joined).toMatchObject({
			status: 201,
			body: { message: REGISTRATION_MESSAGES.joinedWaitingList, data: { oWaitingList: { sStatus: 'waiting', nPosition: 1 } } },
		})
		expect((await join(first.token)).body.message).toBe(REGISTRATION_MESSAGES.alreadyWaiting)
		expect((await join(second.token)).body.data.oWaitingList).toMatchObject({ nPosition: 2 })
		expect((await join(holder.token)).body.message).toBe(REGISTRATION_MESSAGES.alreadyRegistered)

		await harness.call(REGISTRATION_PATHS.cancel('member', event.id), {}, { token: holder.token })
		await eventually(() => mailsTo(first.account.email, /^A seat is free for you/).length).toBe(1)
		expect(mailsTo(first.account.email, /^A seat is free/)[0]!.text).toContain('https://portal.test.example/events/event-details/')
		const stateOf = async (token: string) => (await harness.call(REGISTRATION_PATHS.state('member', event.id), undefined, { token })).body.data
		expect((await stateOf(first.token)).oWaitingList).toMatchObject({ sStatus: 'offered', dOfferExpiresAt: expect.any(String) })
		expect((await stateOf(first.token)).oAvailability.nSeatsLeft).toBe(1)
		// The held seat is nobody else's: the next in line and the public see the event full.
		expect((await stateOf(second.token)).oWaitingList).toMatchObject({ sStatus: 'waiting', nPosition: 1 })
		expect((await register(event.id, second.token)).body.message).toBe(REGISTRATION_MESSAGES.full)
		expect((await harness.call(REGISTRATION_PATHS.availability(event.id))).body.data).toMatchObject({ nSeatsLeft: 0, sClosedReason: 'full' })

		// A day and a bit later the offer has lapsed; the tick passes the seat to the next.
		await tick(new Date(Date.now() + 25 * HOUR))
		await eventually(() => mailsTo(second.account.email, /^A seat is free for you/).length).toBe(1)
		expect((await stateOf(first.token)).oWaitingList).toBeNull()
		expect((await register(event.id, first.token)).body.message).toBe(REGISTRATION_MESSAGES.full)
		const taken = await register(event.id, second.token)
		expect(taken).toMatchObject({ status: 201, body: { data: { oRegistration: { sStatus: 'confirmed' }, oWaitingList: null } } })
		expect(mailsTo(first.account.email, /^A seat is free/)).toHaveLength(1)
	})

	test('leaving the line; only a signed-in person may join', async () => {
		const event = await insertTestEvent(harness.db, 10 * DAY, { feePaise: 0, seatLimit: 1 })
		const [holder, waiting] = [await member(), await member()]
		await register(event.id, holder.token)
		await harness.call(REGISTRATION_PATHS.waitingList('member', event.id), {}, { token: waiting.token })
		const left = await harness.call(REGISTRATION_PATHS.waitingList('member', event.id), undefined, { token: waiting.token, method: 'DELETE' })
		expect(left).toMatchObject({ status: 200, body: { message: REGISTRATION_MESSAGES.leftWaitingList, data: { oWaitingList: null } } })
		expect((await harness.call(REGISTRATION_PATHS.waitingList('member', event.id), undefined, { token: waiting.token, method: 'DELETE' })).body.message).toBe(
			REGISTRATION_MESSAGES.notWaiting,
		)
		expect((await harness.call(REGISTRATION_PATHS.waitingList('member', event.id), {})).status).toBe(401)
	})
})

describe('announcements by e-mail', () => {
	test('reach only the members who chose updates by e-mail', async () => {
		const { token } = await createTestStaff(harness.db)
		const optedIn = await member({ updatesOnEmail: true })
		const optedOut = await member({ updatesOnEmail: false })
		const student = await createTestAccount(harness.db, 'student', { updatesOnEmail: true })
		const posted = await harness.call(
			ANNOUNCEMENT_PATHS.post,
			{ sTitle: 'Office closed on Friday', sBody: 'The branch office is closed on Friday.', bEmail: true },
			{ token },
		)
		expect(posted.status).toBe(201)
		expect(posted.body.message).toMatch(/It is being e-mailed to \d+ members?\./)
		await eventually(() => mailsTo(optedIn.account.email, /Office closed on Friday/).length).toBe(1)
		expect(mailsTo(optedIn.account.email, /Office closed/)[0]!.text).toContain('The branch office is closed on Friday.')
		const quiet = await harness.call(ANNOUNCEMENT_PATHS.post, { sTitle: 'Not mailed', sBody: 'Only on the dashboard.' }, { token })
		expect(quiet.status).toBe(201)
		// The mailed announcement reached the opted-in member; the others got nothing at all.
		expect(mailsTo(optedOut.account.email, /./)).toHaveLength(0)
		expect(mailsTo(student.account.email, /./)).toHaveLength(0)
		expect(mailsTo(optedIn.account.email, /Not mailed/)).toHaveLength(0)
	})
})
