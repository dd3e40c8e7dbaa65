// Razorpay end to end on a real database against the local test gateway: the signatures against
// Razorpay's published examples, paying with the callback and the webhooks in either order and at
// once (one invoice), tampering, replays, settling only captured money, reconciliation, lapsed
// holds and refunds.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REFUND_MESSAGES } from '~/contract/office/payments'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { officeDashboardEndpoints } from '~/contract/office/dashboard'
import { auditLog, creditNotes, eventRegistrations, invoiceCounters, mailings, payments, waitingListEntries } from '../db/schema'
import { runTick } from '../tick'
import { createTestAccount, createTestStaff, TEST_SETTINGS, testMailDeps } from '#tests/setup/accounts'
import { createRazorpayHarness } from '#tests/setup/razorpay'
import { DAY, insertTestEvent } from '#tests/setup/registrations'
import { checkoutSignature, isValidCheckoutSignature, isValidWebhookSignature, razorpayGateway, webhookSignature } from './razorpay'
import { refundPayment } from './refund'
import { settlePayment } from './settle'
import { createMailer } from '../mail/mailer'
import pino from 'pino'

describe('signatures, as Razorpay publishes them', () => {
	// razorpay-ruby's test_utility.rb: key secret 'key_secret'.
	test('checkout: HMAC-SHA256 of order_id|payment_id with the key secret', () => {
		expect(checkoutSignature('key_secret', 'fake_order_id', 'fake_payment_id')).toBe('b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89')
		expect(isValidCheckoutSignature('key_secret', 'fake_other_id', 'fake_payment_id', '965ee2de4c5c4e6f006fb0a5a1736d992e5d4d52f9fe10b98c9b97ee169ebe18')).toBe(
			true,
		)
		expect(isValidCheckoutSignature('key_secret', 'fake_other_id', 'fake_payment_id', '_dummy_signature'.repeat(4))).toBe(false)
		// The order id from the browser is never used: another order's id does not verify.
		expect(isValidCheckoutSignature('key_secret', 'fake_order_id', 'fake_payment_id', '965ee2de4c5c4e6f006fb0a5a1736d992e5d4d52f9fe10b98c9b97ee169ebe18')).toBe(
			false,
		)
	})
	// razorpay-dotnet's TestVerifyWebhookSignature: secret 'chosen_webhook_secret'.
	test('webhooks: HMAC-SHA256 (hex) of the raw body with the webhook secret', () => {
		expect(webhookSignature('chosen_webhook_secret', 'order_123456789|pay_1234567890')).toBe('0c24222f628d6c36a0bd4604537228b9bae972d3986dc89172c60abafbd3c232')
		expect(
			isValidWebhookSignature('chosen_webhook_secret', 'order_123456789|pay_1234567890', '0c24222f628d6c36a0bd4604537228b9bae972d3986dc89172c60abafbd3c232'),
		).toBe(true)
		expect(
			isValidWebhookSignature('chosen_webhook_secret', 'pay_1234567890|order_123456789', '0c24222f628d6c36a0bd4604537228b9bae972d3986dc89172c60abafbd3c232'),
		).toBe(false)
		expect(isValidWebhookSignature('chosen_webhook_secret', 'x', 'not hex')).toBe(false)
	})
})

// Mails (seat offers, invoices, credit notes) are queued as mailings as mailings; the queue itself is tested elsewhere.
const noQueue = { sendMailing: async () => {}, backupNow: async () => {}, stop: async () => {} }
const mail = () =>
	testMailDeps(
		createMailer({
			smtpUrl: undefined,
			outboxDir: '/tmp/portal-razorpay-test-outbox',
			from: 'Test <t@test.example>',
			signature: TEST_SETTINGS.branch,
			log: pino({ level: 'silent' }),
		}),
		{ current: noQueue },
	)
