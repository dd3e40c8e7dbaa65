// Forgot password (docs/spec.md §2, §3) for members and students: one module, two routes. The first step
// takes the address and the new password; "Send OTP" mails a code (if an account uses the
// address: the answer is the same either way) and keeps the form on the server; the second asks
// for the code alone (app/.server/otp-step.ts). Every older sign-in then ends.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { apiPublicKey } from '~/.server/accounts'
import { areaRole } from '~/.server/guard'
import { encryptPasswords } from '~/.server/password-encryption'
import { replyInvalid, replyRefused } from '~/.server/replies'
import { visitorContext } from '~/.server/caller'
import { keptForm, OTP_STEP_FORM, otpStepAction, startOtpStep } from '~/.server/otp-step'
import { getSession, redirectWithAlert } from '~/.server/session'
import { FormNotices, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { accountChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { TextField } from '~/components/forms'
import { codeStepEmail, OtpCodeStep } from '~/components/otp-code-step'
import { ACCOUNT_MESSAGES, resetPasswordFormSchema, type ResetPasswordForm } from '~/contract/accounts'
import { ROLE_LOGIN, USER_TYPES, type Role } from '~/contract/constants'
import { parseAccountForm } from '~/utils/account-forms'
import { intentOf } from '~/utils/intent'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/forgot-password'

export async function loader({ request, url }: Route.LoaderArgs) {
	const role = areaRole(url)
	return {
		role,
		keptFor: keptForm(await getSession(request), `reset:${role}`)?.sEmail ?? null,
		constraint: getZodConstraint(resetPasswordFormSchema),
		codeStep: OTP_STEP_FORM,
	}
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const role = areaRole(url)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const { api } = context.get(visitorContext)
	const { accounts } = api
	// send-otp takes the address alone; the new password waits in the kept form for the code.
	const sendOtp = (body: ResetPasswordForm) => accounts.sendOtp({ role, body: { sEmail: body.sEmail, sUserType: USER_TYPES[role], sPurpose: 'reset' } })
	const step = await otpStepAction(request, `reset:${role}`, formData, intent, {
		resend: sendOtp,
		confirm: (body) => accounts.resetPassword({ role, body }),
		done: (session) => redirectWithAlert(session, ROLE_LOGIN[role], { kind: 'success', text: ACCOUNT_MESSAGES.passwordReset }),
	})
	if (step) return step
	const submission = parseAccountForm(formData, resetPasswordFormSchema)
	if (submission.status !== 'success') return replyInvalid(submission)
	const body = encryptPasswords(await apiPublicKey(api), submission.value)
	const answer = await sendOtp(body)
	if (!answer.ok) return replyRefused(submission, answer)
	return startOtpStep(request, `reset:${role}`, body, submission.value.sEmail, answer.message)
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: 'Forgot password',
		description: 'Set a new password for your account with a one-time code sent to your e-mail address.',
	})

export default function ForgotPassword({ loaderData: { role, keptFor, constraint, codeStep }, actionData }: Route.ComponentProps) {
	const codeFor = codeStepEmail(keptFor, actionData)
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Forgot password</h1>
			{codeFor ? (
				<OtpCodeStep
					id={`${role}-forgot-password-code`}
					step={codeStep}
					sEmail={codeFor}
					notice={actionData && 'notice' in actionData ? String(actionData.notice) : ''}
					lastResult={actionData?.result}
					confirmLabel="Reset password"
				/>
			) : (
				<ResetDetails role={role} constraint={constraint} actionData={actionData} />
			)}
			<p className="mt-6">
				<Link className="font-medium text-brand-700 underline" to={ROLE_LOGIN[role]}>
					Back to login
				</Link>
			</p>
		</div>
	)
}

function ResetDetails({ role, constraint, actionData }: { role: Role; constraint: FormConstraint; actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields, formProps] = useCheckedForm({
		id: `${role}-forgot-password`,
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.resetPasswordFormSchema)),
	})
	const { busy, notice } = useOtpStep(actionData)
	return (
		<>
			<p className="mt-2 text-slate-700">
				Enter the e-mail address of your {role} account and the new password. We will send you a one-time password to confirm it.
			</p>
			<Form method="post" {...formProps} className="mt-6 space-y-4">
				<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
				<TextField meta={fields.sEmail} label="E-mail" type="email" autoComplete="email" />
				<TextField meta={fields.sNewPassword} label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
				<TextField meta={fields.sConfirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
				<SendOtpButton busy={busy} />
			</Form>
		</>
	)
}
