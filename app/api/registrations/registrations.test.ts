// Event registration rules on a real database: seats (also two people at once for the last one),
// closing time, one live registration per person, cancellation cut-off, free and paid events,
// both payment providers, retrying a failed payment, and who may call what.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Role } from '~/contract/constants'
import type { PaymentProvider } from '~/contract/payments'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { eventRegistrations, events, payments } from '../db/schema'
import { createTestAccount } from '#tests/setup/accounts'
import { createRegistrationApi, DAY, HOUR, insertTestEvent, signedCallback } from '#tests/setup/registrations'

let harness: Awaited<ReturnType<typeof createRegistrationApi>>
beforeAll(async () => {
	harness = await createRegistrationApi()
})
afterAll(() => harness.close())

const person = (role: Role = 'member', fields = {}) => createTestAccount(harness.db, role, fields)
const register = (eventId: number, token: string, { role = 'member', provider = 'sandbox' }: { role?: Role; provider?: PaymentProvider } = {}) =>
	harness.call(REGISTRATION_PATHS.register(role, eventId), {}, { token, provider })
const cancel = (eventId: number, token: string, role: Role = 'member') => harness.call(REGISTRATION_PATHS.cancel(role, eventId), {}, { token })
const stateOf = (eventId: number, token: string, role: Role = 'member') => harness.call(REGISTRATION_PATHS.state(role, eventId), undefined, { token })
const liveRegistrations = async (eventId: number) =>
	(await harness.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).filter((r) => r.status !== 'cancelled')

describe('free events', () => {
	test('confirm at once, with no payment, and take a seat', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, seatLimit: 10 })
		const { token } = await person()
		const answer = await register(event.id, token)
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe(REGISTRATION_MESSAGES.registered)
		expect(answer.body.data.oRegistration).toMatchObject({ sStatus: 'confirmed', oPayment: null, bCanCancel: true, bCanRetry: false })
		expect(answer.body.data.oAvailability).toMatchObject({ nSeatLimit: 10, nSeatsLeft: 9, sClosedReason: null })
		expect(answer.body.data.oFee).toBeNull()
		const state = await stateOf(event.id, token)
		expect(state.status).toBe(200)
		expect(state.body.data.oRegistration.sStatus).toBe('confirmed')
	})

	test('cancelled before the cut-off frees the seat, and the person may register again', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, seatLimit: 1 })
		const { token } = await person()
		await register(event.id, token)
		const cancelled = await cancel(event.id, token)
		expect(cancelled.status).toBe(200)
		expect(cancelled.body.message).toBe(REGISTRATION_MESSAGES.cancelled)
		expect(cancelled.body.data.oRegistration).toMatchObject({ sStatus: 'cancelled', bCanCancel: false })
		expect(cancelled.body.data.oAvailability.nSeatsLeft).toBe(1)
		expect((await cancel(event.id, token)).body.message).toBe(REGISTRATION_MESSAGES.notRegistered)
		const again = await register(event.id, token)
		expect(again.status).toBe(201)
		expect(again.body.data.oRegistration.sStatus).toBe('confirmed')
	})
})

