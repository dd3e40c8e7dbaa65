// The sandbox callback against forgery and replay, and the office's confirmation and refund: none
// answers 500, none changes a payment it must not, and invoice numbers run without gaps.
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officePaymentEndpoints } from '~/contract/office/payments'
import type { PaymentProvider } from '~/contract/payments'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { eventRegistrations, invoiceCounters, payments } from '../db/schema'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createRegistrationApi, DAY, insertTestEvent, signedCallback } from '#tests/setup/registrations'
import { signCallback } from './providers'

let harness: Awaited<ReturnType<typeof createRegistrationApi>>
beforeAll(async () => {
	harness = await createRegistrationApi()
})
afterAll(() => harness.close())

const TOTAL = 118_000
const confirmPath = (iPaymentId: number | string) => fillPath(officePaymentEndpoints.confirm.path, { iPaymentId })
const refundPath = (iPaymentId: number | string) => fillPath(officePaymentEndpoints.refund.path, { iPaymentId })

/** A fresh person's pending payment of ₹1,000 + GST for a new event. */
async function pendingPayment(provider: PaymentProvider = 'sandbox') {
	const event = await insertTestEvent(harness.db, 5 * DAY, { seatLimit: 5 })
	const { token } = await createTestAccount(harness.db, 'member')
	const answer = await harness.call(REGISTRATION_PATHS.register('member', event.id), {}, { token, provider })
	expect(answer.status).toBe(201)
	return { eventId: event.id, token, ...(answer.body.data.oRegistration.oPayment as { iPaymentId: number; sReference: string }) }
}

const rowOf = async (paymentId: number) => {
	const [row] = await harness.db
		.select({ payment: payments, registration: eventRegistrations })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.where(eq(payments.id, paymentId))
	return row!
}
const post = (body: Record<string, unknown>) => harness.call(REGISTRATION_PATHS.sandboxCallback, body)

describe('a forged callback is refused and changes nothing', () => {
	test.each([
		['a bad signature', (ref: string) => ({ ...signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL }), sSignature: 'a'.repeat(64) }), 403],
		[
			'the wrong secret',
			(ref: string) => signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL }, 'someone-else-s-secret-0123456789abcdef'),
			403,
		],
		['a tampered outcome', (ref: string) => ({ ...signedCallback({ sReference: ref, sOutcome: 'failed', nAmountPaise: TOTAL }), sOutcome: 'paid' }), 403],
		['a tampered amount', (ref: string) => ({ ...signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL }), nAmountPaise: 100 }), 403],
		['another amount, signed', (ref: string) => signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL - 1 }), 409],
		[
			'a stale timestamp',
			(ref: string) => signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL, nTimestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
			403,
		],
		[
			'a timestamp from the future',
			(ref: string) => signedCallback({ sReference: ref, sOutcome: 'paid', nAmountPaise: TOTAL, nTimestamp: Math.floor(Date.now() / 1000) + 6 * 60 }),
			403,
		],
		['an unknown reference, signed', () => signedCallback({ sReference: 'sbx_nobody-has-this-reference', sOutcome: 'paid', nAmountPaise: TOTAL }), 404],
	] as const)('%s', async (_, forge, status) => {
		const payment = await pendingPayment()
		const answer = await post(forge(payment.sReference))
		expect(answer.status).toBe(status)
		expect((await rowOf(payment.iPaymentId)).payment).toMatchObject({ status: 'pending', paidAt: null, invoiceNumber: null })
	})

	test('a callback signed for one payment cannot settle another', async () => {
		const mine = await pendingPayment()
		const theirs = await pendingPayment()
		const signed = signedCallback({ sReference: mine.sReference, sOutcome: 'paid', nAmountPaise: TOTAL })
		expect((await post({ ...signed, sReference: theirs.sReference })).status).toBe(403)
		expect((await rowOf(theirs.iPaymentId)).payment.status).toBe('pending')
		expect((await rowOf(mine.iPaymentId)).payment.status).toBe('pending')
	})

	test.each([
		['no body fields', {}],
		['a signature that is not hex', { sReference: 'sbx_abcdefgh', sOutcome: 'paid', nAmountPaise: TOTAL, nTimestamp: 1, sSignature: 'zz' }],
		['an unknown outcome', { sReference: 'sbx_abcdefgh', sOutcome: 'refunded', nAmountPaise: TOTAL, nTimestamp: 1, sSignature: 'a'.repeat(64) }],
		['a fractional amount', { sReference: 'sbx_abcdefgh', sOutcome: 'paid', nAmountPaise: 1.5, nTimestamp: 1, sSignature: 'a'.repeat(64) }],
	])('malformed (%s): 400', async (_, body) => {
		expect((await post(body)).status).toBe(400)
	})

	test('a body that is not JSON: 400', async () => {
		expect((await harness.call(REGISTRATION_PATHS.sandboxCallback, undefined, { raw: 'sReference=x' })).status).toBe(400)
	})
})

