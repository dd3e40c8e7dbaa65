// Paying through Razorpay in tests: the local test gateway (scripts/razorpay-gateway.mjs) on
// loopback, and the registration API served over HTTP as well, so the gateway's webhooks reach it.
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { RazorpaySettings } from '~/api/branch-settings'
import { startRazorpayGateway } from '../../scripts/razorpay-gateway.mjs'
import { createRegistrationApi } from './registrations'
import type { MailDeps } from '~/api/env'

export const TEST_RAZORPAY_KEYS = {
	keyId: 'rzp_test_PortalTests001',
	keySecret: 'test-only-razorpay-key-secret',
	webhookSecret: 'test-only-razorpay-webhook-secret',
}

export async function createRazorpayHarness({ mail }: { mail?: MailDeps } = {}) {
	const gateway = await startRazorpayGateway(TEST_RAZORPAY_KEYS)
	const razorpay: RazorpaySettings = { ...TEST_RAZORPAY_KEYS, apiUrl: gateway.url, checkoutScriptUrl: `${gateway.url}/v1/checkout.js` }
	const harness = await createRegistrationApi({ razorpay, mail })
	const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
		const started = serve({ fetch: harness.apis.razorpay.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
	})
	gateway.control.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/razorpay/webhook/v1`
	/** A test's own calls to the gateway's control routes. */
	const control = async (path: string, body: Record<string, unknown> = {}) => {
		const response = await fetch(`${gateway.url}/__gateway/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		})
		return response.json()
	}
	const deliveries = () => gateway.deliveries
	return {
		...harness,
		razorpay,
		gateway,
		control,
		deliveries,
		close: async () => {
			await new Promise((resolve) => server.close(resolve))
			await gateway.close()
			await harness.close()
		},
	}
}
