// Paying through Razorpay on the portal's side: the checkout page's order (made by the API on the
// first visit), and the callback Razorpay's page posts back to. That post comes from Razorpay's
// site, so it carries no session cookie: it is checked by its signature alone and then sends the
// browser (a top-level GET, which has the session again) to the checkout page, which says how it went.
import { data, redirect } from 'react-router'
import { ROLE_LOGIN } from '~/contract/constants'
import { paymentReferenceSchema } from '~/contract/registrations'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { getConfig } from './config'
import type { VisitorCaller } from './caller'
import { redirectWithAlert } from './session'
import type { TypedApi } from './typed-api'

/** The checkout page after a payment that did not go through. */
export const FAILED_QUERY = 'failed'

/** The pending payment with its Razorpay order; a settled one goes back to the event with what happened. */
export async function loadRazorpayCheckout(visitor: VisitorCaller, url: URL, sReference: string) {
	const account = await visitor.signedIn()
	if (!account) throw redirect(`${ROLE_LOGIN.member}?${new URLSearchParams({ redirectTo: url.pathname })}`)
	const reference = paymentReferenceSchema.safeParse(sReference)
	if (!reference.success) throw data(null, { status: 404 })
	const answer = await account.api.registrations.razorpayCheckout({ sReference: reference.data })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok) throw data({ message: answer.message }, { status: answer.status })
	const checkout = answer.data
	if (checkout.sStatus !== 'pending') {
		const alert =
			checkout.sStatus === 'paid'
				? ({ kind: 'success', text: REGISTRATION_MESSAGES.paid } as const)
				: ({ kind: 'info', text: REGISTRATION_MESSAGES.holdLapsed } as const)
		throw await redirectWithAlert(account.session, `${PAYMENT_PAGES.event(checkout.iEventId)}#registration`, alert)
	}
	const { publicUrl, branch } = getConfig()
	return {
		checkout,
		branchName: branch.name,
		callbackUrl: new URL(PAYMENT_PAGES.razorpayCallback(checkout.sReference), publicUrl).href,
		failed: url.searchParams.has(FAILED_QUERY),
	}
}

/**
 * Checkout's answer, from Razorpay's page (no JavaScript) or the page's own script: on success the
 * payment id and signature go to the API, which checks them; on failure (Razorpay's error fields)
 * nothing changes and the person may try again.
 */
export async function razorpayCallback(request: Request, api: TypedApi, sReference: string) {
	const reference = paymentReferenceSchema.safeParse(sReference)
	if (!reference.success) throw data({ message: REGISTRATION_MESSAGES.paymentNotFound }, { status: 404 })
	const form = await request.formData()
	const checkoutPage = PAYMENT_PAGES.razorpayCheckout(reference.data)
	const paymentId = form.get('razorpay_payment_id')
	const signature = form.get('razorpay_signature')
	if (typeof paymentId !== 'string' || typeof signature !== 'string') return redirect(`${checkoutPage}?${FAILED_QUERY}`, 303)
	const answer = await api.registrations.razorpayCallback({ body: { sReference: reference.data, sPaymentId: paymentId, sSignature: signature } })
	if (!answer.ok) return data({ message: answer.status === 400 ? REGISTRATION_MESSAGES.badGatewaySignature : answer.message }, { status: answer.status })
	return redirect(checkoutPage, 303)
}