describe('paid events', () => {
	test('hold the seat with a pending registration and a sandbox payment with GST for the buyer’s state', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 100_000 })
		const { account, token } = await person('member', { gstNumber: '27AAPFK0939F1ZV', firmCompanyName: 'Kulkarni & Associates' })
		const answer = await register(event.id, token)
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe(REGISTRATION_MESSAGES.paymentStarted)
		const payment = answer.body.data.oRegistration.oPayment
		expect(answer.body.data.oRegistration.sStatus).toBe('pending')
		expect(payment).toMatchObject({ sProvider: 'sandbox', sStatus: 'pending', sInvoiceNumber: null, sInstructions: null })
		expect(payment.oAmount).toEqual({ taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0, totalPaise: 118_000, gstRateBasisPoints: 1800 })
		expect(payment.sCheckoutPath).toBe(PAYMENT_PAGES.sandboxCheckout(payment.sReference))
		expect(answer.body.data.oFee).toEqual(payment.oAmount)
		const [row] = await harness.db.select().from(payments).where(eq(payments.id, payment.iPaymentId))
		expect(row).toMatchObject({
			accountId: account.id,
			buyerName: account.fullName,
			buyerStateCode: 'MH',
			buyerGstin: '27AAPFK0939F1ZV',
			buyerFirmName: 'Kulkarni & Associates',
		})
	})

	test('charge IGST to a buyer from another state, and leave out a GSTIN and firm the account does not have', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 59_000 })
		const { token } = await person('student', { stateCode: 'KA', city: 'Bengaluru' })
		const answer = await register(event.id, token, { role: 'student' })
		expect(answer.status).toBe(201)
		const payment = answer.body.data.oRegistration.oPayment
		expect(payment.oAmount).toEqual({ taxablePaise: 59_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_620, totalPaise: 69_620, gstRateBasisPoints: 1800 })
		const [row] = await harness.db.select().from(payments).where(eq(payments.id, payment.iPaymentId))
		expect(row).toMatchObject({ buyerStateCode: 'KA', buyerGstin: null, buyerFirmName: null })
	})

	test('with the offline provider stay pending with instructions to pay at the office', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const { token } = await person()
		const answer = await register(event.id, token, { provider: 'offline' })
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe(REGISTRATION_MESSAGES.offlinePending)
		const payment = answer.body.data.oRegistration.oPayment
		expect(payment).toMatchObject({ sProvider: 'offline', sStatus: 'pending', sCheckoutPath: null })
		expect(payment.sInstructions).toContain(payment.sReference)
		// The sandbox's callback cannot settle an offline payment.
		const forged = await harness.call(
			REGISTRATION_PATHS.sandboxCallback,
			signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: 118_000 }),
		)
		expect(forged.status).toBe(404)
		expect((await stateOf(event.id, token)).body.data.oRegistration.oPayment.sStatus).toBe('pending')
	})

	test('a pending payment is marked failed when its registration is cancelled, and a late callback cannot pay it', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const { token } = await person()
		const payment = (await register(event.id, token)).body.data.oRegistration.oPayment
		const cancelled = await cancel(event.id, token)
		expect(cancelled.status).toBe(200)
		expect(cancelled.body.data.oRegistration.oPayment.sStatus).toBe('failed')
		const late = await harness.call(
			REGISTRATION_PATHS.sandboxCallback,
			signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: 118_000 }),
		)
		expect(late.status).toBe(409)
		expect((await stateOf(event.id, token)).body.data.oRegistration).toMatchObject({
			sStatus: 'cancelled',
			oPayment: { sStatus: 'failed', sInvoiceNumber: null },
		})
	})

	test('a paid registration is not cancelled by the person: the office refunds it', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const { token } = await person()
		const payment = (await register(event.id, token)).body.data.oRegistration.oPayment
		const paid = await harness.call(
			REGISTRATION_PATHS.sandboxCallback,
			signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: 118_000 }),
		)
		expect(paid.status).toBe(200)
		const state = await stateOf(event.id, token)
		expect(state.body.data.oRegistration).toMatchObject({ sStatus: 'confirmed', bCanCancel: false, oPayment: { sStatus: 'paid', sCheckoutPath: null } })
		const refused = await cancel(event.id, token)
		expect(refused.status).toBe(409)
		expect(refused.body.message).toBe(REGISTRATION_MESSAGES.paidCancel)
		expect((await stateOf(event.id, token)).body.data.oRegistration.sStatus).toBe('confirmed')
	})

	test('a failed payment can be tried again with a new payment, only while it is the failed one', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const { token } = await person()
		const retry = () => harness.call(REGISTRATION_PATHS.retryPayment('member', event.id), {}, { token })
		const first = (await register(event.id, token)).body.data.oRegistration.oPayment
		expect((await retry()).body.message).toBe(REGISTRATION_MESSAGES.nothingToRetry)
		await harness.call(REGISTRATION_PATHS.sandboxCallback, signedCallback({ sReference: first.sReference, sOutcome: 'failed', nAmountPaise: 118_000 }))
		const failed = await stateOf(event.id, token)
		expect(failed.body.data.oRegistration).toMatchObject({
			sStatus: 'pending',
			bCanRetry: true,
			bCanCancel: true,
			oPayment: { sStatus: 'failed', sCheckoutPath: null },
		})
		const retried = await retry()
		expect(retried.status).toBe(201)
		const second = retried.body.data.oRegistration.oPayment
		expect(second).toMatchObject({ sStatus: 'pending', oAmount: first.oAmount })
		expect(second.sReference).not.toBe(first.sReference)
		expect(retried.body.data.oRegistration.bCanRetry).toBe(false)
		expect((await retry()).status).toBe(409)
		const paid = await harness.call(
			REGISTRATION_PATHS.sandboxCallback,
			signedCallback({ sReference: second.sReference, sOutcome: 'paid', nAmountPaise: 118_000 }),
		)
		expect(paid.status).toBe(200)
		expect((await stateOf(event.id, token)).body.data.oRegistration).toMatchObject({
			sStatus: 'confirmed',
			oPayment: { iPaymentId: second.iPaymentId, sStatus: 'paid' },
		})
		expect((await retry()).status).toBe(409)
	})
})