let h: Awaited<ReturnType<typeof createRazorpayHarness>>
beforeAll(async () => {
	h = await createRazorpayHarness({ mail: mail() })
})
afterAll(() => h?.close())

const online = () => ({ razorpay: h.razorpay, billing: TEST_SETTINGS.billing })
const invoicesIssued = async () => (await h.db.select().from(invoiceCounters)).reduce((sum, row) => sum + row.lastSequence, 0)

/** A member registered for a new paid event with the order made, as the checkout page makes it. */
async function registeredWithOrder(fields = {}) {
	const event = await insertTestEvent(h.db, 5 * DAY, fields)
	const { account, token } = await createTestAccount(h.db, 'member')
	const registered = await h.call(REGISTRATION_PATHS.register('member', event.id), {}, { token, provider: 'razorpay' })
	expect(registered.status).toBe(201)
	const reference: string = registered.body.data.oRegistration.oPayment.sReference
	const checkout = await h.call(`/member/payments/razorpay/checkout/v1/${reference}`, undefined, { token, provider: 'razorpay' })
	expect(checkout.status).toBe(200)
	return { event, account, token, reference, orderId: checkout.body.data.sOrderId as string }
}
const paymentRow = async (reference: string) => (await h.db.select().from(payments).where(eq(payments.providerReference, reference)))[0]!
/** Pays at the gateway as the member would, keeping Checkout's answer for the portal; `as` reports another amount or currency. */
const payAtGateway = async (orderId: string, outcome = 'success', as: { amount?: number; currency?: string } = {}) =>
	(await h.control(`orders/${orderId}/pay`, { outcome, ...as })) as { payment: { id: string }; answer: Record<string, string> }
const callback = (reference: string, answer: Record<string, string>) =>
	h.call(
		'/payments/razorpay/callback/v1',
		{ sReference: reference, sPaymentId: answer.razorpay_payment_id, sSignature: answer.razorpay_signature },
		{ provider: 'razorpay' },
	)

