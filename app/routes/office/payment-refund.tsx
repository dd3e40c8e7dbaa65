// /office/payments/{iPaymentId}/refund: a refund says what it will do before it does it (the
// amount, the credit note, the cancelled registration and its freed seat), records how the money
// went back, and, when the registration earned CPE hours, makes the clerk choose what becomes of them.
import { getSelectProps, type FieldMetadata } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { dataOf, recordIdParam } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { controlClass, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { REFUND_MODE_LABELS } from '~/contract/vocabulary'
import { OFFICE_PAYMENT_MESSAGES, REFUND_MODES, REFUND_REASON_MAX, refundFormSchema, type OfficePayment } from '~/contract/office/payments'
import { formatRupees } from '~/contract/payments'
import { apiTable } from '~/contract/table'
import type { Route } from './+types/payment-refund'

const paymentId = (params: { iPaymentId?: string }) => recordIdParam(params.iPaymentId, OFFICE_PAYMENT_MESSAGES.notFound)

/** The payment, read through the refund's own entry, so only those who may refund see this page. */
async function paymentOf(args: Route.LoaderArgs | Route.ActionArgs) {
	const context = officeCaller(args, apiTable.officePayments.refund)
	const payment = dataOf(await context.api.officePayments.details({ iPaymentId: paymentId(args.params) }))
	// An online payment goes back through Razorpay, to wherever it came from: there is no way to ask about.
	const form = { askCpeHours: payment.nCpeHoursCredited > 0, throughGateway: payment.sProvider === 'razorpay' && payment.sGatewayPaymentId !== null }
	return { ...context, payment, form }
}

export async function loader(args: Route.LoaderArgs) {
	const { payment, form } = await paymentOf(args)
	return { payment, form, constraint: getZodConstraint(refundFormSchema(form)), modes: REFUND_MODES.map((mode) => ({ mode, label: REFUND_MODE_LABELS[mode] })) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session, payment, form } = await paymentOf(args)
	return officeForm(await args.request.formData(), {
		schema: refundFormSchema(form),
		call: (body) => api.officePayments.refund({ iPaymentId: payment.iPaymentId, body }),
		done: ({ message, data: { sCpeChoice, sCreditNoteNumber } }) => {
			const hours = sCpeChoice ? ` The CPE hours are ${sCpeChoice}.` : ''
			const told = sCreditNoteNumber
				? `Payment refunded; credit note ${sCreditNoteNumber} issued.${hours} The payer is mailed the credit note.`
				: `${message}${hours}`
			return redirectWithOfficeAlert(session, `/office/payments/${payment.iPaymentId}`, told)
		},
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Refund payment ${loaderData.payment.iPaymentId} | Office` : 'Refund | Office' },
]

/** What the refund does, said before it is done. */
function Consequences({ payment, throughGateway }: { payment: OfficePayment; throughGateway: boolean }) {
	return (
		<ul className="list-disc space-y-1 pl-6">
			<li>
				{throughGateway
					? `Razorpay returns ${formatRupees(payment.nTotalPaise)} to ${payment.sPayerName}, to the card, UPI or bank account it came from.`
					: `${formatRupees(payment.nTotalPaise)} is recorded as returned to ${payment.sPayerName}.`}
			</li>
			<li>
				A credit note for the whole amount is issued against tax invoice {payment.sInvoiceNumber}
				{throughGateway ? ', when Razorpay confirms the refund' : ''}.
			</li>
			<li>The registration for {payment.sEventTitle} is cancelled and its seat freed for the waiting list.</li>
			<li>{payment.sPayerName} is mailed the credit note, with how the money went back.</li>
		</ul>
	)
}

function CpeChoice({ payment, meta }: { payment: OfficePayment; meta: FieldMetadata<string | undefined> }) {
	const choices = [
		{ value: 'keep', label: 'Keep the hours', hint: 'They attended; the fee is returned as goodwill.' },
		{ value: 'withdraw', label: 'Withdraw the hours', hint: 'They are taken off the CPE record with the registration.' },
	]
	return (
		<fieldset aria-describedby={meta.errors ? meta.errorId : undefined} className="space-y-2 rounded border border-slate-300 p-4">
			<legend className="px-1 font-semibold text-brand-900">CPE hours</legend>
			<p>
				{payment.sPayerName} was credited {payment.nCpeHoursCredited} CPE {payment.nCpeHoursCredited === 1 ? 'hour' : 'hours'} for this event.
			</p>
			{choices.map((choice) => (
				<div key={choice.value} className="flex items-start gap-2">
					<input
						type="radio"
						id={`${meta.id}-${choice.value}`}
						name={meta.name}
						value={choice.value}
						defaultChecked={meta.initialValue === choice.value}
						required
						aria-invalid={meta.errors ? true : undefined}
						className="mt-1 size-5 accent-brand-700"
					/>
					<label htmlFor={`${meta.id}-${choice.value}`}>
						<span className="font-medium">{choice.label}</span> <span className="text-slate-700">{choice.hint}</span>
					</label>
				</div>
			))}
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</fieldset>
	)
}

/** How the money went back at the desk, and its reference. */
function DeskRefundFields({
	fields,
	modes,
}: {
	fields: { sMode: FieldMetadata<string | undefined>; sReference: FieldMetadata<string | undefined> }
	modes: { mode: string; label: string }[]
}) {
	const { key, ...select } = getSelectProps(fields.sMode)
	return (
		<>
			<div>
				<label htmlFor={fields.sMode.id} className="block font-medium text-slate-800">
					How the money went back
				</label>
				<select key={key} {...select} className={controlClass}>
					<option value="">Choose…</option>
					{modes.map(({ mode, label }) => (
						<option key={mode} value={mode}>
							{label}
						</option>
					))}
				</select>
				<ErrorList id={fields.sMode.errorId} errors={fields.sMode.errors} />
			</div>
			<TextField meta={fields.sReference} label="Reference of the refund" hint="The UPI, transfer, cheque or card reference; cash may go without one." />
		</>
	)
}

function RefundForm({
	loaderData,
	lastResult,
}: {
	loaderData: Route.ComponentProps['loaderData']
	lastResult: Parameters<typeof useCheckedForm>[0]['lastResult']
}) {
	const { payment, form: shape, constraint, modes } = loaderData
	const [form, fields, formProps] = useCheckedForm({
		id: 'refund-payment',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/payments').then((contract) => contract.refundFormSchema(shape))),
	})
	const busy = useIsSubmitting()
	return (
		<Form method="post" {...formProps} className="space-y-4">
			<ErrorList id={form.errorId} errors={form.errors} />
			{shape.askCpeHours ? <CpeChoice payment={payment} meta={fields.sCpeHours} /> : null}
			{shape.throughGateway ? null : <DeskRefundFields fields={fields} modes={modes} />}
			<TextareaField meta={fields.sReason} label="Reason (printed on the credit note; optional)" hint={`At most ${REFUND_REASON_MAX} characters.`} rows={2} />
			<p className="font-medium">This cannot be undone.</p>
			<div className="flex flex-wrap items-center gap-4">
				<SubmitButton disabled={busy}>{busy ? 'Refunding…' : `Refund ${formatRupees(payment.nTotalPaise)} and issue the credit note`}</SubmitButton>
				<Link to={`/office/payments/${payment.iPaymentId}`} className={linkClass}>
					Do not refund
				</Link>
			</div>
		</Form>
	)
}

export default function PaymentRefund({ loaderData, actionData }: Route.ComponentProps) {
	const { payment } = loaderData
	return (
		<OfficePage
			title={`Refund payment ${payment.iPaymentId}?`}
			lead={
				<Link to={`/office/payments/${payment.iPaymentId}`} className={linkClass}>
					Back to the payment
				</Link>
			}
		>
			{payment.sStatus === 'paid' ? (
				<div className="max-w-2xl space-y-6">
					<section aria-labelledby="refund-effects" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-4">
						<h2 id="refund-effects" className="text-xl font-semibold text-brand-900">
							What the refund does
						</h2>
						<Consequences payment={payment} throughGateway={loaderData.form.throughGateway} />
					</section>
					<RefundForm loaderData={loaderData} lastResult={actionData?.result} />
				</div>
			) : (
				<p className="text-lg">Nothing to refund: this payment is {payment.sStatus}.</p>
			)}
		</OfficePage>
	)
}
