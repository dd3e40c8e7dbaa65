// What a checkout page says of the payment before the person pays: the event, the amount with GST,
// the reference, and until when the seat is held (online payments hold it); and the way back.
import { Link } from 'react-router'
import type { CheckoutDetails } from '~/contract/registrations'
import { PAYMENT_PAGES } from '~/contract/registration-pages'
import { formatRupees } from '~/contract/payments'
import { formatIndiaMoment } from '~/utils/kolkata-date'

export function CheckoutFacts({ checkout, heldUntil }: { checkout: CheckoutDetails; heldUntil?: string | null }) {
	const rows: [string, React.ReactNode, string][] = [
		['Event', checkout.sEventTitle, 'text-right font-medium'],
		['Amount (with GST)', formatRupees(checkout.oAmount.totalPaise), 'font-semibold tabular-nums'],
		['Reference', checkout.sReference, 'font-mono text-sm break-all'],
	]
	if (heldUntil) rows.push(['Seat held until', formatIndiaMoment(heldUntil), ''])
	return (
		<dl className="mt-6 space-y-2">
			{rows.map(([term, value, look], at) => (
				<div key={term} className={`flex justify-between gap-4${at < rows.length - 1 ? 'border-b border-slate-200 pb-2' : ''}`}>
					<dt className="text-slate-700">{term}</dt>
					<dd className={look}>{value}</dd>
				</div>
			))}
		</dl>
	)
}

export function BackToEvent({ iEventId }: { iEventId: number }) {
	return (
		<p className="mt-6">
			<Link to={PAYMENT_PAGES.event(iEventId)} className="font-medium text-brand-700 underline underline-offset-4">
				Back to the event
			</Link>
		</p>
	)
}
