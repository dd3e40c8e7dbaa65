// Event registration calls (contract: app/contract/registrations.ts): for members and students
// under their role's prefix, like the account calls; the public availability of an event; the
// sandbox checkout's details for the payment's owner and the provider's signed callback. The
// office confirms and refunds through its own calls (app/api/office/payments).
import { Hono } from 'hono'
import { CALLBACK_WINDOW_SECONDS, RAZORPAY_WEBHOOK_PATH, registrationEndpoints, type RegistrationState } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { isValidCallbackSignature } from '../payments/providers'
import { queuePaymentConfirmed, queueRegistrationReceived } from './registration-mails'
import { completeRazorpayCheckout, handleRazorpayWebhook, razorpayCheckout, type OnlineDeps } from './online-checkout'
import { failPayment, settlePayment } from '../payments/settle'
import { cancel, checkoutDetails, eventAvailability, joinWaitingListOf, register, registrationState, retryPayment, sandboxPaymentId } from './service'
import { leaveWaitingList, offerFreedSeats } from './waiting-list'
import { type ApiEnv, branchSettings } from '../env'

/** What the person sees next after registering: confirmed, or the payment's next step. */
function registeredMessage(state: RegistrationState) {
	const payment = state.oRegistration?.oPayment
	if (!payment) return REGISTRATION_MESSAGES.registered
	return payment.sProvider === 'offline' ? REGISTRATION_MESSAGES.offlinePending : REGISTRATION_MESSAGES.paymentStarted
}

export const registrationRoutes = new Hono<ApiEnv>()

handle(registrationRoutes, registrationEndpoints.availability, async ({ c, deps: { db }, params: { iEventId } }) => {
	// Seats change with every registration: never reused.
	c.header('Cache-Control', 'no-store')
	return { message: 'Availability', data: await eventAvailability(db, iEventId, branchSettings(c).billing) }
})

handle(registrationRoutes, registrationEndpoints.state, async ({ c, deps: { db }, caller: { account }, params: { iEventId } }) => ({
	message: 'Registration',
	data: await registrationState(db, account, iEventId, branchSettings(c).billing),
}))

handle(registrationRoutes, registrationEndpoints.register, async ({ c, deps: { db, mail }, caller: { account }, params: { iEventId } }) => {
	const state = await register(db, account, iEventId, branchSettings(c))
	await queueRegistrationReceived(db, mail, state.oRegistration!.iRegistrationId)
	return { message: registeredMessage(state), data: state, status: 201 }
})

handle(registrationRoutes, registrationEndpoints.cancel, async ({ c, deps: { db, mail }, caller: { account }, params: { iEventId } }) => {
	const { billing } = branchSettings(c)
	await cancel(db, account, iEventId, billing)
	// The freed seat goes to the first on the waiting list, if anyone waits.
	await offerFreedSeats(db, mail, iEventId)
	return { message: REGISTRATION_MESSAGES.cancelled, data: await registrationState(db, account, iEventId, billing) }
})

handle(registrationRoutes, registrationEndpoints.joinWaitingList, async ({ c, deps: { db }, caller: { account }, params: { iEventId } }) => ({
	message: REGISTRATION_MESSAGES.joinedWaitingList,
	data: await joinWaitingListOf(db, account, iEventId, branchSettings(c).billing),
	status: 201,
}))

handle(registrationRoutes, registrationEndpoints.leaveWaitingList, async ({ c, deps: { db, mail }, caller: { account }, params: { iEventId } }) => {
	await leaveWaitingList(db, mail, iEventId, account.id)
	return { message: REGISTRATION_MESSAGES.leftWaitingList, data: await registrationState(db, account, iEventId, branchSettings(c).billing) }
})

handle(registrationRoutes, registrationEndpoints.retryPayment, async ({ c, deps: { db }, caller: { account }, params: { iEventId } }) => {
	const state = await retryPayment(db, account, iEventId, branchSettings(c))
	return { message: registeredMessage(state), data: state, status: 201 }
})

