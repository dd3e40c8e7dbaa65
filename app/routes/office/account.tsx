// /office/accounts/{iAccountId} (administrators): one person's profile, registrations, payments and
// CPE entries; correct the name, date of birth, e-mail or number; disable or enable; release a
// number the account took from its real owner.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { correctAccountSchema, OFFICE_ACCOUNT_MESSAGES, type OfficeAccount } from '~/contract/office/accounts'
import { formatRupees } from '~/contract/payments'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/account'
import { CPE_KIND_LABELS, NO_PAYMENT_LABEL, USER_TYPE_LABELS, PAYMENT_STATUS_LABELS, REGISTRATION_STATUS_LABELS } from '~/contract/vocabulary'

const accountId = (params: { iAccountId?: string }) => recordIdParam(params.iAccountId, OFFICE_ACCOUNT_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAccounts.details)
	return { account: dataOf(await api.officeAccounts.details({ iAccountId: accountId(args.params) })), constraint: getZodConstraint(correctAccountSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeAccounts.details)
	const iAccountId = accountId(args.params)
	const back = `/office/accounts/${iAccountId}`
	return officeAction(args.request, {
		correct: (formData) =>
			officeForm(formData, {
				schema: correctAccountSchema,
				call: (body) => api.officeAccounts.correct({ iAccountId, body }),
				done: (answer) => redirectWithOfficeAlert(session, back, answer.message),
			}),
		release: async () => alertOutcome(session, await api.officeAccounts.releaseNumber({ iAccountId }), back),
		enable: async () => alertOutcome(session, await api.officeAccounts.enable({ iAccountId }), back),
		disable: async () => alertOutcome(session, await api.officeAccounts.disable({ iAccountId, body: {} }), back),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.account.sFullName} | Office` : 'Account | Office' }]

function CorrectForm({ account, constraint, lastResult }: { account: OfficeAccount; constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'correct-account',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/accounts').then((contract) => contract.correctAccountSchema)),
		defaultValue: { sFullName: account.sFullName, sDob: account.sDob, sEmail: account.sEmail, sNumber: account.sReleasedNumber ? '' : account.sNumber },
	})
	const busy = useIsSubmitting('correct')
	return (
		<Form method="post" {...formProps} className="grid gap-4 rounded border border-slate-200 p-4 sm:grid-cols-2">
			<h2 className="text-xl font-semibold text-brand-900 sm:col-span-2">Correct the account</h2>
			<p className="text-slate-700 sm:col-span-2">Only what you change is saved. A new e-mail address is told to the old and the new address.</p>
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sFullName} label="Full name" />
			<TextField meta={fields.sDob} label="Date of birth" type="date" />
			<TextField meta={fields.sEmail} label="E-mail" type="email" />
			<TextField meta={fields.sNumber} label={account.sUserType === 'M' ? 'Membership number' : 'Registration number'} />
			<div className="sm:col-span-2">
				<SubmitButton name="intent" value="correct" disabled={busy}>
					{busy ? 'Saving…' : 'Save the correction'}
				</SubmitButton>
			</div>
		</Form>
	)
}

export default function OfficeAccountPage({ loaderData: { account, constraint }, actionData }: Route.ComponentProps) {
	const facts: [string, string][] = [
		['Kind', USER_TYPE_LABELS[account.sUserType]],
		[account.sUserType === 'M' ? 'Membership number' : 'Registration number', account.sNumber],
		['E-mail', account.sEmail],
		['Mobile', account.sMobileNumber],
		['Date of birth', account.sDob],
		['City', `${account.sCity} (${account.sStateCode})`],
		['Updates by e-mail', account.bIsGetUpdateOnEmail ? 'Yes' : 'No'],
		['Registered', formatInstantDay(account.dCreatedAt)],
		[
			'State',
			account.dClosedAt
				? `Closed by its holder on ${formatInstantDay(account.dClosedAt)}; personal data erased`
				: account.dDisabledAt
					? `Disabled since ${formatInstantDay(account.dDisabledAt)}`
					: 'Active',
		],
	]
	if (account.sFirmCompanyName) facts.push(['Firm', account.sFirmCompanyName])
	if (account.sGstNumber) facts.push(['GSTIN', account.sGstNumber])
	return (
		<OfficePage
			title={account.sFullName}
			lead={
				<Link to="/office/accounts" className={linkClass}>
					All accounts
				</Link>
			}
		>
			<div className="grid gap-8 lg:grid-cols-2">
				<dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
					{facts.map(([label, value]) => (
						<div key={label} className="contents">
							<dt className="font-medium text-slate-700">{label}</dt>
							<dd className="break-words">{value}</dd>
						</div>
					))}
				</dl>
				{account.dClosedAt ? null : (
					<div className="space-y-4">
						<Form method="post" className="flex flex-wrap gap-3">
							<SubmitButton name="intent" value={account.dDisabledAt ? 'enable' : 'disable'} tone="secondary">
								{account.dDisabledAt ? 'Enable the account' : 'Disable the account'}
							</SubmitButton>
							{account.sReleasedNumber ? null : (
								<SubmitButton name="intent" value="release" tone="secondary">
									Release the number
								</SubmitButton>
							)}
						</Form>
						<p className="text-sm text-slate-700">
							Disabling signs the person out everywhere. Releasing the number is for an account that registered someone else’s number: it is disabled and keeps
							its history, and the owner can then register the number.
						</p>
					</div>
				)}
			</div>
			{account.dClosedAt ? null : (
				<div className="mt-8">
					<CorrectForm account={account} constraint={constraint} lastResult={actionData?.result} />
				</div>
			)}
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Registrations</h2>
			{account.aRegistrations.length === 0 ? (
				<p className="text-slate-700">None.</p>
			) : (
				<OfficeTable caption="Registrations" headings={['Event', 'Starts', 'Status', 'Payment', 'Present']}>
					{account.aRegistrations.map((row) => (
						<tr key={row.iRegistrationId}>
							<td className={cellClass}>
								<Link to={`/office/events/${row.iEventId}/registrations`} className={linkClass}>
									{row.sEventTitle}
								</Link>
							</td>
							<td className={cellClass}>{formatInstantDay(row.dEventStartDate)}</td>
							<td className={cellClass}>{REGISTRATION_STATUS_LABELS[row.sStatus]}</td>
							<td className={cellClass}>{row.sPaymentStatus ? PAYMENT_STATUS_LABELS[row.sPaymentStatus] : NO_PAYMENT_LABEL}</td>
							<td className={cellClass}>{row.dAttendedAt ? 'Yes' : '—'}</td>
						</tr>
					))}
				</OfficeTable>
			)}
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Payments</h2>
			{account.aPayments.length === 0 ? (
				<p className="text-slate-700">None.</p>
			) : (
				<OfficeTable caption="Payments" headings={['Started', 'Event', 'Total', 'Status', 'Invoice', '']}>
					{account.aPayments.map((payment) => (
						<tr key={payment.iPaymentId}>
							<td className={cellClass}>{formatInstantDay(payment.dCreatedAt)}</td>
							<td className={cellClass}>{payment.sEventTitle}</td>
							<td className={cellClass}>{formatRupees(payment.nTotalPaise)}</td>
							<td className={cellClass}>{PAYMENT_STATUS_LABELS[payment.sStatus]}</td>
							<td className={cellClass}>{payment.sInvoiceNumber ?? '—'}</td>
							<td className={cellClass}>
								<Link to={`/office/payments/${payment.iPaymentId}`} className={linkClass}>
									Open<span className="sr-only"> payment {payment.iPaymentId}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">CPE entries</h2>
			{account.aCpeEntries.length === 0 ? (
				<p className="text-slate-700">None.</p>
			) : (
				<OfficeTable caption="CPE entries" headings={['Date', 'Hours', 'Kind', 'What']}>
					{account.aCpeEntries.map((entry, i) => (
						<tr key={i}>
							<td className={cellClass}>{entry.dDate}</td>
							<td className={cellClass}>{entry.nHours}</td>
							<td className={cellClass}>{CPE_KIND_LABELS[entry.sKind]}</td>
							<td className={cellClass}>{entry.sDescription}</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