describe('seats', () => {
	test('pending and confirmed registrations count against the limit; the next person is told it is full', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { seatLimit: 2 })
		for (let i = 0; i < 2; i++) expect((await register(event.id, (await person()).token)).status).toBe(201)
		const { token } = await person()
		const full = await register(event.id, token)
		expect(full.status).toBe(409)
		expect(full.body.message).toBe(REGISTRATION_MESSAGES.full)
		expect((await stateOf(event.id, token)).body.data.oAvailability).toMatchObject({ nSeatsLeft: 0, sClosedReason: 'full' })
	})

	test('two people at once for the last seat: one gets it, the other is told it is full', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, seatLimit: 1 })
		const [a, b] = await Promise.all([person(), person()])
		const answers = await Promise.all([register(event.id, a.token), register(event.id, b.token)])
		expect(answers.map((x) => x.status).sort()).toEqual([201, 409])
		expect(answers.find((x) => x.status === 409)!.body.message).toBe(REGISTRATION_MESSAGES.full)
		expect(await liveRegistrations(event.id)).toHaveLength(1)
	})

	test('one person registering twice at once gets one registration', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0 })
		const { token } = await person()
		const answers = await Promise.all([register(event.id, token), register(event.id, token)])
		expect(answers.map((x) => x.status).sort()).toEqual([201, 409])
		expect(answers.find((x) => x.status === 409)!.body.message).toBe(REGISTRATION_MESSAGES.alreadyRegistered)
		expect(await liveRegistrations(event.id)).toHaveLength(1)
	})

	test('an event without a limit has no seat count', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { seatLimit: null })
		const open = await harness.call(REGISTRATION_PATHS.availability(event.id))
		expect(open.status).toBe(200)
		expect(open.body.data).toMatchObject({
			iEventId: event.id,
			nSeatLimit: null,
			nSeatsLeft: null,
			sClosedReason: null,
			nFeePaise: 100_000,
			nGstRateBasisPoints: 1800,
		})
		expect(open.body.data.oFee).toEqual({
			taxablePaise: 100_000,
			cgstPaise: 9_000,
			sgstPaise: 9_000,
			igstPaise: 0,
			totalPaise: 118_000,
			gstRateBasisPoints: 1800,
		})
	})
})

