// /office/payments: every payment with filters (status, how paid, dates, payer); each opens its
// own page to confirm or refund it. The filters are a plain GET form, so they work without JavaScript.
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { FilterActions } from '~/components/filter-field'
import { controlClass } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficePager, OfficeTable } from '~/components/office/office-nav'
import { officePaymentsQuerySchema } from '~/contract/office/payments'
import { formatRupees, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '~/contract/payments'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/payments'
import { counted, PAYMENT_STATUS_LABELS, paymentPlaceLabel } from '~/contract/vocabulary'

const FILTERS = ['sStatus', 'sProvider', 'dFrom', 'dTo', 'sSearch', 'iEventId'] as const

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officePayments.list)
	const raw = Object.fromEntries(FILTERS.map((name) => [name, args.url.searchParams.get(name) ?? '']))
	const nPage = Number(args.url.searchParams.get('nPage') ?? 1) || 1
	const query = officePaymentsQuerySchema.safeParse({ oFilter: raw, oPaging: { nPage } })
	const answer = await api.officePayments.list({ query: query.success ? { oFilter: raw, oPaging: { nPage } } : {} })
	return { raw, list: dataOf(answer), invalid: !query.success }
}

export const meta: Route.MetaFunction = () => [{ title: 'Payments | Office' }]

export default function OfficePayments({ loaderData: { raw, list, invalid } }: Route.ComponentProps) {
	const filtered = Object.values(raw).some(Boolean)
	return (
		<OfficePage title="Payments" lead="Confirm a payment made at the office to issue its tax invoice; refund a paid one to issue a credit note.">
			<search>
				<Form method="get" className="grid gap-3 rounded border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3">
					<label className="block font-medium text-slate-800">
						Status
						<select name="sStatus" defaultValue={raw.sStatus} className={controlClass}>
							<option value="">Any</option>
							{PAYMENT_STATUSES.map((status) => (
								<option key={status} value={status}>
									{PAYMENT_STATUS_LABELS[status]}
								</option>
							))}
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						Paid through
						<select name="sProvider" defaultValue={raw.sProvider} className={controlClass}>
							<option value="">Any</option>
							{PAYMENT_PROVIDERS.map((provider) => (
								<option key={provider} value={provider}>
									{paymentPlaceLabel(provider)}
								</option>
							))}
						</select>
					</label>
					<label className="block font-medium text-slate-800">
						Payer, number, e-mail, reference or invoice
						<input name="sSearch" defaultValue={raw.sSearch} className={controlClass} />
					</label>
					<label className="block font-medium text-slate-800">
						From (date started)
						<input type="date" name="dFrom" defaultValue={raw.dFrom} className={controlClass} />
					</label>
					<label className="block font-medium text-slate-800">
						To
						<input type="date" name="dTo" defaultValue={raw.dTo} className={controlClass} />
					</label>
					<input type="hidden" name="iEventId" value={raw.iEventId} />
					<div className="flex items-end">
						<FilterActions label="Filter" clearTo="/office/payments" filtered={filtered} />
					</div>
				</Form>
			</search>
			{invalid ? (
				<p role="alert" className="mt-4 font-medium text-red-800">
					Some filters were not understood and are left out. Dates are written 2026-04-01.
				</p>
			) : null}
			<p role="status" className="my-4 text-slate-700">
				{list.nTotal === 0 ? 'No payments match.' : counted(list.nTotal, 'payment')}
			</p>
			{list.aPayments.length > 0 ? (
				<OfficeTable caption="Payments" headings={['Started, reference', 'Payer', 'Event', 'Total', 'Status', 'Invoice', '']}>
					{list.aPayments.map((payment) => (
						<tr key={payment.iPaymentId}>
							<td className={cellClass}>
								{formatInstantDay(payment.dCreatedAt)}
								<span className="block font-mono whitespace-nowrap text-slate-600">{payment.sReference}</span>
								{payment.sGatewayOrderId ? (
									<span className="block font-mono text-xs whitespace-nowrap text-slate-600">
										Razorpay {payment.sGatewayOrderId}
										{payment.sGatewayPaymentId ? ` · ${payment.sGatewayPaymentId}` : ''} · {payment.sGatewayStatus}
										{payment.sGatewayRefundId ? ` · ${payment.sGatewayRefundId}` : ''}
									</span>
								) : null}
							</td>
							<td className={cellClass}>
								{payment.sPayerName}
								<span className="block text-slate-600">{payment.sNumber}</span>
							</td>
							<td className={cellClass}>{payment.sEventTitle}</td>
							<td className={`${cellClass} whitespace-nowrap`}>{formatRupees(payment.nTotalPaise)}</td>
							<td className={cellClass}>
								{PAYMENT_STATUS_LABELS[payment.sStatus]}
								{payment.sStatus === 'pending' && payment.sProvider === 'offline' ? <span className="block text-slate-600">at the office</span> : null}
							</td>
							<td className={cellClass}>{payment.sInvoiceNumber ?? '—'}</td>
							<td className={cellClass}>
								<Link to={`/office/payments/${payment.iPaymentId}`} className={linkClass}>
									Open
									<span className="sr-only">
										{' '}
										payment {payment.iPaymentId} of {payment.sPayerName}
									</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			) : null}
			<OfficePager
				nPage={list.nPage}
				nPageSize={list.nPageSize}
				nTotal={list.nTotal}
				href={(nPage) => `?${new URLSearchParams({ ...raw, nPage: String(nPage) })}`}
			/>
		</OfficePage>
	)
}