describe('checkout', () => {
	test('makes one order per payment, for its amount, with the reference as receipt, and holds the seat', async () => {
		const { reference, orderId, token } = await registeredWithOrder({ seatLimit: 3 })
		const again = await h.call(`/member/payments/razorpay/checkout/v1/${reference}`, undefined, { token, provider: 'razorpay' })
		expect(again.body.data.sOrderId).toBe(orderId)
		const order = (await (await fetch(`${h.gateway.url}/__gateway/orders`)).json()).find((o: { id: string }) => o.id === orderId)
		expect(order).toMatchObject({ amount: 118_000, currency: 'INR', receipt: reference, status: 'created' })
		expect(again.body.data.dHoldExpiresAt).not.toBeNull()
		expect(again.body.data.oAmount.totalPaise).toBe(118_000)
	})

	test('callback first, then the webhooks: paid, one invoice, the gateway fee recorded', async () => {
		const { reference, orderId } = await registeredWithOrder()
		const before = await invoicesIssued()
		await h.control('webhooks/hold')
		const { answer } = await payAtGateway(orderId)
		const paid = await callback(reference, answer)
		expect(paid.status).toBe(200)
		expect(paid.body.data.sStatus).toBe('paid')
		await h.control('webhooks/release')
		const payment = await paymentRow(reference)
		expect(payment).toMatchObject({
			status: 'paid',
			gatewayPaymentId: answer.razorpay_payment_id,
			gatewayStatus: 'captured',
			gatewayFeePaise: 2785,
			gatewayTaxPaise: 425,
		})
		expect(payment.invoiceNumber).toBe(paid.body.data.sInvoiceNumber)
		expect(await invoicesIssued()).toBe(before + 1)
	})

	test('webhooks first, then the callback: the same one invoice', async () => {
		const { reference, orderId } = await registeredWithOrder()
		const before = await invoicesIssued()
		const { answer } = await payAtGateway(orderId)
		const settledByWebhook = await paymentRow(reference)
		expect(settledByWebhook.status).toBe('paid')
		const late = await callback(reference, answer)
		expect(late.status).toBe(200)
		expect(late.body.data.sInvoiceNumber).toBe(settledByWebhook.invoiceNumber)
		expect(await invoicesIssued()).toBe(before + 1)
	})

	test('callback and webhooks at the same moment: one invoice', async () => {
		const { reference, orderId } = await registeredWithOrder()
		const before = await invoicesIssued()
		await h.control('webhooks/hold')
		const { answer } = await payAtGateway(orderId)
		const [first, second] = await Promise.all([callback(reference, answer), callback(reference, answer), h.control('webhooks/release')])
		expect([first.status, second.status]).toEqual([200, 200])
		expect(first.body.data.sInvoiceNumber).toBe(second.body.data.sInvoiceNumber)
		expect(await invoicesIssued()).toBe(before + 1)
	})

	test('a tampered checkout signature is refused with 400 and changes nothing', async () => {
		const { reference, orderId } = await registeredWithOrder()
		await h.control('webhooks/hold')
		const { answer } = await payAtGateway(orderId)
		const tampered = { ...answer, razorpay_signature: answer.razorpay_signature!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }
		const refused = await callback(reference, tampered)
		expect(refused.status).toBe(400)
		expect(refused.body.message).toBe(REGISTRATION_MESSAGES.badGatewaySignature)
		expect((await paymentRow(reference)).status).toBe('pending')
		await h.control('webhooks/release')
	})

	test('a tampered webhook is refused with 400; a replayed one changes nothing', async () => {
		const { reference, orderId } = await registeredWithOrder()
		await h.control('webhooks/hold')
		await payAtGateway(orderId)
		const captured = h.deliveries().findLast((d) => d.event === 'payment.captured')!
		const send = (body: string, signature: string, eventId = captured.eventId) =>
			h.apis.razorpay.fetch(
				new Request('http://in-process/api/payments/razorpay/webhook/v1', {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
					body,
				}),
			)
		const forged = captured.body.replace('"amount":118000', '"amount":100')
		expect((await send(forged, captured.signature)).status).toBe(400)
		expect((await paymentRow(reference)).status).toBe('pending')
		expect((await send(captured.body, captured.signature)).status).toBe(200)
		const paid = await paymentRow(reference)
		expect(paid.status).toBe('paid')
		const before = await invoicesIssued()
		const replay = await send(captured.body, captured.signature)
		expect(await replay.json()).toMatchObject({ message: 'Webhook repeated.' })
		await h.control('webhooks/release')
		expect(await paymentRow(reference)).toMatchObject({ status: 'paid', invoiceNumber: paid.invoiceNumber })
		expect(await invoicesIssued()).toBe(before)
	})
})

