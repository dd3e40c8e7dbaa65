// /office/payments/{iPaymentId}: one payment. A payment waiting at the office is confirmed with
// how it was paid and its reference (the tax invoice is issued); a paid one is refunded on a page
// of its own that says what will happen first (payment-refund.tsx). Two people pressing at once:
// one wins, the other is told.
import { getSelectProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { buttonClass, controlClass, ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { confirmPaymentFormSchema, OFFICE_PAYMENT_MESSAGES, OFFLINE_PAYMENT_MODES, type OfficePayment as OfficePaymentFacts } from '~/contract/office/payments'
import { formatRupees } from '~/contract/payments'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/payment'
import { OFFLINE_MODE_LABELS, PAYMENT_STATUS_LABELS, paymentPlaceLabel, refundMeans, USER_TYPE_LABELS } from '~/contract/vocabulary'

const paymentId = (params: { iPaymentId?: string }) => recordIdParam(params.iPaymentId, OFFICE_PAYMENT_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officePayments.details)
	const payment = dataOf(await api.officePayments.details({ iPaymentId: paymentId(args.params) }))
	// The forms' fields and the ways of paying: the browser loads the schemas only for their checks.
	const formSpec = { confirm: getZodConstraint(confirmPaymentFormSchema), modes: OFFLINE_PAYMENT_MODES, modeLabels: OFFLINE_MODE_LABELS }
	return { payment, formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officePayments.details)
	const iPaymentId = paymentId(args.params)
	return officeAction(
		args.request,
		{
			confirm: (formData) =>
				officeForm(formData, {
					schema: confirmPaymentFormSchema,
					call: (body) => api.officePayments.confirm({ iPaymentId, body }),
					done: ({ message, data }) => {
						const again = message === OFFICE_PAYMENT_MESSAGES.alreadyConfirmed
						return redirectWithOfficeAlert(
							session,
							`/office/payments/${iPaymentId}`,
							again ? message : `Payment confirmed; tax invoice ${data.sInvoiceNumber} issued.`,
							again ? 'info' : 'success',
						)
					},
				}),
		},
		'confirm',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Payment ${loaderData.payment.iPaymentId} | Office` : 'Payment | Office' }]

type FormSpec = Route.ComponentProps['loaderData']['formSpec']

function ConfirmForm({ spec, lastResult }: { spec: FormSpec; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'confirm-payment',
		lastResult,
		constraint: spec.confirm,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/payments').then((contract) => contract.confirmPaymentFormSchema)),
	})
	const busy = useIsSubmitting('confirm')
	const { key, ...select } = getSelectProps(fields.sMode)
	return (
		<Form method="post" {...formProps} className="space-y-4 rounded border border-slate-200 p-4">
			<h2 className="text-xl font-semibold text-brand-900">Confirm the payment</h2>
			<p className="text-slate-700">The tax invoice is issued when you confirm. Check the amount against what was received.</p>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div>
				<label htmlFor={fields.sMode.id} className="block font-medium text-slate-800">
					How it was paid
				</label>
				<select key={key} {...select} className={controlClass}>
					<option value="">Choose…</option>
					{spec.modes.map((mode) => (
						<option key={mode} value={mode}>
							{spec.modeLabels[mode]}
						</option>
					))}
				</select>
				<ErrorList id={fields.sMode.errorId} errors={fields.sMode.errors} />
			</div>
			<TextField meta={fields.sReference} label="Reference (receipt slip, UPI or cheque number)" />
			<SubmitButton name="intent" value="confirm" disabled={busy}>
				{busy ? 'Confirming…' : 'Confirm and issue the invoice'}
			</SubmitButton>
		</Form>
	)
}

const throughGateway = (payment: OfficePaymentFacts) => payment.sProvider === 'razorpay' && payment.sGatewayPaymentId !== null

function RefundOffer({ payment }: { payment: OfficePaymentFacts }) {
	if (payment.sGatewayRefundId)
		return (
			<p className="text-slate-700">Razorpay is refunding this payment ({payment.sGatewayRefundId}); the credit note is issued when it confirms the refund.</p>
		)
	const asks = throughGateway(payment) ? '' : ' and asks how the money went back'
	return (
		<section aria-labelledby="refund-heading" className="space-y-4 rounded border border-amber-300 bg-amber-50 p-4">
			<h2 id="refund-heading" className="text-xl font-semibold text-brand-900">
				Refund the payment
			</h2>
			<p className="text-slate-800">
				The next page says what a refund does{payment.nCpeHoursCredited > 0 ? ', asks what becomes of the CPE hours' : ''}
				{asks}. Nothing changes until you confirm there.
			</p>
			<Link to={`/office/payments/${payment.iPaymentId}/refund`} className={buttonClass('secondary')}>
				Refund…
			</Link>
		</section>
	)
}

export default function OfficePayment({ loaderData: { payment, formSpec }, actionData }: Route.ComponentProps) {
	const result = actionData?.result
	const rows: [string, React.ReactNode][] = [
		['Reference', <span className="font-mono">{payment.sReference}</span>],
		['Payer', `${payment.sPayerName} (${USER_TYPE_LABELS[payment.sUserType]} ${payment.sNumber}, ${payment.sEmail})`],
		['Event', payment.sEventTitle],
		['Taxable value', formatRupees(payment.nTaxablePaise)],
		['GST', formatRupees(payment.nTaxPaise)],
		['Total', formatRupees(payment.nTotalPaise)],
		['Status', PAYMENT_STATUS_LABELS[payment.sStatus]],
		['Paid through', paymentPlaceLabel(payment.sProvider)],
		['Started', formatInstantDay(payment.dCreatedAt)],
	]
	if (payment.dPaidAt) rows.push(['Paid', formatInstantDay(payment.dPaidAt)])
	if (payment.sGatewayOrderId) rows.push(['Razorpay order', <span className="font-mono">{payment.sGatewayOrderId}</span>])
	if (payment.sGatewayPaymentId) rows.push(['Razorpay payment', <span className="font-mono">{payment.sGatewayPaymentId}</span>])
	if (payment.sGatewayStatus) rows.push(['Razorpay status', payment.sGatewayStatus])
	if (payment.nGatewayFeePaise !== null) rows.push(['Razorpay fee', formatRupees(payment.nGatewayFeePaise)])
	if (payment.sOfflineMode) rows.push(['Received as', `${formSpec.modeLabels[payment.sOfflineMode]}, reference ${payment.sOfflineReference}`])
	if (payment.dRefundedAt) rows.push(['Refunded', formatInstantDay(payment.dRefundedAt)])
	const refund = payment.oRefund
	if (refund?.sMode) rows.push(['Refunded by', refundMeans(refund.sMode, refund.sReference)])
	if (refund) rows.push(['Refund reason', refund.sReason])
	if (refund?.sCpeChoice) rows.push(['CPE hours', `${refund.nCpeHours} ${refund.sCpeChoice === 'kept' ? 'kept (refunded as goodwill)' : 'withdrawn'}`])
	else if (payment.nCpeHoursCredited > 0) rows.push(['CPE hours', `${payment.nCpeHoursCredited} credited`])
	return (
		<OfficePage
			title={`Payment ${payment.iPaymentId}`}
			lead={
				<a href="/office/payments" className={linkClass}>
					All payments
				</a>
			}
		>
			<div className="grid gap-8 lg:grid-cols-2">
				<section aria-labelledby="payment-facts">
					<h2 id="payment-facts" className="sr-only">
						The payment
					</h2>
					<dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
						{rows.map(([label, value]) => (
							<div key={label} className="contents">
								<dt className="font-medium text-slate-700">{label}</dt>
								<dd className="break-words">{value}</dd>
							</div>
						))}
					</dl>
					<ul className="mt-6 space-y-2">
						{payment.sInvoiceNumber ? (
							<li>
								<a href={`/office/files/invoice?iPaymentId=${payment.iPaymentId}`} className={linkClass} download>
									Download tax invoice {payment.sInvoiceNumber}
								</a>
							</li>
						) : null}
						{payment.sCreditNoteNumber ? (
							<li>
								<a href={`/office/files/credit-note?iPaymentId=${payment.iPaymentId}`} className={linkClass} download>
									Download credit note {payment.sCreditNoteNumber}
								</a>
							</li>
						) : null}
					</ul>
				</section>
				<div>
					{payment.sStatus === 'pending' && payment.sProvider === 'offline' ? <ConfirmForm spec={formSpec} lastResult={result} /> : null}
					{payment.sStatus === 'paid' ? <RefundOffer payment={payment} /> : null}
					{payment.sStatus !== 'paid' && !(payment.sStatus === 'pending' && payment.sProvider === 'offline') ? (
						<p className="text-slate-700">
							Nothing to do: this payment is “{PAYMENT_STATUS_LABELS[payment.sStatus]}”{payment.sStatus === 'pending' ? ' online, with the payer' : ''}.
						</p>
					) : null}
				</div>
			</div>
		</OfficePage>
	)
}
