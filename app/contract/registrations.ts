// Event registration and its payment: API paths, payloads, answers and messages, shared
// by the branch API (app/api/registrations, app/api/payments) and the portal's event and checkout pages.
import { z } from 'zod'
import { recordIdSchema } from './api'
import type { Role } from './constants'
import { endpoint, endpointTable, fillPath } from './endpoint'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, type GstBreakdown } from './payments'
import { REGISTRATION_MESSAGES } from './registration-pages'

/** Razorpay's webhooks, under the API's prefix (the address given in Razorpay's dashboard: {PUBLIC_URL}/api/payments/razorpay/webhook/v1). */
export const RAZORPAY_WEBHOOK_PATH = '/payments/razorpay/webhook/v1'

/** How long a signed sandbox callback stays valid, either side of the API's clock. */
export const CALLBACK_WINDOW_SECONDS = 5 * 60

/** A provider's reference: letters, digits, '_' and '-', as it travels in a path. */
export const paymentReferenceSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a payment reference.')

export const CALLBACK_OUTCOMES = ['paid', 'failed'] as const
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number]

/** The sandbox's signed report of a payment's outcome; `sSignature` is HMAC-SHA256 (hex) of the other four. */
export const sandboxCallbackSchema = z.object({
	sReference: paymentReferenceSchema,
	sOutcome: z.enum(CALLBACK_OUTCOMES),
	nAmountPaise: z.number().int().min(0).max(100_000_000),
	/** Unix seconds when the provider signed it. */
	nTimestamp: z.number().int().positive(),
	sSignature: z.string().regex(/^[0-9a-f]{64}$/, 'Not a signature.'),
})
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>

/** The text the callback's signature covers: each field once, in a fixed order. */
export const callbackSigningText = ({ sReference, sOutcome, nAmountPaise, nTimestamp }: Omit<SandboxCallback, 'sSignature'>) =>
	`${sReference}.${sOutcome}.${nAmountPaise}.${nTimestamp}`

/** The only error a form of buttons can have. */
export const USE_BUTTONS = 'Please use one of the buttons.'

/** What the event page posts: its buttons' intents (the cancel confirmation is a step of its own). */
export const REGISTRATION_INTENTS = ['register', 'cancel', 'retry', 'join-waiting-list', 'leave-waiting-list'] as const
export type RegistrationIntent = (typeof REGISTRATION_INTENTS)[number]
export const registrationIntentSchema = z.object({ intent: z.enum(REGISTRATION_INTENTS, { error: USE_BUTTONS }) })

/** What the sandbox checkout page posts. */
export const checkoutIntentSchema = z.object({ intent: z.enum(CALLBACK_OUTCOMES, { error: USE_BUTTONS }) })

/** Why a person cannot register now; null when they can. */
/** `cancelled`: the branch cancelled the event. */
export const CLOSED_REASONS = ['past', 'cancelled', 'started', 'closed', 'full'] as const
export type ClosedReason = (typeof CLOSED_REASONS)[number]

/** GST on one amount of paise (app/contract/payments.ts). */
export const gstBreakdownSchema = z.object({
	taxablePaise: z.number().int(),
	cgstPaise: z.number().int(),
	sgstPaise: z.number().int(),
	igstPaise: z.number().int(),
	totalPaise: z.number().int(),
	gstRateBasisPoints: z.number().int(),
}) satisfies z.ZodType<GstBreakdown>

export const availabilitySchema = z.object({
	iEventId: z.number().int(),
	nSeatLimit: z.number().int().nullable(),
	/** Null when there is no seat limit. */
	nSeatsLeft: z.number().int().nullable(),
	sClosedReason: z.enum(CLOSED_REASONS).nullable(),
	/** When registration closes (the event's own closing time, else its start). */
	dRegistrationClosesAt: z.string(),
	/** Until when a registration may be cancelled (the event's cut-off, else the close of registration). */
	dCancellationCutoffAt: z.string(),
	nFeePaise: z.number().int(),
	/** The fee with GST for a buyer in the branch's state (CGST + SGST); null when free. */
	oFee: gstBreakdownSchema.nullable(),
	/** The GST rate in basis points (1800 for 18 %). */
	nGstRateBasisPoints: z.number().int(),
})
export type Availability = z.infer<typeof availabilitySchema>

