// Payment calls of event registration: the sandbox checkout's details for the payment's owner, the
// provider's signed callback. The office confirms and refunds through its own calls (app/api/office/payments).
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { Role } from '~/contract/constants'
import {
	CALLBACK_WINDOW_SECONDS,
	paymentReferenceSchema,
	REGISTRATION_MESSAGES,
	REGISTRATION_PATHS,
	sandboxCallbackSchema,
	type CheckoutDetails,
} from '~/contract/registrations'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { branchSettings } from '../branch-settings'
import { eventRegistrations, events, payments } from '../db/schema'
import { ApiError, ok, readJson } from '../http'
import { isValidCallbackSignature } from '../payments/providers'
import { failPayment, settlePayment } from '../payments/settle'
import { amountOf } from '../payments/tax'

function checkoutRoute(role: Role) {
	return new Hono<ApiEnv>().get(REGISTRATION_PATHS.checkout(role, ':sReference'), async (c) => {
		const { account } = await requireAccount(c, role)
		const reference = paymentReferenceSchema.safeParse(c.req.param('sReference'))
		if (!reference.success) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
		const [row] = await c
			.get('deps')
			.db.select({ payment: payments, eventId: events.id, eventTitle: events.title })
			.from(payments)
			.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			// Someone else's payment is as unknown as a missing one.
			.where(and(eq(payments.provider, 'sandbox'), eq(payments.providerReference, reference.data), eq(payments.accountId, account.id)))
		if (!row) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
		const { payment } = row
		const details: CheckoutDetails = {
			sReference: payment.providerReference,
			iEventId: row.eventId,
			sEventTitle: row.eventTitle,
			sStatus: payment.status,
			oAmount: amountOf(payment),
		}
		c.header('Cache-Control', 'private, no-store')
		return ok(c, 'Checkout', details)
	})
}

/** The sandbox reports an outcome: signed, recent, for a known sandbox payment and its exact amount. */
async function sandboxCallback(c: Context<ApiEnv>) {
	const callback = await readJson(c, sandboxCallbackSchema)
	const { payments: settings, billing } = branchSettings(c)
	if (!isValidCallbackSignature(settings.callbackSecret, callback)) throw new ApiError(403, REGISTRATION_MESSAGES.badSignature)
	if (Math.abs(Date.now() / 1000 - callback.nTimestamp) > CALLBACK_WINDOW_SECONDS) throw new ApiError(403, REGISTRATION_MESSAGES.staleCallback)
	const { db } = c.get('deps')
	const [payment] = await db
		.select({ id: payments.id })
		.from(payments)
		.where(and(eq(payments.provider, 'sandbox'), eq(payments.providerReference, callback.sReference)))
	if (!payment) throw new ApiError(404, REGISTRATION_MESSAGES.paymentNotFound)
	const request = { paymentId: payment.id, amountPaise: callback.nAmountPaise }
	// A replay finds the payment already settled the same way and answers as the first time did.
	if (callback.sOutcome === 'paid') {
		const { payment: paid } = await settlePayment(db, { ...request, invoicePrefix: billing.invoicePrefix })
		return ok(c, REGISTRATION_MESSAGES.paid, paid)
	}
	const { payment: failed } = await failPayment(db, request)
	return ok(c, REGISTRATION_MESSAGES.failed, failed)
}

export const paymentRoutes = new Hono<ApiEnv>()
	.route('/', checkoutRoute('member'))
	.route('/', checkoutRoute('student'))
	.post(REGISTRATION_PATHS.sandboxCallback, sandboxCallback)