describe('replays', () => {
	test('the same paid callback twice settles once, answers the same, and takes one invoice number', async () => {
		const payment = await pendingPayment()
		const callback = signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: TOTAL })
		const first = await post(callback)
		const { payment: afterFirst } = await rowOf(payment.iPaymentId)
		const second = await post(callback)
		expect(first.status).toBe(200)
		expect(second).toEqual(first)
		expect(first.body).toMatchObject({
			message: REGISTRATION_MESSAGES.paid,
			data: { iPaymentId: payment.iPaymentId, sStatus: 'paid', iEventId: payment.eventId },
		})
		const { payment: row, registration } = await rowOf(payment.iPaymentId)
		expect(row).toEqual(afterFirst)
		expect(row.invoiceNumber).toMatch(/^TST\/\d{2}-\d{2}\/\d{5}$/)
		expect(first.body.data.sInvoiceNumber).toBe(row.invoiceNumber)
		expect(registration.status).toBe('confirmed')
	})

	test('the same paid callback at once from two deliveries settles once', async () => {
		const payment = await pendingPayment()
		const callback = signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: TOTAL })
		const [a, b] = await Promise.all([post(callback), post(callback)])
		expect([a.status, b.status]).toEqual([200, 200])
		expect(a.body.data.sInvoiceNumber).toBe(b.body.data.sInvoiceNumber)
		const numbered = await harness.db.select({ n: payments.invoiceNumber }).from(payments).where(eq(payments.invoiceNumber, a.body.data.sInvoiceNumber))
		expect(numbered).toHaveLength(1)
	})

	test('paid, then failed: the failure is refused and the payment stays paid', async () => {
		const payment = await pendingPayment()
		expect((await post(signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: TOTAL }))).status).toBe(200)
		const failed = await post(signedCallback({ sReference: payment.sReference, sOutcome: 'failed', nAmountPaise: TOTAL }))
		expect(failed.status).toBe(409)
		expect(failed.body.message).toBe(REGISTRATION_MESSAGES.alreadyPaid)
		expect((await rowOf(payment.iPaymentId)).payment).toMatchObject({ status: 'paid', failedAt: null })
	})

	test('failed, then paid: the payment stays failed, the registration pending, no invoice number taken', async () => {
		const payment = await pendingPayment()
		const failed = signedCallback({ sReference: payment.sReference, sOutcome: 'failed', nAmountPaise: TOTAL })
		const first = await post(failed)
		expect(first.status).toBe(200)
		expect(first.body.message).toBe(REGISTRATION_MESSAGES.failed)
		expect(await post(failed)).toEqual(first)
		const counters = await harness.db.select().from(invoiceCounters)
		const paid = await post(signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: TOTAL }))
		expect(paid.status).toBe(409)
		expect(paid.body.message).toBe(REGISTRATION_MESSAGES.notPending)
		const { payment: row, registration } = await rowOf(payment.iPaymentId)
		expect(row).toMatchObject({ status: 'failed', paidAt: null, invoiceNumber: null })
		expect(registration.status).toBe('pending')
		expect(await harness.db.select().from(invoiceCounters)).toEqual(counters)
	})

	test('invoice numbers of payments settled one after another run without a gap', async () => {
		const settled = []
		for (let i = 0; i < 3; i++) {
			const payment = await pendingPayment()
			settled.push((await post(signedCallback({ sReference: payment.sReference, sOutcome: 'paid', nAmountPaise: TOTAL }))).body.data.sInvoiceNumber as string)
		}
		const sequences = settled.map((number) => Number(number.split('/').at(-1)))
		expect(sequences).toEqual([sequences[0]!, sequences[0]! + 1, sequences[0]! + 2])
	})

	test('the signature is HMAC-SHA256 over reference, outcome, amount and time, in that order', () => {
		const fields = { sReference: 'sbx_abcdefgh', sOutcome: 'paid' as const, nAmountPaise: 118_000, nTimestamp: 1_800_000_000 }
		expect(signCallback('secret', fields)).toBe(createHmac('sha256', 'secret').update('sbx_abcdefgh.paid.118000.1800000000').digest('hex'))
	})
})

