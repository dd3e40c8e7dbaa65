// Razorpay: the server's calls through the official `razorpay` package, and the two signatures
// Razorpay uses. Checkout returns HMAC-SHA256(order_id + "|" + payment_id) with the key secret;
// webhooks carry HMAC-SHA256 of the raw body with the webhook secret in X-Razorpay-Signature.
import { createHmac, timingSafeEqual } from 'node:crypto'
import Razorpay from 'razorpay'
import type { RazorpaySettings } from '../branch-settings'
import { ApiError } from '../http'

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/** Constant time, so the answer's timing tells a forger nothing. */
function sameHex(expected: string, given: string) {
	if (!/^[0-9a-f]{64}$/.test(given)) return false
	return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))
}

export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`)

/** `orderId` is the one stored with the payment, never the one the browser sent back. */
export const isValidCheckoutSignature = (keySecret: string, orderId: string, paymentId: string, signature: string) =>
	sameHex(checkoutSignature(keySecret, orderId, paymentId), signature)

export const webhookSignature = (webhookSecret: string, rawBody: string) => hmacHex(webhookSecret, rawBody)
export const isValidWebhookSignature = (webhookSecret: string, rawBody: string, signature: string) =>
	sameHex(webhookSignature(webhookSecret, rawBody), signature)

export const RAZORPAY_API_URL = 'https://api.razorpay.com'
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js'

export type GatewayOrder = { id: string; amount: number; status: string; receipt?: string | null }
/** `status`: created, authorized, captured, refunded or failed; only a captured payment's money is the branch's. */
export type GatewayPayment = {
	id: string
	order_id: string
	amount: number
	currency: string
	status: string
	fee?: number | null
	tax?: number | null
	created_at: number
}
export type GatewayRefund = { id: string; payment_id: string; amount: number; status: string; created_at: number }

export type Gateway = {
	createOrder(order: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>
	orderPayments(orderId: string): Promise<GatewayPayment[]>
	payment(paymentId: string): Promise<GatewayPayment>
	/** Authorized to captured; Razorpay refuses any other amount or currency than the authorized one. */
	capture(paymentId: string, capture: { amountPaise: number; currency: string }): Promise<GatewayPayment>
	refund(paymentId: string, refund: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayRefund>
	fetchRefund(refundId: string): Promise<GatewayRefund>
}

export const GATEWAY_DOWN = 'Razorpay is not answering just now. Please try again in a few minutes.'

/** A failed call becomes a 502 with a plain message; Razorpay's own error goes to the caller's log. */
async function call<T>(what: Promise<unknown>): Promise<T> {
	try {
		return (await what) as T
	} catch (error) {
		const status = (error as { statusCode?: number }).statusCode
		throw new ApiError(502, GATEWAY_DOWN, status ? { gateway: [`Razorpay answered ${status}`] } : undefined)
	}
}

const clients = new Map<string, Gateway>()

/**
 * The client for one key. The package has no base-address option: its HTTP client (axios) is
 * created with https://api.razorpay.com, so a test gateway is reached by changing that client's
 * baseURL, the one place the address is read (decision 0054).
 */
export function razorpayGateway(settings: RazorpaySettings): Gateway {
	const key = `${settings.apiUrl}|${settings.keyId}`
	const known = clients.get(key)
	if (known) return known
	const razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret })
	const http = (razorpay as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq
	http.defaults.baseURL = settings.apiUrl
	// A page waits on these calls: a gateway that hangs must not hold it for minutes.
	http.defaults.timeout = 15_000
	const gateway: Gateway = {
		createOrder: ({ amountPaise, receipt, notes }) => call(razorpay.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes })),
		orderPayments: async (orderId) => (await call<{ items: GatewayPayment[] }>(razorpay.orders.fetchPayments(orderId))).items,
		payment: (paymentId) => call(razorpay.payments.fetch(paymentId)),
		capture: (paymentId, { amountPaise, currency }) => call(razorpay.payments.capture(paymentId, amountPaise, currency)),
		refund: (paymentId, { amountPaise, receipt, notes }) => call(razorpay.payments.refund(paymentId, { amount: amountPaise, receipt, notes })),
		fetchRefund: (refundId) => call(razorpay.refunds.fetch(refundId)),
	}
	clients.set(key, gateway)
	return gateway
}