describe('settled only when Razorpay has captured the money', () => {
	const gatewayPayment = (id: string) => razorpayGateway(h.razorpay).payment(id)
	const reconcileNow = () => runTick(h.db, mail(), new Date(Date.now() + 60_000), { ...online(), razorpay: { ...h.razorpay, reconcileMinutes: 0 } })
	const checkoutOf = async (reference: string, token: string) =>
		(await h.call(`/member/payments/razorpay/checkout/v1/${reference}`, undefined, { token, provider: 'razorpay' })).body.data
	/** Each test sets the gateway's capture as it needs; the rest of the file pays with auto-capture. */
	const captureAs = (settings: { autoCapture: boolean; failCaptures: boolean }) => h.control('capture', settings)
	afterAll(() => captureAs({ autoCapture: true, failCaptures: false }))

	test('an authorized payment is captured through Razorpay and settled on its answer', async () => {
		await captureAs({ autoCapture: false, failCaptures: false })
		const { reference, orderId } = await registeredWithOrder()
		const before = await invoicesIssued()
		const { answer } = await payAtGateway(orderId)
		expect((await gatewayPayment(answer.razorpay_payment_id!)).status).toBe('authorized')
		const paid = await callback(reference, answer)
		expect(paid.status).toBe(200)
		expect(paid.body.data.sStatus).toBe('paid')
		expect(await gatewayPayment(answer.razorpay_payment_id!)).toMatchObject({ status: 'captured', amount: 118_000, currency: 'INR' })
		expect(await paymentRow(reference)).toMatchObject({ status: 'paid', gatewayStatus: 'captured', gatewayFeePaise: 2785 })
		expect(await invoicesIssued()).toBe(before + 1)
	})

	test('a capture that fails leaves the payment pending, "confirming", with no invoice, until reconciliation captures it', async () => {
		await captureAs({ autoCapture: false, failCaptures: true })
		const { reference, orderId, token } = await registeredWithOrder()
		const before = await invoicesIssued()
		const { answer } = await payAtGateway(orderId)
		const confirming = await callback(reference, answer)
		expect(confirming.status).toBe(202)
		expect(confirming.body.message).toBe(REGISTRATION_MESSAGES.confirming)
		expect(confirming.body.data).toMatchObject({ sStatus: 'pending', sInvoiceNumber: null })
		expect(await paymentRow(reference)).toMatchObject({
			status: 'pending',
			invoiceNumber: null,
			gatewayPaymentId: answer.razorpay_payment_id,
			gatewayStatus: 'authorized',
		})
		expect(await invoicesIssued()).toBe(before)
		// The member is told it is being confirmed, and is not offered to pay a second time.
		expect(await checkoutOf(reference, token)).toMatchObject({ sStatus: 'pending', bConfirming: true })
		// The same answer again changes nothing.
		expect((await callback(reference, answer)).status).toBe(202)
		// Past the seat's hold, with Razorpay still not capturing: the seat stays held for the money it has authorized.
		await runTick(h.db, mail(), new Date(Date.now() + 16 * 60_000), online())
		const waiting = await paymentRow(reference)
		expect(waiting.status).toBe('pending')
		expect((await h.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, waiting.registrationId)))[0]!.status).toBe('pending')
		await captureAs({ autoCapture: false, failCaptures: false })
		await reconcileNow()
		expect(await gatewayPayment(answer.razorpay_payment_id!)).toMatchObject({ status: 'captured' })
		expect(await paymentRow(reference)).toMatchObject({ status: 'paid', gatewayStatus: 'captured' })
		expect(await invoicesIssued()).toBe(before + 1)
	})

	test('an authorized payment Razorpay returns uncaptured is never settled, and the member may pay again', async () => {
		await captureAs({ autoCapture: false, failCaptures: true })
		const { reference, orderId, token } = await registeredWithOrder()
		const before = await invoicesIssued()
		const { answer } = await payAtGateway(orderId)
		expect((await callback(reference, answer)).status).toBe(202)
		await h.control(`payments/${answer.razorpay_payment_id}/lapse`)
		await reconcileNow()
		expect(await paymentRow(reference)).toMatchObject({ status: 'pending', invoiceNumber: null, gatewayStatus: 'refunded' })
		expect(await checkoutOf(reference, token)).toMatchObject({ sStatus: 'pending', bConfirming: false })
		// Its webhook of authorization, replayed, settles nothing either.
		const authorized = h.deliveries().findLast((d) => d.event === 'payment.authorized' && d.body.includes(orderId))!
		const replay = await h.apis.razorpay.fetch(
			new Request('http://in-process/api/payments/razorpay/webhook/v1', {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-razorpay-signature': authorized.signature, 'x-razorpay-event-id': 'evt_ReplayedAuthor01' },
				body: authorized.body,
			}),
		)
		expect(replay.status).toBe(200)
		expect((await paymentRow(reference)).status).toBe('pending')
		expect(await invoicesIssued()).toBe(before)
	})

	test('a captured payment in another currency or of another amount settles nothing, by callback, webhook or reconciliation', async () => {
		await captureAs({ autoCapture: true, failCaptures: false })
		for (const as of [{ currency: 'USD' }, { amount: 100 }]) {
			const { reference, orderId } = await registeredWithOrder()
			const before = await invoicesIssued()
			await h.control('webhooks/hold')
			const { answer } = await payAtGateway(orderId, 'success', as)
			const refused = await callback(reference, answer)
			expect(refused.status).toBe(409)
			expect(refused.body.message).toBe(as.currency ? REGISTRATION_MESSAGES.currencyMismatch : REGISTRATION_MESSAGES.amountMismatch)
			await h.control('webhooks/release')
			await reconcileNow()
			expect(await paymentRow(reference)).toMatchObject({ status: 'pending', invoiceNumber: null })
			expect(await invoicesIssued()).toBe(before)
		}
	})

	test('reconciliation alerts the office about a paid online payment Razorpay has not captured, and captures one it still can; the office then cancels it with a credit note', async () => {
		await captureAs({ autoCapture: false, failCaptures: false })
		// As settled before the portal checked for a capture: paid, invoiced, Razorpay's payment only authorized.
		const settledUncaptured = async () => {
			const { reference, orderId } = await registeredWithOrder()
			await h.control('webhooks/hold')
			const { answer } = await payAtGateway(orderId)
			const payment = await paymentRow(reference)
			await settlePayment(h.db, {
				paymentId: payment.id,
				invoicePrefix: 'TST',
				amountPaise: payment.totalPaise,
				gateway: { paymentId: answer.razorpay_payment_id!, status: 'authorized' },
			})
			await h.control('webhooks/release')
			return { payment, gatewayPaymentId: answer.razorpay_payment_id! }
		}
		const lapsed = await settledUncaptured()
		const capturable = await settledUncaptured()
		await h.control(`payments/${lapsed.gatewayPaymentId}/lapse`)
		const { token } = await createTestStaff(h.db)
		const dashboard = async () => (await h.call(officeDashboardEndpoints.summary.path, undefined, { token, provider: 'razorpay' })).body.data
		expect((await dashboard()).aUncapturedPayments.map((p: { iPaymentId: number }) => p.iPaymentId)).toEqual(
			expect.arrayContaining([lapsed.payment.id, capturable.payment.id]),
		)

		await reconcileNow()
		expect(await gatewayPayment(capturable.gatewayPaymentId)).toMatchObject({ status: 'captured' })
		expect((await h.db.select().from(payments).where(eq(payments.id, capturable.payment.id)))[0]).toMatchObject({ status: 'paid', gatewayStatus: 'captured' })
		expect((await h.db.select().from(payments).where(eq(payments.id, lapsed.payment.id)))[0]).toMatchObject({ status: 'paid', gatewayStatus: 'refunded' })
		const alerts = (await dashboard()).aUncapturedPayments as { iPaymentId: number; sGatewayStatus: string }[]
		expect(alerts).toContainEqual(
			expect.objectContaining({
				iPaymentId: lapsed.payment.id,
				sGatewayStatus: 'refunded',
				sInvoiceNumber: lapsed.payment.invoiceNumber ?? expect.any(String),
			}),
		)
		expect(alerts.map((p) => p.iPaymentId)).not.toContain(capturable.payment.id)
		const audited = await h.db
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(lapsed.payment.id))))
		expect(audited).toEqual([expect.objectContaining({ staffUsername: 'Razorpay', action: 'not captured' })])
		// Asked again next minute: no second entry.
		await reconcileNow()
		expect(
			await h.db
				.select()
				.from(auditLog)
				.where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(lapsed.payment.id)))),
		).toHaveLength(1)
		// The office cancels it with a credit note; there is no money for Razorpay to send back.
		const { payment: cancelled } = await refundPayment(h.db, {
			paymentId: lapsed.payment.id,
			settledBy: null,
			reason: 'Never captured',
			invoicePrefix: 'TST',
			cpeHours: 'withdraw',
			gateway: razorpayGateway(h.razorpay),
		})
		expect(cancelled).toMatchObject({ sStatus: 'refunded', sCreditNoteNumber: expect.stringMatching(/^TST\/C/) })
		expect((await h.db.select().from(payments).where(eq(payments.id, lapsed.payment.id)))[0]!.gatewayRefundId).toBeNull()
		expect((await dashboard()).aUncapturedPayments.map((p: { iPaymentId: number }) => p.iPaymentId)).not.toContain(lapsed.payment.id)
	})
})