export const paymentSummarySchema = z.object({
	iPaymentId: z.number().int(),
	sProvider: z.enum(PAYMENT_PROVIDERS),
	sStatus: z.enum(PAYMENT_STATUSES),
	sReference: z.string(),
	oAmount: gstBreakdownSchema,
	sInvoiceNumber: z.string().nullable(),
	dPaidAt: z.string().nullable(),
	/** The provider's next step for a pending payment: a checkout page, or instructions. */
	sCheckoutPath: z.string().nullable(),
	sInstructions: z.string().nullable(),
})
export type PaymentSummary = z.infer<typeof paymentSummarySchema>

export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

export const registrationSummarySchema = z.object({
	iRegistrationId: z.number().int(),
	sStatus: z.enum(REGISTRATION_STATUSES),
	dCreatedAt: z.string(),
	dCancelledAt: z.string().nullable(),
	bCanCancel: z.boolean(),
	/** A pending registration whose payment failed may be paid again. */
	bCanRetry: z.boolean(),
	oPayment: paymentSummarySchema.nullable(),
})
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>

/** waiting: in line at nPosition (1 is next); offered: a seat is held for them until dOfferExpiresAt. */
export const waitingListPlaceSchema = z.object({ sStatus: z.enum(['waiting', 'offered']), nPosition: z.number().int(), dOfferExpiresAt: z.string().nullable() })
export type WaitingListPlace = z.infer<typeof waitingListPlaceSchema>

export const registrationStateSchema = z.object({
	oAvailability: availabilitySchema,
	/** The fee with GST as this person would pay it (their state decides CGST + SGST or IGST); null when free. */
	oFee: gstBreakdownSchema.nullable(),
	/** The person's latest registration for the event, live or cancelled; null if none. */
	oRegistration: registrationSummarySchema.nullable(),
	/** The person's place on a full event's waiting list (an extension of the spec); absent or null if none. */
	oWaitingList: waitingListPlaceSchema.nullable().optional(),
})
export type RegistrationState = z.infer<typeof registrationStateSchema>

export const checkoutDetailsSchema = z.object({
	sReference: z.string(),
	iEventId: z.number().int(),
	sEventTitle: z.string(),
	sStatus: z.enum(PAYMENT_STATUSES),
	oAmount: gstBreakdownSchema,
})
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>

/** The Razorpay checkout page: the order the page's form or script opens in Razorpay's Checkout. */
export const razorpayCheckoutSchema = checkoutDetailsSchema.extend({
	sKeyId: z.string(),
	sOrderId: z.string(),
	sScriptUrl: z.string(),
	sHostedCheckoutUrl: z.string(),
	sBuyerName: z.string(),
	sBuyerEmail: z.string(),
	dHoldExpiresAt: z.string().nullable(),
	/** Paid at Razorpay, which has not yet confirmed the money captured: the member waits, and is not offered to pay again. */
	bConfirming: z.boolean(),
})
export type RazorpayCheckout = z.infer<typeof razorpayCheckoutSchema>

/** What Razorpay's Checkout hands back on success, with the portal's reference of the payment. */
export const razorpayCallbackSchema = z.object({
	sReference: paymentReferenceSchema,
	sPaymentId: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, 'Not a Razorpay payment id.'),
	sSignature: z.string().regex(/^[0-9a-f]{64}$/, 'Not a signature.'),
})

export const settledPaymentSchema = z.object({
	iPaymentId: z.number().int(),
	sStatus: z.enum(PAYMENT_STATUSES),
	iEventId: z.number().int(),
	sInvoiceNumber: z.string().nullable(),
})
export type SettledPayment = z.infer<typeof settledPaymentSchema>