describe('when registration is open', () => {
	test('closes at the event’s closing time, else at its start; the cut-off for cancelling defaults to the close', async () => {
		const closesAt = new Date(Date.now() + 2 * DAY)
		const event = await insertTestEvent(harness.db, 5 * DAY, { registrationClosesAt: closesAt })
		const state = (await harness.call(REGISTRATION_PATHS.availability(event.id))).body.data
		expect(state.dRegistrationClosesAt).toBe(closesAt.toISOString())
		expect(state.dCancellationCutoffAt).toBe(closesAt.toISOString())
		const noClose = await insertTestEvent(harness.db, 5 * DAY)
		expect((await harness.call(REGISTRATION_PATHS.availability(noClose.id))).body.data.dRegistrationClosesAt).toBe(noClose.startsAt.toISOString())
	})

	test.each([
		['closed', { registrationClosesAt: new Date(Date.now() - HOUR) }, 5 * DAY],
		['started', {}, -HOUR],
		['past', {}, -3 * HOUR],
	] as const)('refuses a registration when the event is %s', async (reason, fields, startsIn) => {
		const event = await insertTestEvent(harness.db, startsIn, fields)
		const { token } = await person()
		const answer = await register(event.id, token)
		expect(answer.status).toBe(409)
		expect(answer.body.message).toBe(REGISTRATION_MESSAGES[reason])
		expect((await stateOf(event.id, token)).body.data.oAvailability.sClosedReason).toBe(reason)
		expect(await liveRegistrations(event.id)).toHaveLength(0)
	})

	test('one live registration per person', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const { token } = await person()
		expect((await register(event.id, token)).status).toBe(201)
		const second = await register(event.id, token)
		expect(second.status).toBe(409)
		expect(second.body.message).toBe(REGISTRATION_MESSAGES.alreadyRegistered)
	})

	test('cancelling after the cut-off is refused and changes nothing', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0 })
		const { token } = await person()
		await register(event.id, token)
		await harness.db
			.update(events)
			.set({ cancellationCutoffAt: new Date(Date.now() - HOUR) })
			.where(eq(events.id, event.id))
		const state = await stateOf(event.id, token)
		expect(state.body.data.oRegistration.bCanCancel).toBe(false)
		const late = await cancel(event.id, token)
		expect(late.status).toBe(409)
		expect(late.body.message).toBe(REGISTRATION_MESSAGES.cancelCutoffPassed)
		expect((await stateOf(event.id, token)).body.data.oRegistration.sStatus).toBe('confirmed')
	})

	test('an unpublished or unknown event is not found', async () => {
		const hidden = await insertTestEvent(harness.db, 5 * DAY, { isPublished: false })
		const { token } = await person()
		for (const id of [hidden.id, 999_999]) {
			expect((await register(id, token)).status).toBe(404)
			expect((await stateOf(id, token)).status).toBe(404)
			expect((await harness.call(REGISTRATION_PATHS.availability(id))).status).toBe(404)
		}
		expect((await harness.call(REGISTRATION_PATHS.availability('abc'))).status).toBe(404)
	})
})

describe('who may call', () => {
	test('a person signed in with the path’s role only', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0 })
		const member = await person('member')
		const student = await person('student')
		expect((await register(event.id, student.token, { role: 'student' })).status).toBe(201)
		expect((await register(event.id, member.token, { role: 'student' })).status).toBe(401)
		expect((await harness.call(REGISTRATION_PATHS.register('member', event.id), {})).status).toBe(401)
		expect((await stateOf(event.id, 'not-a-token-but-long-enough-to-look-up')).status).toBe(401)
		expect((await harness.call(REGISTRATION_PATHS.cancel('member', event.id), {}, { token: student.token })).status).toBe(401)
	})

	test('the checkout details only for the payment’s owner', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY)
		const owner = await person()
		const other = await person()
		const payment = (await register(event.id, owner.token)).body.data.oRegistration.oPayment
		const mine = await harness.call(REGISTRATION_PATHS.checkout('member', payment.sReference), undefined, { token: owner.token })
		expect(mine.status).toBe(200)
		expect(mine.body.data).toMatchObject({
			sReference: payment.sReference,
			iEventId: event.id,
			sEventTitle: event.title,
			sStatus: 'pending',
			oAmount: { totalPaise: 118_000 },
		})
		expect((await harness.call(REGISTRATION_PATHS.checkout('member', payment.sReference), undefined, { token: other.token })).status).toBe(404)
		expect((await harness.call(REGISTRATION_PATHS.checkout('member', 'no such ref'), undefined, { token: owner.token })).status).toBe(404)
	})
})
