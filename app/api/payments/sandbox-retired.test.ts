// A trial's sandbox payments once the same data runs with a real provider (a live start): the
// sandbox takes no money, so none of them can be paid, and the start voids them for the office.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { auditLog, invoiceCounters, payments } from '../db/schema'
import { createTestAccount } from '#tests/setup/accounts'
import { createRegistrationApi, DAY, insertTestEvent, signedCallback } from '#tests/setup/registrations'
import { retireSandboxPayments } from './settle'

let harness: Awaited<ReturnType<typeof createRegistrationApi>>
beforeAll(async () => {
	harness = await createRegistrationApi()
})
afterAll(() => harness.close())

const invoicesIssued = async () => (await harness.db.select().from(invoiceCounters)).reduce((sum, row) => sum + row.lastSequence, 0)
const paymentRow = async (id: number) => (await harness.db.select().from(payments).where(eq(payments.id, id)))[0]!

test('a pending sandbox payment cannot be paid live: refused with 409, voided at the start for the office to see, never invoiced', async () => {
	const event = await insertTestEvent(harness.db, 5 * DAY)
	const { token } = await createTestAccount(harness.db, 'member')
	// Registered during the trial, paying through the sandbox.
	const registered = await harness.call(REGISTRATION_PATHS.register('member', event.id), {}, { token, provider: 'sandbox' })
	const trial = registered.body.data.oRegistration.oPayment as { iPaymentId: number; sReference: string; oAmount: { totalPaise: number } }
	const paid = signedCallback({ sReference: trial.sReference, sOutcome: 'paid', nAmountPaise: trial.oAmount.totalPaise })

	// Live has no sandbox: the branch now takes payments at the office (or through Razorpay).
	const refused = await harness.call(REGISTRATION_PATHS.sandboxCallback, paid, { provider: 'offline' })
	expect(refused.status).toBe(409)
	expect(refused.body.message).toBe(REGISTRATION_MESSAGES.sandboxRetired)
	expect(await paymentRow(trial.iPaymentId)).toMatchObject({ status: 'pending', invoiceNumber: null })

	expect(await retireSandboxPayments(harness.db)).toBe(1)
	expect(await paymentRow(trial.iPaymentId)).toMatchObject({ status: 'failed', invoiceNumber: null })
	expect(
		await harness.db
			.select()
			.from(auditLog)
			.where(eq(auditLog.entityId, String(trial.iPaymentId))),
	).toEqual([expect.objectContaining({ entity: 'payment', action: 'void', staffUsername: 'portal start' })])
	expect((await harness.call(REGISTRATION_PATHS.sandboxCallback, paid, { provider: 'offline' })).status).toBe(409)
	expect(await invoicesIssued()).toBe(0)

	// The member pays again, with the branch's own provider.
	const again = await harness.call(REGISTRATION_PATHS.retryPayment('member', event.id), {}, { token, provider: 'offline' })
	expect(again.status).toBe(201)
	expect(again.body.data.oRegistration.oPayment).toMatchObject({ sProvider: 'offline', sStatus: 'pending' })
})
