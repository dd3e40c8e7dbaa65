// Event registration and its payment: API paths, payloads, answers and messages, shared
// by the branch API (app/api/registrations, app/api/payments) and the portal's event and checkout pages.
import { z } from 'zod'
import type { Role } from './constants'
import type { GstBreakdown, PaymentProvider, PaymentStatus } from './payments'

export const REGISTRATION_PATHS = {
	/** Public: seats left and whether registration is open, for a visitor who is not signed in. */
	availability: (iEventId: number | string) => `/events/availability/v1/${iEventId}`,
	/** The signed-in person's registration for one event, with the event's availability. */
	state: (role: Role, iEventId: number | string) => `/${role}/events/registration/v1/${iEventId}`,
	register: (role: Role, iEventId: number | string) => `/${role}/events/register/v1/${iEventId}`,
	cancel: (role: Role, iEventId: number | string) => `/${role}/events/cancel/v1/${iEventId}`,
	retryPayment: (role: Role, iEventId: number | string) => `/${role}/events/retry-payment/v1/${iEventId}`,
	/** POST joins a full event's waiting list; DELETE leaves it. Extensions of the spec. */
	waitingList: (role: Role, iEventId: number | string) => `/${role}/events/waiting-list/v1/${iEventId}`,
	/** What the sandbox checkout page shows: only the payment's owner may read it. */
	checkout: (role: Role, sReference: string) => `/${role}/payments/checkout/v1/${sReference}`,
	/** Where a provider reports the outcome of a payment; verified by its signature, not by a token. */
	sandboxCallback: '/payments/sandbox/callback/v1',
} as const

/** The portal's pages of the flow. */
export const PAYMENT_PAGES = {
	sandboxCheckout: (sReference: string) => `/payments/sandbox/checkout/${sReference}`,
	event: (iEventId: number) => `/events/event-details/${iEventId}`,
} as const

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

export type Availability = {
	iEventId: number
	nSeatLimit: number | null
	/** Null when there is no seat limit. */
	nSeatsLeft: number | null
	sClosedReason: ClosedReason | null
	/** When registration closes (the event's own closing time, else its start). */
	dRegistrationClosesAt: string
	/** Until when a registration may be cancelled (the event's cut-off, else the close of registration). */
	dCancellationCutoffAt: string
	nFeePaise: number
	/** The fee with GST for a buyer in the branch's state (CGST + SGST); null when free. */
	oFee: GstBreakdown | null
	/** The GST rate in basis points (1800 for 18 %). */
	nGstRateBasisPoints: number
}

export type PaymentSummary = {
	iPaymentId: number
	sProvider: PaymentProvider
	sStatus: PaymentStatus
	sReference: string
	oAmount: GstBreakdown
	sInvoiceNumber: string | null
	dPaidAt: string | null
	/** The provider's next step for a pending payment: a checkout page, or instructions. */
	sCheckoutPath: string | null
	sInstructions: string | null
}

export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

export type RegistrationSummary = {
	iRegistrationId: number
	sStatus: RegistrationStatus
	dCreatedAt: string
	dCancelledAt: string | null
	bCanCancel: boolean
	/** A pending registration whose payment failed may be paid again. */
	bCanRetry: boolean
	oPayment: PaymentSummary | null
}

export type RegistrationState = {
	oAvailability: Availability
	/** The fee with GST as this person would pay it (their state decides CGST + SGST or IGST); null when free. */
	oFee: GstBreakdown | null
	/** The person's latest registration for the event, live or cancelled; null if none. */
	oRegistration: RegistrationSummary | null
	/** The person's place on a full event's waiting list (an extension of the spec); absent or null if none. */
	oWaitingList?: WaitingListPlace | null
}

/** waiting: in line at nPosition (1 is next); offered: a seat is held for them until dOfferExpiresAt. */
export type WaitingListPlace = { sStatus: 'waiting' | 'offered'; nPosition: number; dOfferExpiresAt: string | null }

export type CheckoutDetails = {
	sReference: string
	iEventId: number
	sEventTitle: string
	sStatus: PaymentStatus
	oAmount: GstBreakdown
}

export type SettledPayment = { iPaymentId: number; sStatus: PaymentStatus; iEventId: number; sInvoiceNumber: string | null }

export const REGISTRATION_MESSAGES = {
	registered: 'You are registered for this event.',
	paymentStarted: 'Your seat is held until the payment completes.',
	offlinePending: 'Please pay the fee at the branch office; the office confirms your registration when it receives it.',
	cancelled: 'Your registration is cancelled.',
	notFound: 'No such event.',
	notPublished: 'This event is not open for registration.',
	past: 'This event has already taken place.',
	started: 'This event has already started.',
	closed: 'Registration for this event has closed.',
	full: 'Sorry, this event is full.',
	alreadyRegistered: 'You are already registered for this event.',
	notRegistered: 'You have no registration for this event.',
	cancelCutoffPassed: 'The time to cancel this registration has passed.',
	paidCancel: 'This registration is paid. To cancel it and have the fee refunded, please contact the branch office.',
	nothingToRetry: 'There is no failed payment to try again for this registration.',
	paymentNotFound: 'No such payment.',
	badSignature: 'The callback signature is not valid.',
	staleCallback: 'The callback is too old or from the future.',
	amountMismatch: 'The amount does not match the payment.',
	paid: 'Payment received. Your registration is confirmed.',
	failed: 'The payment did not go through. Your seat is still held: you can try again.',
	alreadyPaid: 'This payment is already paid.',
	notPending: 'This payment is no longer waiting to be paid.',
	notOffline: 'Only payments to be made at the branch office are confirmed by the office.',
	notPaid: 'Only a paid payment can be refunded.',
	cancelledEvent: 'This event is cancelled. The branch office will contact everyone who registered.',
	alreadyRefunded: 'This payment has already been refunded.',
	refunded: 'The payment is refunded and the registration cancelled.',
	joinedWaitingList: 'You are on the waiting list. If a seat frees, we will e-mail you.',
	leftWaitingList: 'You have left the waiting list.',
	notFullForWaitingList: 'This event still has seats: register instead.',
	alreadyWaiting: 'You are already on the waiting list for this event.',
	notWaiting: 'You are not on the waiting list for this event.',
} as const