describe('the minute tick', () => {
	test('marks paid an order paid at Razorpay whose callback and webhooks never came', async () => {
		const closed = await registeredWithOrder()
		await h.control('webhooks/hold')
		await payAtGateway(closed.orderId)
		expect((await paymentRow(closed.reference)).status).toBe('pending')
		// Not yet 15 minutes: left alone.
		await runTick(h.db, mail(), new Date(Date.now() + 60_000), online())
		expect((await paymentRow(closed.reference)).status).toBe('pending')
		await runTick(h.db, mail(), new Date(Date.now() + 16 * 60_000), online())
		const paid = await paymentRow(closed.reference)
		expect(paid.status).toBe('paid')
		expect(paid.invoiceNumber).not.toBeNull()
		// The webhooks, arriving at last, change nothing.
		await h.control('webhooks/release')
		expect(await paymentRow(closed.reference)).toMatchObject({ status: 'paid', invoiceNumber: paid.invoiceNumber })
	})

	test('an order Razorpay cannot answer for holds up no other payment', async () => {
		const unknown = await registeredWithOrder()
		const closed = await registeredWithOrder()
		await h.db.update(payments).set({ gatewayOrderId: 'order_NotAtRazorpay01' }).where(eq(payments.providerReference, unknown.reference))
		await h.control('webhooks/hold')
		await payAtGateway(closed.orderId)
		// Asked about at once (RAZORPAY_RECONCILE_MINUTES=0), well before the holds lapse.
		const { payments: outcome } = await runTick(h.db, mail(), new Date(Date.now() + 60_000), { ...online(), razorpay: { ...h.razorpay, reconcileMinutes: 0 } })
		await h.control('webhooks/release')
		expect(outcome).toMatchObject({ paid: 1, unsettled: 1 })
		expect((await paymentRow(closed.reference)).status).toBe('paid')
		expect((await paymentRow(unknown.reference)).status).toBe('pending')
	})

	test('releases a lapsed hold and offers the seat to the first on the waiting list', async () => {
		const { event, reference } = await registeredWithOrder({ seatLimit: 1 })
		const waiting = await createTestAccount(h.db, 'member')
		const full = await h.call(REGISTRATION_PATHS.register('member', event.id), {}, { token: waiting.token, provider: 'razorpay' })
		expect(full.body.message).toBe(REGISTRATION_MESSAGES.full)
		expect((await h.call(REGISTRATION_PATHS.waitingList('member', event.id), {}, { token: waiting.token, provider: 'razorpay' })).status).toBe(201)
		await runTick(h.db, mail(), new Date(Date.now() + 10 * 60_000), online())
		expect((await paymentRow(reference)).status).toBe('pending')
		await runTick(h.db, mail(), new Date(Date.now() + 16 * 60_000), online())
		expect((await paymentRow(reference)).status).toBe('failed')
		const [registration] = await h.db
			.select()
			.from(eventRegistrations)
			.where(eq(eventRegistrations.id, (await paymentRow(reference)).registrationId))
		expect(registration!.status).toBe('cancelled')
		const [entry] = await h.db.select().from(waitingListEntries).where(eq(waitingListEntries.accountId, waiting.account.id))
		expect(entry!.status).toBe('offered')
	})
})

