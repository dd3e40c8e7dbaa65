// /payments/razorpay/callback/{sReference}: where Razorpay's checkout posts its outcome (callback_url).
// An answer that checks out sends the browser on to the checkout page; one that does not is told here.
// No loader: after a refused answer React Router would run it to render this page.
import { Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { razorpayCallback } from '~/.server/razorpay-checkout'
import { PAYMENT_PAGES } from '~/contract/registration-pages'
import type { Route } from './+types/razorpay-callback'

export const action = ({ request, params, context }: Route.ActionArgs) => razorpayCallback(request, context.get(visitorContext).api, params.sReference)

export default function RazorpayCallback({ actionData, params }: Route.ComponentProps) {
	const title = actionData ? 'Payment not accepted' : 'Your payment'
	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<title>{title}</title>
			<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
			{actionData ? (
				<p role="alert" className="mt-4">
					{actionData.message}
				</p>
			) : null}
			<p className="mt-6">
				<Link to={PAYMENT_PAGES.razorpayCheckout(params.sReference)} className="font-medium text-brand-700 underline underline-offset-4">
					Back to the payment
				</Link>
			</p>
		</div>
	)
}
