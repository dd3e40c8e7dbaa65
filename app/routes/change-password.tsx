// Change password (spec §2, §3) for a signed-in member or student: one module, two routes.
// The e-mail is the account's; "Send OTP" mails a code; the three passwords travel encrypted.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { apiPublicKey, callAs, encryptPasswords } from '~/.server/accounts'
import { replyInvalid, replyStep, replyWithApiErrors } from '~/.server/account-actions'
import { areaRole } from '~/.server/guard'
import { getSession, redirectWithAlert } from '~/.server/session'
import { FormNotices, OtpField, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { SubmitButton, TextField } from '~/components/forms'
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, changePasswordFormSchema, changePasswordSchema } from '~/contract/accounts'
import { ROLE_HOME, USER_TYPES } from '~/contract/constants'
import { intentOf, parseAccountForm } from '~/utils/account-forms'
import type { Route } from './+types/change-password'

const schemaFor = (intent: string) => (intent === 'send-otp' ? changePasswordFormSchema : changePasswordSchema)

export async function action({ request, url }: Route.ActionArgs) {
	const role = areaRole(url)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const submission = parseAccountForm(formData, schemaFor(intent))
	if (submission.status !== 'success') return replyInvalid(submission)
	const body = encryptPasswords(await apiPublicKey(), submission.value)
	if (intent === 'send-otp') {
		const answer = await callAs(request, role, { method: 'POST', path: ACCOUNT_PATHS.sendOtp(role), body: { ...body, sUserType: USER_TYPES[role], sPurpose: 'change' } })
		if (!answer.ok) return replyWithApiErrors(submission, answer)
		return { ...replyStep(submission, answer.body.message), otpSent: true }
	}
	const answer = await callAs(request, role, { method: 'POST', path: ACCOUNT_PATHS.changePassword(role), body })
	if (!answer.ok) return data({ ...replyWithApiErrors(submission, answer).data, otpSent: true }, { status: 400 })
	return redirectWithAlert(await getSession(request), ROLE_HOME[role], { kind: 'success', text: ACCOUNT_MESSAGES.passwordChanged })
}

export const meta: Route.MetaFunction = () => [{ title: 'Change password' }]

export default function ChangePassword({ actionData, matches }: Route.ComponentProps) {
	const email = matches[0].loaderData.profile?.sEmail ?? ''
	const [form, fields] = useForm({
		id: 'change-password',
		lastResult: actionData?.result,
		defaultValue: { sEmail: email },
		constraint: getZodConstraint(changePasswordSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseAccountForm(formData, schemaFor(intentOf(formData))),
	})
	const { busy, otpSent, notice } = useOtpStep(actionData)
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Change password</h1>
			<Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
				<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
				<TextField meta={fields.sEmail} label="E-mail" type="email" autoComplete="email" readOnly />
				<TextField meta={fields.sOldPassword} label="Current password" type="password" autoComplete="current-password" />
				<TextField meta={fields.sNewPassword} label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
				<TextField meta={fields.sConfirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
				<SendOtpButton otpSent={otpSent} busy={busy} />
				<OtpField meta={fields.nOtp} />
				<SubmitButton name="intent" value="change" disabled={busy} className="w-full">
					Change password
				</SubmitButton>
			</Form>
		</div>
	)
}
