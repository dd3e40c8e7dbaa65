// A local stand-in for Razorpay, for tests and trials: the part of its API the portal calls
// (orders, an order's payments, payments, refunds), with its entity shapes and error answers, a
// hosted checkout page that posts back to callback_url, a checkout.js that opens the same page in
// a frame as Standard Checkout does, and webhooks signed with the webhook secret. No money moves.
// `node scripts/razorpay-gateway.mjs` with RAZORPAY_GATEWAY_PORT, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
// RAZORPAY_WEBHOOK_SECRET and RAZORPAY_WEBHOOK_URL; tests import startRazorpayGateway.
// Under /__gateway/ it lets a test hold webhooks back (and keep orders' payments unlisted), replay them, pay an order without coming
// back (a closed tab), choose whether refunds are processed at once, leave payments authorized (as
// a late authorization is, or an account without auto-capture), make captures fail, and refund an
// authorized payment nobody captured (as Razorpay does after a few days).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import { pathToFileURL } from 'node:url'

const ID_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Razorpay's ids: a prefix and 14 letters and digits. */
const newId = (/** @type {string} */ prefix) => `${prefix}_${Array.from(randomBytes(14), (b) => ID_CHARACTERS[b % ID_CHARACTERS.length]).join('')}`
const now = () => Math.floor(Date.now() / 1000)
const hmac = (/** @type {string} */ secret, /** @type {string} */ text) => createHmac('sha256', secret).update(text).digest('hex')
const escape = (/** @type {unknown} */ text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * @typedef {{ keyId: string; keySecret: string; webhookSecret: string; webhookUrl?: string; port?: number }} GatewayOptions
 * @typedef {{ eventId: string; event: string; body: string; signature: string; status?: number | string }} Delivery
 * @typedef {Record<string, any>} Entity
 */

/** @param {GatewayOptions} options */
export async function startRazorpayGateway({ keyId, keySecret, webhookSecret, webhookUrl, port = 0 }) {
	/** @type {Map<string, Entity>} */ const orders = new Map()
	/** @type {Map<string, Entity>} */ const payments = new Map()
	/** @type {Map<string, Entity>} */ const refunds = new Map()
	/** @type {Delivery[]} */ const deliveries = []
	/** @type {Delivery[]} */ let held = []
	/** Deliveries under way: sent after the answer, as Razorpay does, so a caller holding a lock is not waited on. @type {Set<Promise<void>>} */
	const inflight = new Set()
	const flush = async () => {
		while (inflight.size > 0) await Promise.all([...inflight])
	}
	const control = { holdWebhooks: false, quietOrders: false, refundStatus: 'processed', webhookUrl, autoCapture: true, failCaptures: false }

	/** @param {Delivery} delivery */
	async function deliver(delivery) {
		if (!control.webhookUrl) return
		try {
			const response = await fetch(control.webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-razorpay-signature': delivery.signature, 'x-razorpay-event-id': delivery.eventId },
				body: delivery.body,
			})
			delivery.status = response.status
		} catch (error) {
			delivery.status = String(error)
		}
	}

	/** Signs and sends one event (or keeps it back while webhooks are held). @param {string} event @param {Record<string, Entity>} entities */
	async function sendWebhook(event, entities) {
		const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity: structuredClone(entity) }]))
		const body = JSON.stringify({ entity: 'event', account_id: 'acc_TestGateway0001', event, contains: Object.keys(entities), payload, created_at: now() })
		const delivery = { eventId: newId('evt'), event, body, signature: hmac(webhookSecret, body) }
		deliveries.push(delivery)
		if (control.holdWebhooks) return held.push(delivery)
		const sending = new Promise((resolve) => setImmediate(resolve)).then(() => deliver(delivery))
		inflight.add(sending)
		void sending.finally(() => inflight.delete(sending))
	}

	/** Razorpay's fee: 2 % of the amount plus 18 % GST on it; `fee` includes the tax. @param {number} amount */
	const feeOf = (amount) => {
		const tax = Math.round(amount * 0.02 * 0.18)
		return { fee: Math.round(amount * 0.02) + tax, tax }
	}

	/**
	 * A payment attempt on an order: captured at once (auto-capture), left authorized, or failed.
	 * `as` lets a test report another amount or currency than the order's.
	 * @param {Entity} order @param {boolean} success @param {{ amount?: number; currency?: string }} as
	 */
	async function pay(order, success, as = {}) {
		const payment = {
			id: newId('pay'),
			entity: 'payment',
			amount: as.amount ?? order.amount,
			currency: as.currency ?? order.currency,
			status: success ? 'authorized' : 'failed',
			order_id: order.id,
			invoice_id: null,
			international: false,
			method: 'upi',
			amount_refunded: 0,
			refund_status: null,
			captured: false,
			description: order.notes?.event ?? null,
			card_id: null,
			bank: null,
			wallet: null,
			vpa: success ? 'success@razorpay' : 'failure@razorpay',
			email: 'member@example.org',
			contact: '+919000090000',
			notes: order.notes ?? [],
			fee: null,
			tax: null,
			error_code: success ? null : 'BAD_REQUEST_ERROR',
			error_description: success ? null : 'Payment failed because the UPI app declined it.',
			error_source: success ? null : 'customer',
			error_step: success ? null : 'payment_authorization',
			error_reason: success ? null : 'payment_failed',
			acquirer_data: { rrn: success ? String(100000000000 + Math.floor(Math.random() * 1e11)) : null },
			created_at: now(),
		}
		payments.set(payment.id, payment)
		order.attempts += 1
		order.status = 'attempted'
		if (!success) await sendWebhook('payment.failed', { payment })
		else {
			await sendWebhook('payment.authorized', { payment })
			if (control.autoCapture) capture(payment)
			if (payment.status === 'captured') await capturedWebhooks(payment)
		}
		return payment
	}

	/** Authorized to captured, with Razorpay's fee; its order is then paid. @param {Entity} payment */
	function capture(payment) {
		const order = orders.get(payment.order_id)
		Object.assign(payment, { status: 'captured', captured: true, ...feeOf(payment.amount) })
		if (order) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 })
	}
	/** @param {Entity} payment */
	async function capturedWebhooks(payment) {
		await sendWebhook('payment.captured', { payment })
		const order = orders.get(payment.order_id)
		if (order) await sendWebhook('order.paid', { payment, order })
	}

	/** What Checkout hands back: on success the signed ids, on failure Razorpay's error fields. @param {Entity} payment */
	const checkoutAnswer = (payment) =>
		payment.status !== 'failed'
			? { razorpay_payment_id: payment.id, razorpay_order_id: payment.order_id, razorpay_signature: hmac(keySecret, `${payment.order_id}|${payment.id}`) }
			: {
					'error[code]': payment.error_code,
					'error[description]': payment.error_description,
					'error[source]': payment.error_source,
					'error[step]': payment.error_step,
					'error[reason]': payment.error_reason,
					'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: payment.order_id }),
				}

	/** @param {Entity} payment @param {number} amount @param {Entity} fields */
	async function refund(payment, amount, fields) {
		const item = {
			id: newId('rfnd'),
			entity: 'refund',
			amount,
			currency: payment.currency,
			payment_id: payment.id,
			notes: fields.notes ?? [],
			receipt: fields.receipt ?? null,
			acquirer_data: { arn: null },
			created_at: now(),
			batch_id: null,
			status: control.refundStatus,
			speed_processed: 'normal',
			speed_requested: fields.speed ?? 'normal',
		}
		refunds.set(item.id, item)
		Object.assign(payment, {
			amount_refunded: payment.amount_refunded + amount,
			refund_status: payment.amount_refunded + amount >= payment.amount ? 'full' : 'partial',
		})
		if (payment.refund_status === 'full') payment.status = 'refunded'
		await sendWebhook('refund.created', { refund: item, payment })
		if (item.status === 'processed') await sendWebhook('refund.processed', { refund: item, payment })
		return item
	}

	const page = (/** @type {string} */ title, /** @type {string} */ body) =>
		`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>` +
		`<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1e293b}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem 0 0}.note{background:#fef3c7;padding:.6rem;border-left:4px solid #b45309}</style></head><body>${body}</body></html>`

	/** The checkout page: hosted (posts back to callback_url) or in Standard Checkout's frame (tells the opener). @param {Record<string, string>} fields @param {'hosted' | 'frame'} mode */
	function checkoutPage(fields, mode) {
		const order = orders.get(fields.order_id ?? '')
		if (!order || fields.key_id !== keyId) return page('Checkout', '<h1>Checkout</h1><p role="alert">No such order for this key.</p>')
		const hidden = Object.entries({ ...fields, mode })
			.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
			.join('')
		const rupees = (order.amount / 100).toFixed(2)
		return page(
			'Razorpay test checkout',
			`<h1>Razorpay test checkout</h1><p class="note">Test gateway — no money moves.</p><p>${escape(fields.name ?? '')}: ${escape(fields.description ?? '')}</p>` +
				`<p>Amount: <strong>₹${rupees}</strong></p><form method="post" action="/v1/checkout/embedded/pay">${hidden}` +
				`<button name="outcome" value="success">Pay ₹${rupees} by UPI</button><button name="outcome" value="failure">Fail the payment</button></form>`,
		)
	}

	/** After paying: back to the merchant by a form (a button without JavaScript, sent at once with it), or to Checkout's opener. @param {Record<string, string>} fields @param {Entity} payment */
	function returnPage(fields, payment) {
		const answer = checkoutAnswer(payment)
		if (fields.mode === 'frame') {
			const message = JSON.stringify({
				source: 'razorpay-test-gateway',
				...(payment.status !== 'failed'
					? { response: answer }
					: { error: { code: payment.error_code, description: payment.error_description, metadata: { payment_id: payment.id, order_id: payment.order_id } } }),
			})
			return page('Payment', `<p>Payment ${escape(payment.status)}.</p><script>parent.postMessage(${message.replace(/</g, '\\u003c')}, '*')</script>`)
		}
		const target = payment.status !== 'failed' ? fields.callback_url : (fields.cancel_url ?? fields.callback_url)
		const inputs = Object.entries(answer)
			.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
			.join('')
		return page(
			'Payment',
			`<h1>Payment ${payment.status !== 'failed' ? 'successful' : 'failed'}</h1><form id="back" method="post" action="${escape(target)}">${inputs}<button>Return to the merchant</button></form>` +
				`<script>document.getElementById('back').submit()</script>`,
		)
	}

	/** Standard Checkout's stand-in: `new Razorpay(options).open()` shows the checkout page in a frame over the merchant's page. */
	const checkoutScript = (/** @type {string} */ origin) => `(function () {
	function Razorpay(options) { this.options = options; this.handlers = {} }
	Razorpay.prototype.on = function (event, handler) { this.handlers[event] = handler }
	Razorpay.prototype.open = function () {
		var self = this, o = this.options
		var overlay = document.createElement('div')
		overlay.setAttribute('role', 'dialog'); overlay.setAttribute('aria-label', 'Razorpay Checkout')
		Object.assign(overlay.style, { position: 'fixed', inset: '0', background: 'rgba(15,23,42,.6)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: '2147483647' })
		var frame = document.createElement('iframe')
		frame.title = 'Razorpay Checkout'
		var query = new URLSearchParams({ key_id: o.key, order_id: o.order_id, name: o.name || '', description: o.description || '' })
		frame.src = ${JSON.stringify(origin)} + '/v1/checkout/frame?' + query
		Object.assign(frame.style, { width: '26rem', maxWidth: '95vw', height: '24rem', border: '0', background: '#fff', borderRadius: '.5rem' })
		overlay.appendChild(frame); document.body.appendChild(overlay)
		function listen(event) {
			if (event.origin !== ${JSON.stringify(origin)} || !event.data || event.data.source !== 'razorpay-test-gateway') return
			window.removeEventListener('message', listen); overlay.remove()
			if (event.data.response) o.handler(event.data.response)
			else if (self.handlers['payment.failed']) self.handlers['payment.failed']({ error: event.data.error })
		}
		window.addEventListener('message', listen)
	}
	window.Razorpay = Razorpay
})()`

	/** Razorpay's error answer. @param {http.ServerResponse} res @param {number} status @param {string} description @param {string | null} field */
	const fail = (res, status, description, field = null) =>
		json(res, status, {
			error: {
				code: status === 401 ? 'BAD_REQUEST_ERROR' : 'BAD_REQUEST_ERROR',
				description,
				source: 'business',
				step: 'payment_initiation',
				reason: 'input_validation_failed',
				metadata: {},
				field,
			},
		})
	/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
	const json = (res, status, body) => {
		res.writeHead(status, { 'content-type': 'application/json' })
		res.end(JSON.stringify(body))
	}
	const html = (/** @type {http.ServerResponse} */ res, /** @type {string} */ body) => {
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
		res.end(body)
	}
	const authorized = (/** @type {http.IncomingMessage} */ req) => {
		const given = Buffer.from(req.headers.authorization ?? '')
		const expected = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`)
		return given.length === expected.length && timingSafeEqual(given, expected)
	}

	/** @param {http.IncomingMessage} req */
	async function readBody(req) {
		const chunks = []
		for await (const chunk of req) chunks.push(chunk)
		const text = Buffer.concat(chunks).toString('utf8')
		if (!text) return {}
		if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text)
		return Object.fromEntries(new URLSearchParams(text))
	}

	const server = http.createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', 'http://gateway')
		const parts = url.pathname.split('/').filter(Boolean)
		const route = `${req.method} /${parts.map((p, i) => (i >= 2 && /^(order|pay|rfnd)_/.test(p) ? ':id' : p)).join('/')}`
		const id = parts.find((p, i) => i >= 2 && /^(order|pay|rfnd)_/.test(p)) ?? ''
		try {
			const body = req.method === 'POST' ? await readBody(req) : {}
			if (url.pathname === '/healthz') return json(res, 200, { ok: true })
			if (route === 'GET /v1/checkout.js') {
				res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' })
				return res.end(checkoutScript(`http://${req.headers.host}`))
			}
			if (route === 'POST /v1/checkout/embedded') return html(res, checkoutPage(body, 'hosted'))
			if (route === 'GET /v1/checkout/frame') return html(res, checkoutPage(Object.fromEntries(url.searchParams), 'frame'))
			if (route === 'POST /v1/checkout/embedded/pay') {
				const order = orders.get(body.order_id)
				if (!order || order.status === 'paid') return html(res, page('Checkout', '<p role="alert">This order cannot be paid.</p>'))
				return html(res, returnPage(body, await pay(order, body.outcome === 'success')))
			}
			if (parts[0] === '__gateway') return await controlRoute(route, id, body, res)
			if (parts[0] !== 'v1') return fail(res, 404, 'The requested URL was not found on the server.')
			if (!authorized(req)) return fail(res, 401, 'The api key provided is invalid')
			switch (route) {
				case 'POST /v1/orders': {
					if (!Number.isInteger(body.amount) || body.amount < 100) return fail(res, 400, 'The amount must be at least INR 1.00', 'amount')
					if ((body.currency ?? 'INR') !== 'INR') return fail(res, 400, 'Currency is not supported', 'currency')
					if (body.receipt && String(body.receipt).length > 40) return fail(res, 400, 'receipt: the length must be no more than 40.', 'receipt')
					const order = {
						id: newId('order'),
						entity: 'order',
						amount: body.amount,
						amount_paid: 0,
						amount_due: body.amount,
						currency: 'INR',
						receipt: body.receipt ?? null,
						offer_id: null,
						status: 'created',
						attempts: 0,
						notes: body.notes ?? [],
						created_at: now(),
					}
					orders.set(order.id, order)
					return json(res, 200, order)
				}
				case 'GET /v1/orders/:id':
					return orders.has(id) ? json(res, 200, orders.get(id)) : fail(res, 400, 'The id provided does not exist')
				case 'GET /v1/orders/:id/payments': {
					if (!orders.has(id)) return fail(res, 400, 'The id provided does not exist')
					// Quiet: as in the moment after a capture before Razorpay lists it, so a test's reconciliation finds nothing yet.
					const items = control.quietOrders ? [] : [...payments.values()].filter((p) => p.order_id === id)
					return json(res, 200, { entity: 'collection', count: items.length, items })
				}
				case 'GET /v1/payments/:id':
					return payments.has(id) ? json(res, 200, payments.get(id)) : fail(res, 400, 'The id provided does not exist')
				case 'POST /v1/payments/:id/capture': {
					const payment = payments.get(id)
					if (!payment) return fail(res, 400, 'The id provided does not exist')
					if (!Number.isInteger(body.amount)) return fail(res, 400, 'The amount must be an integer.', 'amount')
					if (body.currency !== undefined && body.currency !== payment.currency)
						return fail(res, 400, 'The currency should be the same as the payment currency', 'currency')
					if (payment.status === 'captured') return fail(res, 400, 'This payment has already been captured')
					if (payment.status !== 'authorized') return fail(res, 400, 'Only payments which have been authorized and not yet captured can be captured')
					if (body.amount !== payment.amount) return fail(res, 400, 'Capture amount must be equal to the amount authorized', 'amount')
					if (control.failCaptures)
						return json(res, 500, {
							error: {
								code: 'SERVER_ERROR',
								description: 'We are facing some trouble completing your request at the moment. Please try again shortly.',
								source: 'NA',
								step: 'NA',
								reason: 'NA',
								metadata: {},
							},
						})
					capture(payment)
					await capturedWebhooks(payment)
					return json(res, 200, payment)
				}
				case 'POST /v1/payments/:id/refund': {
					const payment = payments.get(id)
					if (!payment) return fail(res, 400, 'The id provided does not exist')
					const amount = body.amount ?? payment.amount - payment.amount_refunded
					if (payment.status !== 'captured' || amount > payment.amount - payment.amount_refunded)
						return fail(res, 400, 'The payment has been fully refunded already')
					return json(res, 200, await refund(payment, amount, body))
				}
				case 'GET /v1/refunds/:id':
					return refunds.has(id) ? json(res, 200, refunds.get(id)) : fail(res, 400, 'The id provided does not exist')
				default:
					return fail(res, 404, 'The requested URL was not found on the server.')
			}
		} catch (error) {
			return fail(res, 400, `The request could not be read: ${error instanceof Error ? error.message : String(error)}`)
		}
	})

	/** @param {string} route @param {string} id @param {Entity} body @param {http.ServerResponse} res */
	async function controlRoute(route, id, body, res) {
		switch (route) {
			case 'GET /__gateway/webhooks':
				return json(res, 200, deliveries)
			case 'POST /__gateway/webhooks/hold':
				control.holdWebhooks = true
				return json(res, 200, { held: true })
			case 'POST /__gateway/orders/quiet':
				control.quietOrders = body.quiet === true
				return json(res, 200, control)
			case 'POST /__gateway/webhooks/release': {
				control.holdWebhooks = false
				const release = held
				held = []
				for (const delivery of release) await deliver(delivery)
				return json(res, 200, release)
			}
			case 'POST /__gateway/webhooks/flush':
				await flush()
				return json(res, 200, { flushed: true })
			case 'POST /__gateway/webhooks/replay': {
				const delivery = deliveries.find((d) => d.eventId === body.eventId)
				if (!delivery) return json(res, 404, { error: 'No such delivery' })
				await deliver(delivery)
				return json(res, 200, delivery)
			}
			case 'POST /__gateway/refunds/status':
				control.refundStatus = body.status === 'pending' ? 'pending' : 'processed'
				return json(res, 200, control)
			case 'POST /__gateway/refunds/:id/process': {
				const item = refunds.get(id)
				if (!item) return json(res, 404, { error: 'No such refund' })
				item.status = 'processed'
				await sendWebhook('refund.processed', { refund: item, payment: payments.get(item.payment_id) ?? {} })
				await flush()
				return json(res, 200, item)
			}
			case 'POST /__gateway/capture': {
				// autoCapture false: payments stay authorized (a late authorization); failCaptures: the capture call answers 500.
				if (typeof body.autoCapture === 'boolean') control.autoCapture = body.autoCapture
				if (typeof body.failCaptures === 'boolean') control.failCaptures = body.failCaptures
				return json(res, 200, control)
			}
			case 'POST /__gateway/payments/:id/lapse': {
				// Razorpay refunds an authorized payment nobody captured within its window.
				const payment = payments.get(id)
				if (!payment || payment.status !== 'authorized') return json(res, 404, { error: 'No authorized payment' })
				Object.assign(payment, { status: 'refunded', amount_refunded: payment.amount, refund_status: 'full' })
				return json(res, 200, payment)
			}
			case 'POST /__gateway/orders/:id/pay': {
				const order = orders.get(id)
				if (!order) return json(res, 404, { error: 'No such order' })
				const payment = await pay(order, body.outcome !== 'failure', { amount: body.amount, currency: body.currency })
				// A test goes on once the webhooks (if not held) have been handled.
				await flush()
				return json(res, 200, { payment, answer: checkoutAnswer(payment) })
			}
			case 'GET /__gateway/orders':
				return json(res, 200, [...orders.values()])
			default:
				return json(res, 404, { error: 'No such control' })
		}
	}

	await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)))
	const address = server.address()
	const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`
	return {
		url,
		control,
		deliveries,
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const env = process.env
	const gateway = await startRazorpayGateway({
		port: Number(env.RAZORPAY_GATEWAY_PORT ?? 0),
		keyId: env.RAZORPAY_KEY_ID ?? 'rzp_test_LocalGateway01',
		keySecret: env.RAZORPAY_KEY_SECRET ?? 'local-gateway-key-secret',
		webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? 'local-gateway-webhook-secret',
		webhookUrl: env.RAZORPAY_WEBHOOK_URL,
	})
	console.log(`Razorpay test gateway on ${gateway.url}; webhooks to ${env.RAZORPAY_WEBHOOK_URL ?? '(none)'}`)
}
