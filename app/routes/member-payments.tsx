// /member/payments (docs/spec.md §2): every payment of the signed-in member with its event,
// amounts, GST and status, and its tax invoice and receipt to download. A table on wider
// screens (992 px and up); a card per payment below that, where seven columns would not be readable.
import { Link } from 'react-router'
import { accountContext } from '~/.server/caller'
import { dataOf } from '~/.server/replies'
import type { PaymentStatus } from '~/contract/payments'
import { formatRupees } from '~/contract/payments'
import type { PaymentListItem } from '~/contract/receipts'
import { creditNoteDownloadPath, receiptDownloadPath } from '~/contract/registration-pages'
import type { Route } from './+types/member-payments'
import { PageError } from '~/components/page-error'
import { formatShortDay } from '~/utils/kolkata-date'
import { PAYMENT_STATUS_LABELS } from '~/contract/vocabulary'

export async function loader({ context }: Route.LoaderArgs) {
	return { payments: dataOf(await context.get(accountContext).api.receipts.payments({})) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Payments' }]

const STATUS_TONE: Record<PaymentStatus, string> = {
	paid: 'bg-green-100 text-green-900 ring-green-700/30',
	pending: 'bg-amber-100 text-amber-900 ring-amber-700/30',
	failed: 'bg-red-100 text-red-900 ring-red-700/30',
	refunded: 'bg-slate-100 text-slate-900 ring-slate-700/30',
}

/** The date a person looks for: when it was paid (a receipt's date), else when it was started. */
const paymentDate = (payment: PaymentListItem) => formatShortDay(payment.dPaidAt ?? payment.dCreatedAt)

function StatusBadge({ payment }: { payment: PaymentListItem }) {
	return (
		<span>
			<span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${STATUS_TONE[payment.sStatus]}`}>
				{PAYMENT_STATUS_LABELS[payment.sStatus]}
			</span>
			{payment.sStatus === 'pending' && payment.sProvider === 'offline' ? (
				<span className="mt-1 block text-sm text-slate-600">Pay at the branch office</span>
			) : null}
		</span>
	)
}

function EventLink({ payment }: { payment: PaymentListItem }) {
	return (
		<>
			<Link className="font-medium text-brand-700 underline" to={`/events/event-details/${payment.iEventId}`}>
				{payment.sEventTitle}
			</Link>
			<span className="block text-sm text-slate-600">Event on {formatShortDay(payment.dEventStartDate)}</span>
		</>
	)
}

/** Tax in one figure, and what it is made of. */
function Tax({ payment }: { payment: PaymentListItem }) {
	const kind = payment.nIgstPaise > 0 ? 'IGST' : payment.nTaxPaise > 0 ? 'CGST + SGST' : null
	return (
		<>
			{formatRupees(payment.nTaxPaise)}
			{kind ? <span className="block text-sm whitespace-nowrap text-slate-600">{kind}</span> : null}
		</>
	)
}

function ReceiptLink({ payment }: { payment: PaymentListItem }) {
	// Only a pending payment may still get one; a failed attempt never will.
	if (!payment.bHasReceipt || !payment.sInvoiceNumber)
		return <span className="text-slate-600">{payment.sStatus === 'pending' ? 'No receipt yet' : 'No receipt'}</span>
	return (
		<>
			{/* A file, not a page: a plain link, so the browser downloads it with or without JavaScript. */}
			<a className="font-medium whitespace-nowrap text-brand-700 underline" href={receiptDownloadPath(payment.iPaymentId)} download>
				Download receipt<span className="sr-only"> {payment.sInvoiceNumber}</span>
			</a>
			<span className="block text-sm whitespace-nowrap text-slate-600">Invoice {payment.sInvoiceNumber}</span>
			{payment.sCreditNoteNumber ? (
				<>
					<a className="mt-1 block font-medium whitespace-nowrap text-brand-700 underline" href={creditNoteDownloadPath(payment.iPaymentId)} download>
						Download credit note<span className="sr-only"> {payment.sCreditNoteNumber}</span>
					</a>
					<span className="block text-sm whitespace-nowrap text-slate-600">Credit note {payment.sCreditNoteNumber}</span>
				</>
			) : null}
		</>
	)
}

function PaymentsTable({ payments }: { payments: PaymentListItem[] }) {
	const headings = ['Date', 'Event', 'Amount', 'Tax', 'Total', 'Status', 'Receipt']
	return (
		<table className="mt-6 hidden w-full border-collapse text-left lg:table">
			<caption className="sr-only">Your payments, newest first</caption>
			<thead>
				<tr className="border-b-2 border-slate-300">
					{headings.map((heading) => (
						<th key={heading} scope="col" className={`px-2 py-2 font-semibold ${['Amount', 'Tax', 'Total'].includes(heading) ? 'text-right' : ''}`}>
							{heading}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{payments.map((payment) => (
					<tr key={payment.iPaymentId} className="border-b border-slate-200 align-top">
						<td className="px-2 py-3 whitespace-nowrap">{paymentDate(payment)}</td>
						<td className="px-2 py-3">
							<EventLink payment={payment} />
						</td>
						<td className="px-2 py-3 text-right tabular-nums">{formatRupees(payment.nTaxablePaise)}</td>
						<td className="px-2 py-3 text-right tabular-nums">
							<Tax payment={payment} />
						</td>
						<td className="px-2 py-3 text-right font-semibold tabular-nums">{formatRupees(payment.nTotalPaise)}</td>
						<td className="px-2 py-3">
							<StatusBadge payment={payment} />
						</td>
						<td className="px-2 py-3">
							<ReceiptLink payment={payment} />
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

function PaymentCards({ payments }: { payments: PaymentListItem[] }) {
	return (
		<ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:hidden" aria-label="Your payments, newest first">
			{payments.map((payment) => (
				<li key={payment.iPaymentId} className="rounded-lg border border-slate-200 p-4 shadow-sm">
					<div className="flex items-start justify-between gap-3">
						<p className="text-slate-700">{paymentDate(payment)}</p>
						<StatusBadge payment={payment} />
					</div>
					<p className="mt-2">
						<EventLink payment={payment} />
					</p>
					<dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
						<dt>Amount</dt>
						<dd className="text-right">{formatRupees(payment.nTaxablePaise)}</dd>
						<dt>Tax{payment.nIgstPaise > 0 ? ' (IGST)' : payment.nTaxPaise > 0 ? ' (CGST + SGST)' : ''}</dt>
						<dd className="text-right">{formatRupees(payment.nTaxPaise)}</dd>
						<dt className="font-semibold">Total</dt>
						<dd className="text-right font-semibold">{formatRupees(payment.nTotalPaise)}</dd>
					</dl>
					<p className="mt-3">
						<ReceiptLink payment={payment} />
					</p>
				</li>
			))}
		</ul>
	)
}

export default function MemberPayments({ loaderData: { payments } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Payments</h1>
			<p className="mt-4 max-w-3xl text-lg text-slate-700">
				Your event fees, the GST on them, and a tax invoice and receipt for every paid fee, which you can download at any time.
			</p>
			{payments.length === 0 ? (
				<div className="mt-8 rounded-lg border border-slate-200 bg-brand-50 p-6">
					<h2 className="text-xl font-semibold text-brand-900">No payments yet</h2>
					<p className="mt-2 text-slate-700">
						When you register for a paid event, its payment and receipt appear here.{' '}
						<Link className="font-medium text-brand-700 underline" to="/events">
							Register for an event
						</Link>
					</p>
				</div>
			) : (
				<>
					<PaymentsTable payments={payments} />
					<PaymentCards payments={payments} />
				</>
			)}
		</div>
	)
}

/** A refusal from the API (its message in a 4xx) is shown here, inside the member area. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <PageError error={error} />
}
