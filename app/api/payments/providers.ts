// The payment providers behind one interface. A provider names each payment with its own
// reference and tells the person what to do next; the outcome comes back later (the sandbox's
// signed callback, or the office's confirmation), and is settled by settle.ts.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { PaymentProvider } from '~/contract/payments'
import { callbackSigningText, type SandboxCallback } from '~/contract/registrations'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'

export type PaymentStart = { sCheckoutPath: string | null; sInstructions: string | null }

export interface PaymentProviderAdapter {
	readonly name: PaymentProvider
	/** A new reference, unique among this provider's payments; `prefix` is the branch's (its invoice series). */
	newReference(prefix: string): string
	/** The next step for a pending payment; asked again whenever the person comes back to pay. */
	start(payment: { reference: string; totalPaise: number }): PaymentStart
}

const randomReference = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

/** Letters and digits that cannot be misheard or misread for another: no 0/O, 1/I/L or U. */
export const READABLE_CHARACTERS = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A reference a member can read out at a counter (`SRB-7K4Q-2M9X`): the branch's prefix, then 8 of
 * 29 characters (about 5 × 10¹¹ of them, so thousands of payments a year never meet twice).
 */
export function readableReference(prefix: string) {
	const code = Array.from({ length: 8 }, () => READABLE_CHARACTERS[randomInt(READABLE_CHARACTERS.length)]).join('')
	return `${prefix}-${code.slice(0, 4)}-${code.slice(4)}`
}

/** The portal's own checkout page, which completes or fails the payment without moving money. */
const sandbox: PaymentProviderAdapter = {
	name: 'sandbox',
	newReference: () => randomReference('sbx'),
	start: ({ reference }) => ({ sCheckoutPath: PAYMENT_PAGES.sandboxCheckout(reference), sInstructions: null }),
}

/** Paid at the branch office: the payment stays pending until the office confirms it. */
const offline: PaymentProviderAdapter = {
	name: 'offline',
	newReference: readableReference,
	start: ({ reference }) => ({ sCheckoutPath: null, sInstructions: `${REGISTRATION_MESSAGES.offlinePending} Quote reference ${reference}.` }),
}

/**
 * Online through Razorpay: the reference is also the Razorpay order's receipt; the order itself is
 * made when the person opens the checkout page, outside the registration's lock (online-checkout.ts).
 */
const razorpay: PaymentProviderAdapter = {
	name: 'razorpay',
	newReference: readableReference,
	start: ({ reference }) => ({ sCheckoutPath: PAYMENT_PAGES.razorpayCheckout(reference), sInstructions: null }),
}

const PROVIDERS: Record<PaymentProvider, PaymentProviderAdapter> = { sandbox, offline, razorpay }

/** Providers whose payments hold the seat only for a while (PAYMENT_HOLD_MINUTES). */
export const holdsSeat = (provider: PaymentProvider) => provider === 'razorpay'

/** The provider a payment was made with (not necessarily today's configured one). */
export const paymentProvider = (name: PaymentProvider) => PROVIDERS[name]

/** HMAC-SHA256 (hex) of a sandbox callback with the shared secret. */
export function signCallback(secret: string, callback: Omit<SandboxCallback, 'sSignature'>) {
	return createHmac('sha256', secret).update(callbackSigningText(callback)).digest('hex')
}

/** Compares in constant time, so the answer's timing tells a forger nothing about the signature. */
export function isValidCallbackSignature(secret: string, callback: SandboxCallback) {
	const expected = Buffer.from(signCallback(secret, callback), 'hex')
	const given = Buffer.from(callback.sSignature, 'hex')
	return given.length === expected.length && timingSafeEqual(given, expected)
}