describe('refunds through Razorpay', () => {
	test('processed at once: the refund id is kept and the credit note issued', async () => {
		const { reference, orderId } = await registeredWithOrder()
		await payAtGateway(orderId)
		const payment = await paymentRow(reference)
		const { payment: refunded } = await refundPayment(h.db, {
			paymentId: payment.id,
			settledBy: null,
			reason: 'Cannot attend',
			invoicePrefix: 'TST',
			gateway: razorpayGateway(h.razorpay),
		})
		expect(refunded.sStatus).toBe('refunded')
		expect(refunded.sCreditNoteNumber).toMatch(/^TST\/C\d{4}\/\d{5}$/)
		const row = await paymentRow(reference)
		expect(row.gatewayRefundId).toMatch(/^rfnd_/)
		expect(row.gatewayRefundStatus).toBe('processed')
		// The refund.processed webhook that follows issues nothing more.
		await h.control('webhooks/flush')
		expect(await h.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))).toHaveLength(1)
	})

	test('pending at first: the credit note waits for refund.processed, and a second refund is refused', async () => {
		const { reference, orderId } = await registeredWithOrder()
		await payAtGateway(orderId)
		const payment = await paymentRow(reference)
		await h.control('refunds/status', { status: 'pending' })
		const request = { paymentId: payment.id, settledBy: null, reason: 'Event moved', invoicePrefix: 'TST', gateway: razorpayGateway(h.razorpay) }
		const { payment: asked } = await refundPayment(h.db, request)
		await h.control('refunds/status', { status: 'processed' })
		expect(asked).toMatchObject({ sStatus: 'paid', sCreditNoteNumber: null })
		await expect(refundPayment(h.db, request)).rejects.toMatchObject({ status: 409, message: REGISTRATION_MESSAGES.refundUnderWay })
		const { gatewayRefundId } = await paymentRow(reference)
		await h.control(`refunds/${gatewayRefundId}/process`)
		expect((await paymentRow(reference)).status).toBe('refunded')
		const notes = await h.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))
		expect(notes).toHaveLength(1)
		expect(notes[0]!.reason).toBe('Event moved')
	})

	test('an attended registration: the CPE choice is asked before Razorpay is; the credit note follows with it, and the payer is mailed', async () => {
		const { reference, orderId } = await registeredWithOrder({ cpeHours: 2 })
		await payAtGateway(orderId)
		const payment = await paymentRow(reference)
		await h.db.update(eventRegistrations).set({ attendedAt: new Date() }).where(eq(eventRegistrations.id, payment.registrationId))
		await h.control('refunds/status', { status: 'pending' })
		const request = { paymentId: payment.id, settledBy: null, reason: 'Goodwill', invoicePrefix: 'TST', gateway: razorpayGateway(h.razorpay) }
		await expect(refundPayment(h.db, request)).rejects.toMatchObject({ status: 400, errors: { sCpeHours: [REFUND_MESSAGES.cpeChoiceMissing] } })
		expect((await paymentRow(reference)).gatewayRefundId).toBeNull()
		const { payment: asked } = await refundPayment(h.db, { ...request, cpeHours: 'keep' })
		await h.control('refunds/status', { status: 'processed' })
		expect(asked).toMatchObject({ sCreditNoteNumber: null, sCpeChoice: 'kept' })
		const { gatewayRefundId } = await paymentRow(reference)
		await h.control(`refunds/${gatewayRefundId}/process`)
		await h.control('webhooks/flush')
		const [note] = await h.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))
		expect(note).toMatchObject({ refundMode: 'razorpay', refundReference: gatewayRefundId, cpeHours: 2, cpeChoice: 'kept' })
		const queued = await h.db.select({ kind: mailings.kind, subjectId: mailings.subjectId }).from(mailings)
		expect(queued).toContainEqual({ kind: 'refund', subjectId: note!.id })
	})
})
