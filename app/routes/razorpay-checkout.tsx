// /payments/razorpay/checkout/{sReference}: paying a registration's fee through Razorpay. Without
// JavaScript the button posts the order to Razorpay's hosted checkout, which posts the outcome back
// to the portal (callback_url); with it, the same button opens Razorpay's Standard Checkout over
// the page and its answer is posted to the same callback. Either way the server checks Razorpay's
// signature before the payment counts.
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { flushSync } from 'react-dom'
import { visitorContext } from '~/.server/caller'
import { loadRazorpayCheckout } from '~/.server/razorpay-checkout'
import { BackToEvent, CheckoutFacts } from '~/components/checkout-facts'
import { SubmitButton } from '~/components/forms'
import { formatRupees } from '~/contract/payments'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { Route } from './+types/razorpay-checkout'

export async function loader({ url, params, context }: Route.LoaderArgs) {
	return loadRazorpayCheckout(context.get(visitorContext), url, params.sReference)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.checkout.bConfirming ? CONFIRMING_TITLE : 'Pay online' }]

const CONFIRMING_TITLE = 'Confirming your payment'

/** Paid at Razorpay, which has not yet confirmed the money: no second payment is offered, only a look again. */
function Confirming({ checkout }: { checkout: Route.ComponentProps['loaderData']['checkout'] }) {
	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">{CONFIRMING_TITLE}</h1>
			<p role="status" className="mt-4 rounded border-l-4 border-brand-700 bg-brand-50 px-4 py-3">
				{REGISTRATION_MESSAGES.confirming}
			</p>
			<CheckoutFacts checkout={checkout} />
			<p className="mt-6">
				<Link to={PAYMENT_PAGES.razorpayCheckout(checkout.sReference)} className="font-medium text-brand-700 underline underline-offset-4">
					Check again
				</Link>
			</p>
			<BackToEvent iEventId={checkout.iEventId} />
		</div>
	)
}

type CheckoutAnswer = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
type RazorpayCheckoutWindow = Window & { Razorpay?: new (options: Record<string, unknown>) => { open(): void; on(event: string, handler: () => void): void } }

/** Razorpay's script, loaded when the person chooses to pay (a page that is only looked at loads none). */
function loadScript(src: string) {
	const known = window as RazorpayCheckoutWindow
	if (known.Razorpay) return Promise.resolve(known.Razorpay)
	return new Promise<NonNullable<RazorpayCheckoutWindow['Razorpay']>>((resolve, reject) => {
		const script = document.createElement('script')
		script.src = src
		script.onload = () =>
			(window as RazorpayCheckoutWindow).Razorpay ? resolve((window as RazorpayCheckoutWindow).Razorpay!) : reject(new Error('no Razorpay'))
		script.onerror = reject
		document.head.appendChild(script)
	})
}

export default function RazorpayCheckout({ loaderData: { checkout, branchName, callbackUrl, failed } }: Route.ComponentProps) {
	if (checkout.bConfirming) return <Confirming checkout={checkout} />
	return <PayOnline checkout={checkout} branchName={branchName} callbackUrl={callbackUrl} failed={failed} />
}

function PayOnline({ checkout, branchName, callbackUrl, failed }: Route.ComponentProps['loaderData']) {
	const amount = formatRupees(checkout.oAmount.totalPaise)
	const answerForm = useRef<HTMLFormElement>(null)
	const [answer, setAnswer] = useState<CheckoutAnswer | null>(null)
	const [problem, setProblem] = useState<string | null>(null)

	// With JavaScript: Standard Checkout over this page; if its script cannot load, the hosted page still works.
	async function openStandardCheckout(event: FormEvent<HTMLFormElement>) {
		const hostedForm = event.currentTarget
		event.preventDefault()
		try {
			const Razorpay = await loadScript(checkout.sScriptUrl)
			const razorpay = new Razorpay({
				key: checkout.sKeyId,
				order_id: checkout.sOrderId,
				amount: checkout.oAmount.totalPaise,
				currency: 'INR',
				name: branchName,
				description: checkout.sEventTitle,
				prefill: { name: checkout.sBuyerName, email: checkout.sBuyerEmail },
				handler: (response: CheckoutAnswer) => {
					// The answer must be in the form's fields before it is sent: rendered now, not on React's next turn.
					flushSync(() => setAnswer(response))
					answerForm.current?.submit()
				},
			})
			razorpay.on('payment.failed', () => setProblem(REGISTRATION_MESSAGES.gatewayFailed))
			razorpay.open()
		} catch {
			hostedForm.submit()
		}
	}

	return (
		<div className="mx-auto max-w-lg px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Pay online</h1>
			{failed || problem ? (
				<p role="alert" className="mt-4 rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
					{REGISTRATION_MESSAGES.gatewayFailed}
				</p>
			) : null}
			<CheckoutFacts checkout={checkout} heldUntil={checkout.dHoldExpiresAt} />
			<p className="mt-6 text-slate-700">You pay on Razorpay’s page by UPI, card or net banking, then come back here.</p>
			<form method="post" action={checkout.sHostedCheckoutUrl} onSubmit={openStandardCheckout} className="mt-4">
				<input type="hidden" name="key_id" value={checkout.sKeyId} />
				<input type="hidden" name="order_id" value={checkout.sOrderId} />
				<input type="hidden" name="name" value={branchName} />
				<input type="hidden" name="description" value={checkout.sEventTitle} />
				<input type="hidden" name="prefill[name]" value={checkout.sBuyerName} />
				<input type="hidden" name="prefill[email]" value={checkout.sBuyerEmail} />
				<input type="hidden" name="callback_url" value={callbackUrl} />
				<input type="hidden" name="cancel_url" value={callbackUrl} />
				<SubmitButton>Pay {amount}</SubmitButton>
			</form>
			<form ref={answerForm} method="post" action={PAYMENT_PAGES.razorpayCallback(checkout.sReference)} hidden>
				<input type="hidden" name="razorpay_payment_id" value={answer?.razorpay_payment_id ?? ''} />
				<input type="hidden" name="razorpay_order_id" value={answer?.razorpay_order_id ?? ''} />
				<input type="hidden" name="razorpay_signature" value={answer?.razorpay_signature ?? ''} />
			</form>
			<BackToEvent iEventId={checkout.iEventId} />
		</div>
	)
}
