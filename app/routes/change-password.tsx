// Change password (docs/spec.md §2, §3) for a signed-in member or student: one module, two routes. The
// e-mail is the account's; "Send OTP" mails a code and keeps the three passwords, encrypted, on
// the server; the second step asks for the code alone (app/.server/otp-step.ts).
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { apiPublicKey, loadProfile } from '~/.server/accounts'
import { accountContext } from '~/.server/caller'
import { encryptPasswords } from '~/.server/password-encryption'
import { replyInvalid, replyRefused } from '~/.server/replies'
import { keptForm, OTP_STEP_FORM, otpStepAction, startOtpStep } from '~/.server/otp-step'
import { getSession, redirectWithAlert } from '~/.server/session'
import { FormNotices, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { accountChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { TextField } from '~/components/forms'
import { codeStepEmail, OtpCodeStep } from '~/components/otp-code-step'
import { ACCOUNT_MESSAGES, changePasswordFormSchema, type ChangePasswordForm } from '~/contract/accounts'
import { ROLE_HOME, USER_TYPES } from '~/contract/constants'
import { parseAccountForm } from '~/utils/account-forms'
import { intentOf } from '~/utils/intent'
import type { Route } from './+types/change-password'

export async function loader({ request, context }: Route.LoaderArgs) {
	const account = context.get(accountContext)
	const { role } = account
	// Fetched here, not taken from the session's kept copy: this call also applies the 401 rule.
	const { sEmail } = await loadProfile(account)
	return {
		email: sEmail,
		keptFor: keptForm(await getSession(request), `change:${role}`)?.sEmail ?? null,
		constraint: getZodConstraint(changePasswordFormSchema),
		codeStep: OTP_STEP_FORM,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { api, role } = context.get(accountContext)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const { accounts } = api
	const sendOtp = (body: ChangePasswordForm) => accounts.sendOtp({ body: { ...body, sUserType: USER_TYPES[role], sPurpose: 'change' } })
	const step = await otpStepAction(request, `change:${role}`, formData, intent, {
		resend: sendOtp,
		confirm: (body) => accounts.changePassword({ body }),
		done: (session) => redirectWithAlert(session, ROLE_HOME[role], { kind: 'success', text: ACCOUNT_MESSAGES.passwordChanged }),
	})
	if (step) return step
	const submission = parseAccountForm(formData, changePasswordFormSchema)
	if (submission.status !== 'success') return replyInvalid(submission)
	const body = encryptPasswords(await apiPublicKey(api), submission.value)
	const answer = await sendOtp(body)
	if (!answer.ok) return replyRefused(submission, answer)
	return startOtpStep(request, `change:${role}`, body, submission.value.sEmail, answer.message)
}

export const meta: Route.MetaFunction = () => [{ title: 'Change password' }]

export default function ChangePassword({ loaderData: { email, keptFor, constraint, codeStep }, actionData }: Route.ComponentProps) {
	const codeFor = codeStepEmail(keptFor, actionData)
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Change password</h1>
			{codeFor ? (
				<OtpCodeStep
					id="change-password-code"
					step={codeStep}
					sEmail={codeFor}
					notice={actionData && 'notice' in actionData ? String(actionData.notice) : ''}
					lastResult={actionData?.result}
					confirmLabel="Change password"
				/>
			) : (
				<ChangeDetails email={email} constraint={constraint} actionData={actionData} />
			)}
		</div>
	)
}

function ChangeDetails({ email, constraint, actionData }: { email: string; constraint: FormConstraint; actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'change-password',
		lastResult: actionData?.result,
		defaultValue: { sEmail: email },
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.changePasswordFormSchema)),
	})
	const { busy, notice } = useOtpStep(actionData)
	return (
		<Form method="post" {...formProps} className="mt-6 space-y-4">
			<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
			<TextField meta={fields.sEmail} label="E-mail" type="email" autoComplete="email" readOnly />
			<TextField meta={fields.sOldPassword} label="Current password" type="password" autoComplete="current-password" />
			<TextField meta={fields.sNewPassword} label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
			<TextField meta={fields.sConfirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
			<SendOtpButton busy={busy} />
		</Form>
	)
}
