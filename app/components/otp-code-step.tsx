// The second step of a form that needs an OTP: the code alone. What was typed before is kept on
// the server (app/.server/otp-step.ts); "Resend code" mails a new one and "Change details" goes
// back to the form. Works the same with JavaScript (the schema checks the code first) and without.
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { otpStepSchema } from '~/contract/accounts'
import type { z } from 'zod'
import { intentOf } from '~/utils/intent'
import { FormNotices, OtpField } from './account-fields'
import { schemaChecks, uncheckedSubmission, useCheckedForm, type Checks, type FormConstraint } from './checked-form'
import { SubmitButton, useIsSubmitting } from './forms'

/** From the page's loader (OTP_STEP_FORM in app/.server/otp-step.ts). */
export type OtpStepForm = { constraint: FormConstraint; validMinutes: number }

type Props = { id: string; step: OtpStepForm; sEmail: string; notice?: string; lastResult?: SubmissionResult<string[]>; confirmLabel: string; action?: string }
type OtpStep = typeof otpStepSchema

const codeChecks = schemaChecks(() => import('~/contract/accounts').then((contract) => contract.otpStepSchema))

/** Only "Confirm" needs the code; the other two buttons go on without it. */
async function otpChecks(): Promise<Checks<z.input<OtpStep>, z.output<OtpStep>>> {
	const check = await codeChecks()
	return (formData) => (intentOf(formData) === 'confirm' ? check(formData) : uncheckedSubmission(formData))
}

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

export function OtpCodeStep({ id, step: { constraint, validMinutes }, sEmail, notice, lastResult, confirmLabel, action }: Props) {
	const [form, fields, formProps] = useCheckedForm({
		id,
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: otpChecks,
	})
	const busy = useIsSubmitting()
	return (
		<Form method="post" action={action} {...formProps} className="mt-6 space-y-4">
			<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
			<p className="text-slate-800">
				We sent a one-time password to <strong className="break-all">{sEmail}</strong>. Enter it below; everything else you typed is kept.
			</p>
			<OtpField meta={fields.nOtp} hint={`It is valid for ${validMinutes} minutes.`} />
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
