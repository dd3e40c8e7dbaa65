// The second step of a form that needs an OTP: the code alone. What was typed before is kept on
// the server (app/.server/otp-step.ts); "Resend code" mails a new one and "Change details" goes
// back to the form. Works the same with JavaScript (the schema checks the code first) and without.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { z } from 'zod'
import { OTP_VALID_MINUTES, otpStepSchema } from '~/contract/accounts'
import { intentOf } from '~/utils/account-forms'
import { FormNotices, OtpField } from './account-fields'
import { SubmitButton, useIsSubmitting } from './forms'

type Props = { id: string; sEmail: string; notice?: string; lastResult?: SubmissionResult<string[]>; confirmLabel: string; action?: string }

const nothingToCheck = z.object({})

/**
 * The address the code went to when the page is at the code step, else null: the last post says
 * which step it left (a code sent, or back to the details); without one, a form kept on the server.
 */
export function codeStepEmail(keptFor: string | null, actionData: unknown) {
	if (actionData && typeof actionData === 'object' && 'step' in actionData) {
		const step = actionData as { step: 'code' | 'details'; sEmail?: string }
		return step.step === 'code' ? (step.sEmail ?? keptFor) : null
	}
	return keptFor
}

export function OtpCodeStep({ id, sEmail, notice, lastResult, confirmLabel, action }: Props) {
	const [form, fields] = useForm<z.input<typeof otpStepSchema>>({
		id,
		lastResult,
		constraint: getZodConstraint(otpStepSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		// Only "Confirm" needs the code; the other two buttons go on without it.
		onValidate: ({ formData }) => parseWithZod(formData, { schema: (intentOf(formData) === 'confirm' ? otpStepSchema : nothingToCheck) as typeof otpStepSchema }),
	})
	const busy = useIsSubmitting()
	return (
		<Form method="post" action={action} {...getFormProps(form)} className="mt-6 space-y-4">
			<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
			<p className="text-slate-800">
				We sent a one-time password to <strong className="break-all">{sEmail}</strong>. Enter it below; everything else you typed is kept.
			</p>
			<OtpField meta={fields.nOtp} hint={`It is valid for ${OTP_VALID_MINUTES} minutes.`} />
			<SubmitButton name="intent" value="confirm" disabled={busy} className="w-full sm:w-auto">
				{confirmLabel}
			</SubmitButton>
			<div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
				<SubmitButton name="intent" value="resend" tone="secondary" disabled={busy}>
					Resend code
				</SubmitButton>
				<SubmitButton name="intent" value="change-details" tone="secondary" disabled={busy}>
					Change details
				</SubmitButton>
			</div>
		</Form>
	)
}
