// The sandbox provider's checkout page on the server: the payment as its owner sees it, and the
// signed callback the page sends in the provider's place when the person pays or makes it fail.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { signCallback } from '~/api'
import { ROLE_LOGIN } from '~/contract/constants'
import { checkoutIntentSchema, paymentReferenceSchema, USE_BUTTONS } from '~/contract/registrations'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { getConfig } from './config'
import type { VisitorCaller } from './caller'
import { redirectWithAlert } from './session'

/** The pending payment behind the page; a signed-out visitor signs in first and comes back. */
export async function loadCheckout(visitor: VisitorCaller, url: URL, sReference: string) {
	const account = await visitor.signedIn()
	if (!account) throw redirect(`${ROLE_LOGIN.member}?${new URLSearchParams({ redirectTo: url.pathname })}`)
	const reference = paymentReferenceSchema.safeParse(sReference)
	if (!reference.success) throw data(null, { status: 404 })
	const answer = await account.api.registrations.checkout({ sReference: reference.data })
	if (!answer.ok) throw data(null, { status: 404 })
	const checkout = answer.data
	// A checkout already settled (a second press, the back button) goes back to the event instead.
	if (checkout.sStatus !== 'pending') {
		const alert =
			checkout.sStatus === 'paid'
				? ({ kind: 'success', text: REGISTRATION_MESSAGES.paid } as const)
				: ({ kind: 'info', text: REGISTRATION_MESSAGES.notPending } as const)
		throw await redirectWithAlert(account.session, `${PAYMENT_PAGES.event(checkout.iEventId)}#registration`, alert)
	}
	return { checkout, session: account.session }
}

/** Sends the outcome the person chose as the sandbox provider would: signed with the callback secret. */
export async function completeCheckout(request: Request, visitor: VisitorCaller, url: URL, sReference: string) {
	const { checkout, session } = await loadCheckout(visitor, url, sReference)
	const eventPage = `${PAYMENT_PAGES.event(checkout.iEventId)}#registration`
	const submission = parseWithZod(await request.formData(), { schema: checkoutIntentSchema })
	if (submission.status !== 'success') return redirectWithAlert(session, url.pathname, { kind: 'error', text: USE_BUTTONS })
	const fields = {
		sReference: checkout.sReference,
		sOutcome: submission.value.intent,
		nAmountPaise: checkout.oAmount.totalPaise,
		nTimestamp: Math.floor(Date.now() / 1000),
	}
	const answer = await visitor.api.registrations.sandboxCallback({
		body: { ...fields, sSignature: signCallback(getConfig().settings.payments.callbackSecret, fields) },
	})
	const paid = answer.ok && fields.sOutcome === 'paid'
	return redirectWithAlert(session, eventPage, { kind: paid ? 'success' : 'error', text: answer.message })
}
