// The two steps of a form that needs an OTP (sign-up, forgot password, change password, closing an account). "Send OTP"
// checks the whole form and keeps it in the session, passwords already encrypted for the API and
// never sent back to the page; the second step asks for the code alone, with "Resend code" and
// "Change details". The kept form lasts as long as the code does.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { OTP_VALID_MINUTES, PASSWORD_FIELDS, otpStepSchema } from '~/contract/accounts'
import type { ApiFailure } from './typed-api'
import { commitSession, getSession, type KeptForm, type PortalSession } from './session'

/** Which form a kept one belongs to: its kind and role, e.g. `register:member`. */
export type StepKey = `${'register' | 'reset' | 'change' | 'close'}:${'member' | 'student'}`

export const OTP_STEP_ENDED = 'The code step has ended: please fill in the form again and send a new OTP.'
/** What the code step's form is given by its page's loader (app/components/otp-code-step.tsx). */
export const OTP_STEP_FORM = { constraint: getZodConstraint(otpStepSchema), validMinutes: OTP_VALID_MINUTES }
export const OTP_INTENTS = { confirm: 'confirm', resend: 'resend', changeDetails: 'change-details' } as const
const isStepIntent = (intent: string) => (Object.values(OTP_INTENTS) as string[]).includes(intent)

export function keptForm(session: PortalSession, key: StepKey): KeptForm | null {
	const kept = session.get('otpSteps')?.[key]
	return kept && kept.expiresAt > Date.now() ? kept : null
}

function keep(session: PortalSession, key: StepKey, kept: KeptForm | null) {
	const steps = { ...session.get('otpSteps') }
	if (kept) steps[key] = kept
	else delete steps[key]
	session.set('otpSteps', steps)
}

/** What the page gets back from either step: where it now is, and the form's state for conform. */
export type StepReply = { step: 'code' | 'details'; sEmail?: string; notice: string; result?: SubmissionResult<string[]> }

const reply = (payload: StepReply, status = 400) => data(payload, { status })
const withSession = async (session: PortalSession, payload: StepReply, status = 200) =>
	data(payload, { status, headers: { 'set-cookie': await commitSession(session) } })

/** A value as a form holds it: text, a ticked box as "on", nested fields as they were. */
function asFormValue(value: unknown): unknown {
	if (typeof value === 'boolean') return value ? 'on' : undefined
	if (typeof value === 'number') return String(value)
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, asFormValue(inner)]))
	return value
}

/**
 * The details form again, as conform takes a server's reply: the values typed (passwords left
 * out: they are typed again) and any errors beside their fields.
 */
function detailsReply(body: Record<string, unknown>, formError?: string, fieldErrors: Record<string, string[]> = {}): SubmissionResult<string[]> {
	const values = Object.fromEntries(
		Object.entries(body).filter(([name]) => !(PASSWORD_FIELDS as readonly string[]).includes(name) && name !== 'sUserType' && name !== 'sPurpose'),
	)
	return {
		status: formError ? 'error' : undefined,
		initialValue: asFormValue(values) as SubmissionResult<string[]>['initialValue'],
		error: formError ? { '': [formError], ...fieldErrors } : undefined,
	}
}

/** After a successful "Send OTP": the form is kept and the page moves to the code step. */
export async function startOtpStep(request: Request, key: StepKey, body: Record<string, unknown>, sEmail: string, notice: string) {
	const session = await getSession(request)
	keep(session, key, { body, sEmail, expiresAt: Date.now() + OTP_VALID_MINUTES * 60_000 })
	return withSession(session, { step: 'code', sEmail, notice })
}

/** What a step needs of the API's answer. */
type StepAnswer = { ok: true; message: string } | ApiFailure

/** `B` is the form the first step checked (passwords encrypted), as it is kept. */
type StepCalls<B> = {
	/** Sends a new code for the kept form. */
	resend: (body: B) => Promise<StepAnswer>
	/** The form's own call with the code. */
	confirm: (body: B & { nOtp: number }) => Promise<StepAnswer>
	/** Where a confirmed form goes, with its alert; the session given has the kept form dropped. */
	done: (session: PortalSession) => Promise<Response>
}

/**
 * Handles the second step's posts; null when the intent is not one of them (the first step's own).
 * A refusal about the code stays on the code step; one about the kept details (the current
 * password not right, the number taken meanwhile) goes back to them, errors beside the fields.
 */
export async function otpStepAction<B extends Record<string, unknown>>(
	request: Request,
	key: StepKey,
	formData: FormData,
	intent: string,
	calls: StepCalls<B>,
): Promise<Response | ReturnType<typeof reply> | null> {
	if (!isStepIntent(intent)) return null
	const session = await getSession(request)
	const kept = keptForm(session, key)
	if (!kept) return reply({ step: 'details', result: detailsReply({}, OTP_STEP_ENDED), notice: '' })
	// The session keeps what this form's first step checked: it is that form's body.
	const keptBody = kept.body as B
	if (intent === OTP_INTENTS.changeDetails) {
		keep(session, key, null)
		return withSession(session, { step: 'details', result: detailsReply(kept.body), notice: '' })
	}
	if (intent === OTP_INTENTS.resend) {
		const answer = await calls.resend(keptBody)
		if (!answer.ok) return reply({ step: 'code', sEmail: kept.sEmail, notice: '', result: { status: 'error', error: { '': [answer.message] } } })
		keep(session, key, { ...kept, expiresAt: Date.now() + OTP_VALID_MINUTES * 60_000 })
		return withSession(session, { step: 'code', sEmail: kept.sEmail, notice: answer.message })
	}
	const submission = parseWithZod(formData, { schema: otpStepSchema })
	if (submission.status !== 'success') return reply({ step: 'code', sEmail: kept.sEmail, notice: '', result: submission.reply() })
	const answer = await calls.confirm({ ...keptBody, nOtp: submission.value.nOtp })
	if (answer.ok) {
		keep(session, key, null)
		return calls.done(session)
	}
	const { nOtp, ...others } = answer.errors ?? {}
	const status = answer.status >= 400 && answer.status < 500 ? answer.status : 400
	if (Object.keys(others).length === 0) {
		return reply(
			{
				step: 'code',
				sEmail: kept.sEmail,
				notice: '',
				result: submission.reply({ formErrors: nOtp ? [] : [answer.message], fieldErrors: nOtp ? { nOtp } : {} }),
			},
			status,
		)
	}
	keep(session, key, null)
	return withSession(session, { step: 'details', result: detailsReply(kept.body, answer.message, others), notice: '' }, status)
}