handle(registrationRoutes, registrationEndpoints.checkout, async ({ deps: { db }, caller: { account }, params: { sReference } }) => {
	const details = await checkoutDetails(db, account.id, sReference)
	if (!details) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	return { message: 'Checkout', data: details }
})

/** Razorpay's settings, or 404 for every Razorpay call when the branch does not use it. */
function razorpayDeps(c: Parameters<typeof branchSettings>[0]): OnlineDeps {
	const { payments, billing } = branchSettings(c)
	if (!payments.razorpay) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	const { log, mail } = c.get('deps')
	return { razorpay: payments.razorpay, billing, log, mail }
}

handle(registrationRoutes, registrationEndpoints.razorpayCheckout, async ({ c, deps: { db }, caller: { account }, params: { sReference } }) => {
	const details = await razorpayCheckout(db, razorpayDeps(c), account.id, sReference)
	if (!details) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	return { message: 'Checkout', data: details }
})

handle(registrationRoutes, registrationEndpoints.razorpayCallback, async ({ c, deps: { db }, body }) => {
	const { payment, confirming } = await completeRazorpayCheckout(db, razorpayDeps(c), {
		reference: body.sReference,
		paymentId: body.sPaymentId,
		signature: body.sSignature,
	})
	// 202: Razorpay has not captured the money yet; the payment stays pending until it does.
	return confirming ? { message: REGISTRATION_MESSAGES.confirming, data: payment, status: 202 } : { message: REGISTRATION_MESSAGES.paid, data: payment }
})

/**
 * Razorpay's webhooks: not in the contract table, since the signature covers the raw bytes of the
 * body, which only this handler reads. 200 for every genuine event, handled or not, so Razorpay
 * does not retry it; 400 for a bad signature.
 */
registrationRoutes.post(RAZORPAY_WEBHOOK_PATH, async (c) => {
	const rawBody = await c.req.text()
	const outcome = await handleRazorpayWebhook(c.get('deps').db, razorpayDeps(c), {
		rawBody,
		signature: c.req.header('x-razorpay-signature') ?? '',
		eventId: c.req.header('x-razorpay-event-id') ?? null,
	})
	return c.json({ message: `Webhook ${outcome}.` })
})

/** The sandbox reports an outcome: while the branch uses the sandbox, signed, recent, for a known sandbox payment and its exact amount. */
handle(registrationRoutes, registrationEndpoints.sandboxCallback, async ({ c, deps: { db, mail }, body: callback }) => {
	const { payments: settings, billing } = branchSettings(c)
	// A trial's sandbox payment, on data now run with a real provider (live has no sandbox): it would be paid without money.
	if (settings.provider !== 'sandbox') throw new ApiError(409, REGISTRATION_MESSAGES.sandboxRetired)
	if (!isValidCallbackSignature(settings.callbackSecret, callback)) throw new ApiError(403, REGISTRATION_MESSAGES.badSignature)
	if (Math.abs(Date.now() / 1000 - callback.nTimestamp) > CALLBACK_WINDOW_SECONDS) throw new ApiError(403, REGISTRATION_MESSAGES.staleCallback)
	const paymentId = await sandboxPaymentId(db, callback.sReference)
	if (!paymentId) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	const request = { paymentId, amountPaise: callback.nAmountPaise }
	// A replay finds the payment already settled the same way and answers as the first time did.
	if (callback.sOutcome === 'paid') {
		const { payment, changed } = await settlePayment(db, { ...request, invoicePrefix: billing.invoicePrefix })
		if (changed) await queuePaymentConfirmed(db, mail, payment.iPaymentId)
		return { message: REGISTRATION_MESSAGES.paid, data: payment }
	}
	const { payment } = await failPayment(db, request)
	return { message: REGISTRATION_MESSAGES.failed, data: payment }
})