const eventParams = z.object({ iEventId: recordIdSchema })
/** A signed-in person's step on one event, under their role's prefix; each answers the new state. */
const personStep = <const P extends string>(method: 'POST' | 'DELETE', path: P) =>
	endpoint({ method, path, access: 'account', params: eventParams, notFound: REGISTRATION_MESSAGES.notFound, data: registrationStateSchema })

export const registrationEndpoints = endpointTable('registrations', {
	/** Public: seats left and whether registration is open, for a visitor who is not signed in. Never reused: seats change. */
	availability: endpoint({
		method: 'GET',
		path: '/events/availability/v1/:iEventId',
		access: 'public',
		params: eventParams,
		notFound: REGISTRATION_MESSAGES.notFound,
		data: availabilitySchema,
	}),
	/** The signed-in person's registration for one event, with the event's availability. */
	state: endpoint({
		method: 'GET',
		path: '/:role/events/registration/v1/:iEventId',
		access: 'account',
		params: eventParams,
		notFound: REGISTRATION_MESSAGES.notFound,
		data: registrationStateSchema,
	}),
	register: personStep('POST', '/:role/events/register/v1/:iEventId'),
	cancel: personStep('POST', '/:role/events/cancel/v1/:iEventId'),
	retryPayment: personStep('POST', '/:role/events/retry-payment/v1/:iEventId'),
	/** Joins a full event's waiting list (an extension of the spec). */
	joinWaitingList: personStep('POST', '/:role/events/waiting-list/v1/:iEventId'),
	/** Leaves it. */
	leaveWaitingList: personStep('DELETE', '/:role/events/waiting-list/v1/:iEventId'),
	/** What the sandbox checkout page shows: only the payment's owner may read it. */
	checkout: endpoint({
		method: 'GET',
		path: '/:role/payments/checkout/v1/:sReference',
		access: 'account',
		params: z.object({ sReference: paymentReferenceSchema }),
		notFound: REGISTRATION_MESSAGES.paymentNotFound,
		data: checkoutDetailsSchema,
	}),
	/** Where a provider reports the outcome of a payment; verified by its signature, not by a token. */
	sandboxCallback: endpoint({
		method: 'POST',
		path: '/payments/sandbox/callback/v1',
		access: 'public',
		body: sandboxCallbackSchema,
		data: settledPaymentSchema,
	}),
	/** The person's Razorpay payment with its order (made on the first call). */
	razorpayCheckout: endpoint({
		method: 'GET',
		path: '/:role/payments/razorpay/checkout/v1/:sReference',
		access: 'account',
		params: z.object({ sReference: paymentReferenceSchema }),
		notFound: REGISTRATION_MESSAGES.paymentNotFound,
		data: razorpayCheckoutSchema,
	}),
	/** Checkout's answer, passed on by the portal: verified by Razorpay's signature (400 when it does not match). */
	razorpayCallback: endpoint({
		method: 'POST',
		path: '/payments/razorpay/callback/v1',
		access: 'public',
		body: razorpayCallbackSchema,
		data: settledPaymentSchema,
	}),
})

export const REGISTRATION_PATHS = {
	availability: (iEventId: number | string) => fillPath(registrationEndpoints.availability.path, { iEventId }),
	state: (role: Role, iEventId: number | string) => fillPath(registrationEndpoints.state.path, { role, iEventId }),
	register: (role: Role, iEventId: number | string) => fillPath(registrationEndpoints.register.path, { role, iEventId }),
	cancel: (role: Role, iEventId: number | string) => fillPath(registrationEndpoints.cancel.path, { role, iEventId }),
	retryPayment: (role: Role, iEventId: number | string) => fillPath(registrationEndpoints.retryPayment.path, { role, iEventId }),
	waitingList: (role: Role, iEventId: number | string) => fillPath(registrationEndpoints.joinWaitingList.path, { role, iEventId }),
	checkout: (role: Role, sReference: string) => fillPath(registrationEndpoints.checkout.path, { role, sReference }),
	sandboxCallback: registrationEndpoints.sandboxCallback.path,
} as const