describe('the office', () => {
	const confirm = (paymentId: number | string, token?: string) => harness.call(confirmPath(paymentId), {}, { token })
	const refund = (paymentId: number | string, token?: string) => harness.call(refundPath(paymentId), { sMode: 'cash' }, { token })

	test('confirms an offline payment: paid with an invoice number, who settled it, the registration confirmed', async () => {
		const { staff, token } = await createTestStaff(harness.db, undefined, 'accounts')
		const payment = await pendingPayment('offline')
		const answer = await confirm(payment.iPaymentId, token)
		expect(answer.status).toBe(200)
		expect(answer.body).toMatchObject({ message: REGISTRATION_MESSAGES.paid, data: { sStatus: 'paid' } })
		const { payment: row, registration } = await rowOf(payment.iPaymentId)
		expect(row).toMatchObject({ status: 'paid', settledBy: staff.id, invoiceNumber: answer.body.data.sInvoiceNumber })
		expect(row.paidAt).toBeInstanceOf(Date)
		expect(registration.status).toBe('confirmed')
		// Pressed twice: nothing changes.
		expect((await confirm(payment.iPaymentId, token)).body.data.sInvoiceNumber).toBe(row.invoiceNumber)
	})

	test('does not confirm a sandbox payment, nor a cancelled registration’s payment', async () => {
		const { token } = await createTestStaff(harness.db, undefined, 'accounts')
		const sandbox = await pendingPayment('sandbox')
		expect((await confirm(sandbox.iPaymentId, token)).body.message).toBe(REGISTRATION_MESSAGES.notOffline)
		const offline = await pendingPayment('offline')
		await harness.call(REGISTRATION_PATHS.cancel('member', offline.eventId), {}, { token: offline.token })
		const late = await confirm(offline.iPaymentId, token)
		expect(late.status).toBe(409)
		expect((await rowOf(offline.iPaymentId)).payment.status).toBe('failed')
	})

	test('refunds a paid payment: the registration is cancelled, the seat freed, the invoice number kept', async () => {
		const { staff, token } = await createTestStaff(harness.db, undefined, 'accounts')
		const payment = await pendingPayment('offline')
		const pendingRefund = await refund(payment.iPaymentId, token)
		expect(pendingRefund.status).toBe(409)
		expect(pendingRefund.body.message).toBe(REGISTRATION_MESSAGES.notPaid)
		const { body } = await confirm(payment.iPaymentId, token)
		const seatsBefore = (await harness.call(REGISTRATION_PATHS.availability(payment.eventId))).body.data.nSeatsLeft
		const answer = await refund(payment.iPaymentId, token)
		expect(answer.status).toBe(200)
		expect(answer.body.message).toBe(REGISTRATION_MESSAGES.refunded)
		const { payment: row, registration } = await rowOf(payment.iPaymentId)
		expect(row).toMatchObject({ status: 'refunded', settledBy: staff.id, invoiceNumber: body.data.sInvoiceNumber })
		expect(row.refundedAt).toBeInstanceOf(Date)
		expect(registration.status).toBe('cancelled')
		expect((await harness.call(REGISTRATION_PATHS.availability(payment.eventId))).body.data.nSeatsLeft).toBe(seatsBefore + 1)
		expect((await refund(payment.iPaymentId, token)).status).toBe(409)
		// A refunded payment can never be paid again.
		expect((await confirm(payment.iPaymentId, token)).status).toBe(409)
		expect((await rowOf(payment.iPaymentId)).payment.status).toBe('refunded')
	})

	test('its calls refuse a member’s token and no token (401), and name no unknown payment (404)', async () => {
		const payment = await pendingPayment('offline')
		for (const call of [confirm, refund]) {
			expect((await call(payment.iPaymentId, payment.token)).status).toBe(401)
			expect((await call(payment.iPaymentId)).status).toBe(401)
		}
		expect((await rowOf(payment.iPaymentId)).payment.status).toBe('pending')
		const { token } = await createTestStaff(harness.db, undefined, 'accounts')
		expect((await confirm(999_999, token)).status).toBe(404)
		expect((await refund('abc', token)).status).toBe(404)
	})
})

