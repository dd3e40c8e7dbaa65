// Fees per audience and early-bird fees (decision 0051): a registration is priced by who makes it
// and the India calendar day it is made, a retry keeps that price, and the invoice names the fee.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { feeFor, type EventFees } from '~/contract/event-fees'
import { createTestAccount, TEST_SETTINGS } from '#tests/setup/accounts'
import { createRegistrationApi, insertTestEvent } from '#tests/setup/registrations'
import { payments } from '../db/schema'
import { failPayment, settlePayment } from '../payments/settle'
import { stampOf } from '../stamps/codes'
import { findInvoicedPayment, receiptDocument } from '../receipts/service'
import { register, retryPayment } from './service'

let harness: Awaited<ReturnType<typeof createRegistrationApi>>
beforeAll(async () => {
	harness = await createRegistrationApi()
})
afterAll(() => harness.close())

const deps = { billing: TEST_SETTINGS.billing, payments: TEST_SETTINGS.payments }
// The early-bird fees end with 14 March 2030, India time: 18:30 UTC that day is already the 15th there.
const LAST_EARLY_MOMENT = new Date('2030-03-14T18:29:59.999Z')
const FIRST_LATE_MOMENT = new Date('2030-03-14T18:30:00.000Z')
const FEES: EventFees = {
	nFeePaise: 100_000,
	nStudentFeePaise: 50_000,
	nEarlyBirdFeePaise: 80_000,
	nEarlyBirdStudentFeePaise: 40_000,
	dEarlyBirdUntil: '2030-03-14',
}
const feeColumns = { feePaise: 100_000, studentFeePaise: 50_000, earlyBirdFeePaise: 80_000, earlyBirdStudentFeePaise: 40_000, earlyBirdUntil: '2030-03-14' }
const eventWithFees = (fields = {}) => insertTestEvent(harness.db, new Date('2030-04-01T04:30:00Z'), { ...feeColumns, ...fields })

describe('the price of a registration', () => {
	test('depends on the audience, and the early-bird fee holds through its last day in India time', () => {
		expect(feeFor(FEES, 'member', LAST_EARLY_MOMENT)).toEqual({ nFeePaise: 80_000, bEarlyBird: true, sLabel: 'Member fee, early bird' })
		expect(feeFor(FEES, 'member', FIRST_LATE_MOMENT)).toEqual({ nFeePaise: 100_000, bEarlyBird: false, sLabel: 'Member fee' })
		expect(feeFor(FEES, 'student', LAST_EARLY_MOMENT)).toMatchObject({ nFeePaise: 40_000, sLabel: 'Student fee, early bird' })
		expect(feeFor(FEES, 'student', FIRST_LATE_MOMENT)).toMatchObject({ nFeePaise: 50_000, sLabel: 'Student fee' })
	})

	test('without a students’ fee, students pay as members do; with one fee only, the payment names no fee', () => {
		const membersOnly = { ...FEES, nStudentFeePaise: null, nEarlyBirdStudentFeePaise: null }
		expect(feeFor(membersOnly, 'student', LAST_EARLY_MOMENT)).toMatchObject({ nFeePaise: 80_000, sLabel: 'Student fee, early bird' })
		expect(feeFor({ nFeePaise: 100_000 }, 'student', LAST_EARLY_MOMENT)).toEqual({ nFeePaise: 100_000, bEarlyBird: false, sLabel: null })
		// A students' fee without an early-bird fee of theirs: students pay it all along.
		expect(feeFor({ ...FEES, nEarlyBirdStudentFeePaise: null }, 'student', LAST_EARLY_MOMENT)).toMatchObject({ nFeePaise: 50_000, bEarlyBird: false })
	})
})

describe('registering', () => {
	test('charges a member the early-bird fee on the last day and the fee the next, with GST, and records which fee', async () => {
		const event = await eventWithFees()
		const early = await createTestAccount(harness.db, 'member')
		const late = await createTestAccount(harness.db, 'member')
		const earlyState = await register(harness.db, early.account, event.id, deps, LAST_EARLY_MOMENT)
		const lateState = await register(harness.db, late.account, event.id, deps, FIRST_LATE_MOMENT)
		expect(earlyState.oRegistration?.oPayment?.oAmount).toMatchObject({ taxablePaise: 80_000, totalPaise: 94_400 })
		expect(lateState.oRegistration?.oPayment?.oAmount).toMatchObject({ taxablePaise: 100_000, totalPaise: 118_000 })
		// The public availability keeps the event's fee as it always meant it.
		expect(earlyState.oAvailability.nFeePaise).toBe(100_000)
		const [row] = await harness.db.select().from(payments).where(eq(payments.id, earlyState.oRegistration!.oPayment!.iPaymentId))
		expect(row?.feeLabel).toBe('Member fee, early bird')
	})

	test('charges a student the students’ fee, and a free students’ fee confirms at once', async () => {
		const event = await eventWithFees()
		const student = await createTestAccount(harness.db, 'student')
		const state = await register(harness.db, student.account, event.id, deps, FIRST_LATE_MOMENT)
		expect(state.oFee).toMatchObject({ taxablePaise: 50_000 })
		expect(state.oRegistration?.oPayment?.oAmount.taxablePaise).toBe(50_000)
		const freeForStudents = await eventWithFees({ studentFeePaise: 0, earlyBirdStudentFeePaise: null })
		const other = await createTestAccount(harness.db, 'student')
		const free = await register(harness.db, other.account, freeForStudents.id, deps, LAST_EARLY_MOMENT)
		expect(free.oRegistration).toMatchObject({ sStatus: 'confirmed', oPayment: null })
	})

	test('a retry after the early-bird day keeps the fee of the day the registration was made; the invoice names it', async () => {
		const event = await eventWithFees()
		const student = await createTestAccount(harness.db, 'student')
		const first = await register(harness.db, student.account, event.id, deps, LAST_EARLY_MOMENT)
		await failPayment(harness.db, { paymentId: first.oRegistration!.oPayment!.iPaymentId })
		const retried = await retryPayment(harness.db, student.account, event.id, deps, new Date('2030-03-20T04:30:00Z'))
		const payment = retried.oRegistration!.oPayment!
		expect(payment.iPaymentId).not.toBe(first.oRegistration!.oPayment!.iPaymentId)
		expect(payment.oAmount.taxablePaise).toBe(40_000)
		await settlePayment(harness.db, { paymentId: payment.iPaymentId, invoicePrefix: 'TST', at: new Date('2030-03-20T05:00:00Z') })
		const invoiced = await findInvoicedPayment(harness.db, student.account.id, payment.iPaymentId)
		const document = receiptDocument(
			invoiced!,
			student.account,
			TEST_SETTINGS,
			(await stampOf(harness.db, TEST_SETTINGS.documents, 'invoice', payment.iPaymentId)).stamp,
		)
		expect(document.line.description).toMatch(/\(Student fee, early bird\)$/)
		expect(document.line.taxablePaise).toBe(40_000)
	})
})
