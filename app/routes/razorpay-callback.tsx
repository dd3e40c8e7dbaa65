// /payments/razorpay/callback/{sReference}: where Razorpay's checkout posts its outcome (callback_url).
import { redirect } from 'react-router'
import { razorpayCallback } from '~/.server/razorpay-checkout'
import { PAYMENT_PAGES } from '~/contract/registration-pages'
import type { Route } from './+types/razorpay-callback'

export const action = ({ request, params }: Route.ActionArgs) => razorpayCallback(request, params.sReference)

/** Opened by address, it is the checkout page's business. */
export const loader = ({ params }: Route.LoaderArgs) => redirect(PAYMENT_PAGES.razorpayCheckout(params.sReference))

export const meta: Route.MetaFunction = () => [{ title: 'Payment not accepted' }]

export default function RazorpayCallback({ actionData }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Payment not accepted</h1>
			<p role="alert" className="mt-4">
				{(actionData as { message?: string } | undefined)?.message}
			</p>
		</div>
	)
}
