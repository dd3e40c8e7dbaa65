// /payments/sandbox/checkout/{sReference}: the sandbox payment provider's checkout page.
// No money moves: the person chooses whether the payment succeeds or fails, to try the whole flow.
import { Form, useNavigation } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { completeCheckout, loadCheckout } from '~/.server/sandbox-checkout'
import { BackToEvent, CheckoutFacts } from '~/components/checkout-facts'
import { SubmitButton } from '~/components/forms'
import { formatRupees } from '~/contract/payments'
import type { Route } from './+types/sandbox-checkout'

export async function loader({ url, params, context }: Route.LoaderArgs) {
	const { checkout } = await loadCheckout(context.get(visitorContext), url, params.sReference)
	return { checkout }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
	return completeCheckout(request, context.get(visitorContext), url, params.sReference)
}

export const meta: Route.MetaFunction = () => [{ title: 'Sandbox checkout' }]

export default function SandboxCheckout({ loaderData: { checkout } }: Route.ComponentProps) {
	const amount = formatRupees(checkout.oAmount.totalPaise)
	// With JavaScript, one press only: the second would find the payment settled.
	const busy = useNavigation().state !== 'idle'
	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Checkout</h1>
			<p role="note" className="mt-4 rounded border-l-4 border-amber-600 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
				Sandbox — no money moves. This page stands in for a payment provider, so the registration can be tried end to end.
			</p>
			<CheckoutFacts checkout={checkout} />
			<Form method="post" className="mt-8 flex flex-wrap gap-3">
				<SubmitButton name="intent" value="paid" disabled={busy}>
					Pay {amount}
				</SubmitButton>
				<SubmitButton name="intent" value="failed" tone="secondary" disabled={busy}>
					Make it fail
				</SubmitButton>
			</Form>
			<BackToEvent iEventId={checkout.iEventId} />
		</div>
	)
}
