// /member/close-account and /student/close-account: "Close my account" from the profile page. The
// page says what is erased and what is kept; "Send OTP" mails a code to the account's address and
// the second step asks for it (app/.server/otp-step.ts), with or without JavaScript. Once closed,
// the sign-in ends and the browser goes to /account-closed, which says the same again.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { loadProfile } from '~/.server/accounts'
import { accountContext } from '~/.server/caller'
import { clearDeviceTokenCookie } from '~/.server/device-cookie'
import { keptForm, OTP_STEP_FORM, otpStepAction, startOtpStep } from '~/.server/otp-step'
import { replyInvalid, replyRefused } from '~/.server/replies'
import { getSession, getSessionStorage, redirectWithAlert } from '~/.server/session'
import { FormNotices, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { ClosureFacts } from '~/components/closure-facts'
import { CheckboxField, TextField } from '~/components/forms'
import { codeStepEmail, OtpCodeStep } from '~/components/otp-code-step'
import { closeAccountFormSchema, type CloseAccountForm } from '~/contract/accounts'
import { USER_TYPES } from '~/contract/constants'
import { OWN_DATA_MESSAGES, type ClosedAccount } from '~/contract/own-data'
import { closureKeeps } from '~/contract/account-closure'
import { parseAccountForm } from '~/utils/account-forms'
import { intentOf } from '~/utils/intent'
import { accountChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import type { Route } from './+types/close-account'

export async function loader({ request, context }: Route.LoaderArgs) {
	const account = context.get(accountContext)
	const { role } = account
	const { sEmail } = await loadProfile(account)
	return {
		role,
		email: sEmail,
		keeps: closureKeeps(),
		keptFor: keptForm(await getSession(request), `close:${role}`)?.sEmail ?? null,
		constraint: getZodConstraint(closeAccountFormSchema),
		codeStep: OTP_STEP_FORM,
	}
}

/** The page after closing: what was kept of this account's tax documents rides in its address (counts and a day, nothing personal). */
const closedPage = (closed: ClosedAccount) =>
	`/account-closed?${new URLSearchParams({ nInvoices: String(closed.nInvoicesKept), nCreditNotes: String(closed.nCreditNotesKept), ...(closed.dKeptUntil ? { dKeptUntil: closed.dKeptUntil } : {}) })}`

export async function action({ request, context }: Route.ActionArgs) {
	const { api, role } = context.get(accountContext)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const { accounts, ownData } = api
	const sendOtp = (body: CloseAccountForm) => accounts.sendOtp({ body: { ...body, sUserType: USER_TYPES[role], sPurpose: 'close' } })
	let closed: ClosedAccount | undefined
	const step = await otpStepAction(request, `close:${role}`, formData, intent, {
		resend: sendOtp,
		confirm: async (body) => {
			const answer = await ownData.close({ body })
			if (answer.ok) closed = answer.data
			return answer
		},
		// The API has deleted this browser's session row with the account's others: it ends here too,
		// and the alert travels in its own cookie, as it does for any visitor without a session.
		done: async (session) => {
			const storage = await getSessionStorage()
			const ended = await storage.destroySession(session)
			const response = await redirectWithAlert(await storage.getSession(), closedPage(closed!), { kind: 'success', text: OWN_DATA_MESSAGES.closed })
			response.headers.append('set-cookie', ended)
			response.headers.append('set-cookie', await clearDeviceTokenCookie(role))
			return response
		},
	})
	if (step) return step
	const submission = parseAccountForm(formData, closeAccountFormSchema)
	if (submission.status !== 'success') return replyInvalid(submission)
	const answer = await sendOtp(submission.value)
	if (!answer.ok) return replyRefused(submission, answer)
	return startOtpStep(request, `close:${role}`, submission.value, submission.value.sEmail, answer.message)
}

export const meta: Route.MetaFunction = () => [{ title: 'Close my account' }]

export default function CloseAccount({ loaderData: { role, email, keeps, keptFor, constraint, codeStep }, actionData }: Route.ComponentProps) {
	const codeFor = codeStepEmail(keptFor, actionData)
	return (
		<div className="mx-auto max-w-2xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Close my account</h1>
			<p className="mt-4 text-slate-800">
				Closing your account erases your personal data from this portal at once. It cannot be undone: to use the portal again, you would register afresh (your
				number can be registered again). Registrations for events still to come must be cancelled first.
			</p>
			<p className="mt-4 text-slate-800">
				You may want to{' '}
				<a className="font-medium text-brand-700 underline" href={`/${role}/my-data.html`} download>
					download a summary of your data
				</a>{' '}
				or{' '}
				<a className="font-medium text-brand-700 underline" href={`/${role}/my-data.json`} download>
					the same as a JSON file
				</a>{' '}
				first, and your tax invoices from{' '}
				{role === 'member' ? (
					<Link className="font-medium text-brand-700 underline" to="/member/payments">
						your payments
					</Link>
				) : (
					'the event pages'
				)}
				.
			</p>
			<div className="mt-8">
				<ClosureFacts keeps={keeps} />
			</div>
			<h2 className="mt-10 text-xl font-semibold text-brand-900">Close it</h2>
			{codeFor ? (
				<OtpCodeStep
					id="close-account-code"
					step={codeStep}
					sEmail={codeFor}
					notice={actionData && 'notice' in actionData ? String(actionData.notice) : ''}
					lastResult={actionData?.result}
					confirmLabel="Close my account"
				/>
			) : (
				<CloseDetails email={email} constraint={constraint} actionData={actionData} />
			)}
		</div>
	)
}

function CloseDetails({ email, constraint, actionData }: { email: string; constraint: FormConstraint; actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'close-account',
		lastResult: actionData?.result,
		defaultValue: { sEmail: email },
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.closeAccountFormSchema)),
	})
	const { busy, notice } = useOtpStep(actionData)
	return (
		<Form method="post" {...formProps} className="mt-4 space-y-4">
			<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
			<TextField meta={fields.sEmail} label="E-mail" type="email" autoComplete="email" readOnly hint="The one-time password goes to this address." />
			<CheckboxField meta={fields.bUnderstood} label="I understand that closing my account erases my personal data and cannot be undone." />
			<SendOtpButton busy={busy} />
		</Form>
	)
}
