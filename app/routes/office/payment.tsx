// /office/payments/{iPaymentId}: one payment. A payment waiting at the office is confirmed with
// how it was paid and its reference (the tax invoice is issued); a paid one is refunded with a
// reason (a credit note is issued). Two people pressing at once: one wins, the other is told.
import { getSelectProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { officeContext } from '~/.server/office-loaders'
import { apiTable } from '~/contract/table'
import { dataOf, replyInvalid, replyRefused, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { controlClass, ErrorList, SubmitButton, TextareaField, TextField } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { confirmPaymentFormSchema, OFFICE_PAYMENT_MESSAGES, OFFLINE_MODE_LABELS, OFFLINE_PAYMENT_MODES, refundPaymentFormSchema } from '~/contract/office-payments'
import { formatRupees } from '~/contract/payments'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/payment'

const paymentId = (params: { iPaymentId?: string }) => recordIdParam(params.iPaymentId, OFFICE_PAYMENT_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = await officeContext(args, apiTable.officePayments.details)
	const payment = dataOf(await api.officePayments.details({ iPaymentId: paymentId(args.params) }))
	// The forms' fields and the ways of paying: the browser loads the schemas only for their checks.
	const formSpec = { confirm: getZodConstraint(confirmPaymentFormSchema), refund: getZodConstraint(refundPaymentFormSchema), modes: OFFLINE_PAYMENT_MODES, modeLabels: OFFLINE_MODE_LABELS }
	return { payment, formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = await officeContext(args, apiTable.officePayments.details)
	const iPaymentId = paymentId(args.params)
	const formData = await args.request.formData()
	const intent = formData.get('intent') === 'refund' ? 'refund' : 'confirm'
	if (intent === 'refund') {
		const submission = parseWithZod(formData, { schema: refundPaymentFormSchema })
		if (submission.status !== 'success') return replyInvalid(submission, { extra: { intent } })
		const answer = await api.officePayments.refund({ iPaymentId, body: submission.value })
		if (!answer.ok) return replyRefused(submission, answer, { extra: { intent } })
		throw await redirectWithOfficeAlert(session, `/office/payments/${iPaymentId}`, answer.data.sCreditNoteNumber ? `Payment refunded; credit note ${answer.data.sCreditNoteNumber} issued.` : answer.message)
	}
	const submission = parseWithZod(formData, { schema: confirmPaymentFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission, { extra: { intent } })
	const answer = await api.officePayments.confirm({ iPaymentId, body: submission.value })
	if (!answer.ok) return replyRefused(submission, answer, { extra: { intent } })
	const told = answer.message === OFFICE_PAYMENT_MESSAGES.alreadyConfirmed ? answer.message : `Payment confirmed; tax invoice ${answer.data.sInvoiceNumber} issued.`
	throw await redirectWithOfficeAlert(session, `/office/payments/${iPaymentId}`, told, answer.message === OFFICE_PAYMENT_MESSAGES.alreadyConfirmed ? 'info' : 'success')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Payment ${loaderData.payment.iPaymentId} | Office` : 'Payment | Office' }]

type FormSpec = Route.ComponentProps['loaderData']['formSpec']

function ConfirmForm({ spec, lastResult }: { spec: FormSpec; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'confirm-payment',
		lastResult,
		constraint: spec.confirm,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office-payments').then((contract) => contract.confirmPaymentFormSchema)),
	})
	const busy = useNavigation().formData?.get('intent') === 'confirm'
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

function RefundForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'refund-payment',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office-payments').then((contract) => contract.refundPaymentFormSchema)),
	})
	const busy = useNavigation().formData?.get('intent') === 'refund'
	return (
		<Form method="post" {...formProps} className="space-y-4 rounded border border-amber-300 bg-amber-50 p-4">
			<h2 className="text-xl font-semibold text-brand-900">Refund the payment</h2>
			<p className="text-slate-800">The whole fee is refunded: a credit note is issued against the invoice and the registration is cancelled, freeing its seat. This cannot be undone.</p>
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextareaField meta={fields.sReason} label="Reason (printed on the credit note)" rows={2} />
			<SubmitButton name="intent" value="refund" disabled={busy}>
				{busy ? 'Refunding…' : 'Refund and issue the credit note'}
			</SubmitButton>
		</Form>
	)
}

export default function OfficePayment({ loaderData: { payment, formSpec }, actionData }: Route.ComponentProps) {
	const result = actionData?.result
	const rows: [string, React.ReactNode][] = [
		['Reference', <span className="font-mono">{payment.sReference}</span>],
		['Payer', `${payment.sPayerName} (${payment.sUserType === 'M' ? 'member' : 'student'} ${payment.sNumber}, ${payment.sEmail})`],
		['Event', payment.sEventTitle],
		['Taxable value', formatRupees(payment.nTaxablePaise)],
		['GST', formatRupees(payment.nTaxPaise)],
		['Total', formatRupees(payment.nTotalPaise)],
		['Status', payment.sStatus],
		['Paid through', payment.sProvider === 'offline' ? 'The branch office' : 'Online'],
		['Started', formatInstantDay(payment.dCreatedAt)],
	]
	if (payment.dPaidAt) rows.push(['Paid', formatInstantDay(payment.dPaidAt)])
	if (payment.sOfflineMode) rows.push(['Received as', `${formSpec.modeLabels[payment.sOfflineMode]}, reference ${payment.sOfflineReference}`])
	if (payment.dRefundedAt) rows.push(['Refunded', formatInstantDay(payment.dRefundedAt)])
	return (
		<OfficePage title={`Payment ${payment.iPaymentId}`} lead={<a href="/office/payments" className={linkClass}>All payments</a>}>
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
					{payment.sStatus === 'pending' && payment.sProvider === 'offline' ? <ConfirmForm spec={formSpec} lastResult={actionData?.intent !== 'refund' ? result : undefined} /> : null}
					{payment.sStatus === 'paid' ? <RefundForm constraint={formSpec.refund} lastResult={actionData?.intent === 'refund' ? result : undefined} /> : null}
					{payment.sStatus !== 'paid' && !(payment.sStatus === 'pending' && payment.sProvider === 'offline') ? (
						<p className="text-slate-700">Nothing to do: this payment is {payment.sStatus}{payment.sStatus === 'pending' ? ' online, with the payer' : ''}.</p>
					) : null}
				</div>
			</div>
		</OfficePage>
	)
}