describe('whatever arrives', () => {
	const hostile = fc.oneof(
		fc.string(),
		fc.integer(),
		fc.double(),
		fc.boolean(),
		fc.constant(null),
		fc.constantFrom('sbx_', '0'.repeat(64), '__proto__', '-1', '1e309'),
	)
	const callbackFields = fc.constantFrom('sReference', 'sOutcome', 'nAmountPaise', 'nTimestamp', 'sSignature', '__proto__')

	test('the callback never answers 500, and never pays', async () => {
		const payment = await pendingPayment()
		const body = fc.oneof(
			fc.dictionary(callbackFields, hostile).map((fields) => JSON.stringify(fields)),
			// Well-formed and for the real payment, but signed by a guess.
			fc
				.record({ sOutcome: fc.constantFrom('paid', 'failed'), nAmountPaise: fc.nat(), nTimestamp: fc.nat(), sSignature: fc.stringMatching(/^[0-9a-f]{64}$/) })
				.map((fields) => JSON.stringify({ ...fields, sReference: payment.sReference })),
			fc.string(),
		)
		await fc.assert(
			fc.asyncProperty(body, async (raw) => {
				const answer = await harness.call(REGISTRATION_PATHS.sandboxCallback, undefined, { raw })
				expect(answer.status, `${raw.slice(0, 200)} -> ${JSON.stringify(answer.body)}`).toBeLessThan(500)
				expect(typeof answer.body.message).toBe('string')
			}),
			{ numRuns: 150 },
		)
		expect((await rowOf(payment.iPaymentId)).payment.status).toBe('pending')
	}, 120_000)

	test('hostile path segments never answer 500', async () => {
		const { token } = await createTestAccount(harness.db, 'member')
		const staff = await createTestStaff(harness.db, undefined, 'accounts')
		await fc.assert(
			fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (segment) => {
				const code = encodeURIComponent(segment)
				const calls: [string, string, string][] = [
					['GET', REGISTRATION_PATHS.availability(code), ''],
					['GET', REGISTRATION_PATHS.state('member', code), token],
					['POST', REGISTRATION_PATHS.register('member', code), token],
					['POST', REGISTRATION_PATHS.cancel('member', code), token],
					['POST', REGISTRATION_PATHS.retryPayment('member', code), token],
					['GET', REGISTRATION_PATHS.checkout('member', code), token],
					['POST', confirmPath(code), staff.token],
					['POST', refundPath(code), staff.token],
				]
				for (const [method, path, auth] of calls) {
					const answer = await harness.call(path, undefined, { method, token: auth })
					expect(answer.status, `${method} ${path}`).toBeLessThan(500)
				}
			}),
			{ numRuns: 60 },
		)
	}, 120_000)
})
