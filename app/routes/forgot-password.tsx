// Forgot password (spec §2, §3) for members and students: one module, two routes. "Send OTP"
// mails a code (if an account uses the address: the answer is the same either way), then the
// code and the new password reset it, and every older sign-in ends.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { apiPublicKey, encryptPasswords } from '~/.server/accounts'
import { replyInvalid, replyStep, replyWithApiErrors } from '~/.server/account-actions'
import { requestInfoContext } from '~/.server/context'
import { getRuntime } from '~/.server/runtime'
import { getSession, redirectWithAlert } from '~/.server/session'
import { FormNotices, OtpField, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { SubmitButton, TextField } from '~/components/forms'
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, resetPasswordSchema, resetRequestSchema } from '~/contract/accounts'
import { ROLE_LOGIN, USER_TYPES, type Role } from '~/contract/constants'
import { intentOf, parseAccountForm } from '~/utils/account-forms'
import type { Route } from './+types/forgot-password'

const roleOf = (url: URL): Role => (url.pathname.startsWith('/student') ? 'student' : 'member')
const schemaFor = (intent: string) => (intent === 'send-otp' ? resetRequestSchema : resetPasswordSchema)

export const loader = ({ url }: Route.LoaderArgs) => ({ role: roleOf(url) })

export async function action({ request, url, context }: Route.ActionArgs) {
	const role = roleOf(url)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const submission = parseAccountForm(formData, schemaFor(intent))
	if (submission.status !== 'success') return replyInvalid(submission)
	const { callApi } = await getRuntime()
	const clientAddress = context.get(requestInfoContext).clientAddress
	if (intent === 'send-otp') {
		const body = { ...submission.value, sUserType: USER_TYPES[role], sPurpose: 'reset' }
		const answer = await callApi({ method: 'POST', path: ACCOUNT_PATHS.sendOtp(role), role, body, clientAddress })
		if (!answer.ok) return replyWithApiErrors(submission, answer)
		return { ...replyStep(submission, answer.body.message), otpSent: true }
	}
	const body = encryptPasswords(await apiPublicKey(), submission.value)
	const answer = await callApi({ method: 'POST', path: ACCOUNT_PATHS.resetPassword(role), role, body, clientAddress })
	if (!answer.ok) return data({ ...replyWithApiErrors(submission, answer).data, otpSent: true }, { status: 400 })
	return redirectWithAlert(await getSession(request), ROLE_LOGIN[role], { kind: 'success', text: ACCOUNT_MESSAGES.passwordReset })
}

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password' }]

export default function ForgotPassword({ loaderData: { role }, actionData }: Route.ComponentProps) {
	const [form, fields] = useForm({
		id: `${role}-forgot-password`,
		lastResult: actionData?.result,
		constraint: getZodConstraint(resetPasswordSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseAccountForm(formData, schemaFor(intentOf(formData)) as typeof resetPasswordSchema),
	})
	const { busy, otpSent, notice } = useOtpStep(actionData)
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Forgot password</h1>
			<p className="mt-2 text-slate-700">Enter the e-mail address of your {role} account. We will send you a one-time password to set a new password.</p>
			<Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
				<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
				<TextField meta={fields.sEmail} label="E-mail" type="email" autoComplete="email" />
				<SendOtpButton otpSent={otpSent} busy={busy} />
				<OtpField meta={fields.nOtp} />
				<TextField meta={fields.sNewPassword} label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
				<TextField meta={fields.sConfirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
				<SubmitButton name="intent" value="reset" disabled={busy} className="w-full">
					Reset password
				</SubmitButton>
			</Form>
			<p className="mt-6">
				<Link className="font-medium text-brand-700 underline" to={ROLE_LOGIN[role]}>
					Back to login
				</Link>
			</p>
		</div>
	)
}
