// Sign-up (docs/spec.md §2, §3) for members and, with ?type=student, students. The form has "Show cities"
// (no JavaScript) and "Send OTP", which checks everything, mails the code and keeps the form on the
// server; the next step asks for the code alone (app/.server/otp-step.ts).
import type { FieldMetadata } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { z } from 'zod'
import { apiPublicKey, loadCities, loadStates, uploadPostedPicture } from '~/.server/accounts'
import { encryptPasswords } from '~/.server/password-encryption'
import { replyInvalid, replyRefused, replyStep } from '~/.server/replies'
import { visitorContext } from '~/.server/caller'
import { keptForm, OTP_STEP_FORM, otpStepAction, startOtpStep } from '~/.server/otp-step'
import { getSession, redirectWithAlert, signedInRole } from '~/.server/session'
import { FormNotices, MemberFirmFields, PictureField, PlaceFields, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { accountChecks, useCheckedForm } from '~/components/checked-form'
import { codeStepEmail, OtpCodeStep } from '~/components/otp-code-step'
import { ErrorList, SelectField, TextField } from '~/components/forms'
import { ACCOUNT_MESSAGES, registrationFormSchemas, STUDENT_COURSES } from '~/contract/accounts'
import { MEMBERSHIP_NUMBER_MAX_LENGTH, ROLE_HOME, ROLE_LOGIN, USER_TYPES, type Role, type UserType } from '~/contract/constants'
import { parseAccountForm } from '~/utils/account-forms'
import { intentOf } from '~/utils/intent'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/register'

type Meta = FieldMetadata<string | number | boolean | undefined | null>
type RegistrationForm = z.output<(typeof registrationFormSchemas)[Role]>
/** What send-otp and register take: the form with the role's user type. */
type RegistrationBody = RegistrationForm & { sUserType: UserType }
const roleOf = (url: URL): Role => (url.searchParams.get('type') === 'student' ? 'student' : 'member')

export async function loader({ request, url, context }: Route.LoaderArgs) {
	const session = await getSession(request)
	const signedIn = signedInRole(session)
	if (signedIn) throw redirect(ROLE_HOME[signedIn])
	const role = roleOf(url)
	const kept = keptForm(session, `register:${role}`)
	return {
		role,
		states: await loadStates(context.get(visitorContext).api),
		keptFor: kept?.sEmail ?? null,
		// What the form's fields ask for; its checks load in the browser when they are needed.
		constraint: getZodConstraint(registrationFormSchemas[role]),
		courses: STUDENT_COURSES,
		codeStep: OTP_STEP_FORM,
	}
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const role = roleOf(url)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const visitor = context.get(visitorContext)
	const { accounts } = visitor.api
	const sendOtp = (body: RegistrationBody) => accounts.sendOtp({ role, body: { ...body, sPurpose: 'registration' } })
	const step = await otpStepAction(request, `register:${role}`, formData, intent, {
		resend: sendOtp,
		confirm: (body) => accounts.register({ role, body }),
		done: (session) => redirectWithAlert(session, ROLE_LOGIN[role], { kind: 'success', text: ACCOUNT_MESSAGES.registered }),
	})
	if (step instanceof Response) return step
	if (step) {
		// Back to the details: the chosen state's cities come with them.
		const state = (step.data.result?.initialValue as { oState?: { sCode?: string } } | undefined)?.oState?.sCode
		return data({ ...step.data, cities: await loadCities(visitor.api, state) }, step.init ?? undefined)
	}
	const picture = role === 'member' ? await uploadPostedPicture(formData, visitor) : {}
	if (picture.sPath) formData.set('sProfilePic', picture.sPath)
	const submission = parseAccountForm(formData, registrationFormSchemas[role] as z.ZodType<Record<string, unknown>>)
	const cities = await loadCities(visitor.api, formData.get('oState.sCode'))
	if (intent === 'choose-state') return { ...replyStep(submission, ''), cities }
	if (picture.error) return data({ ...replyInvalid(submission).data, cities, pictureError: picture.error }, { status: 400 })
	if (submission.status !== 'success') return data({ ...replyInvalid(submission).data, cities }, { status: 400 })

	// The form passed the role's own schema above.
	const body = encryptPasswords(await apiPublicKey(visitor.api), { ...(submission.value as RegistrationForm), sUserType: USER_TYPES[role] })
	const answer = await sendOtp(body)
	if (!answer.ok) return data({ ...replyRefused(submission, answer).data, cities }, { status: 400 })
	return startOtpStep(request, `register:${role}`, body, String(submission.value.sEmail), answer.message)
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const student = loaderData?.role === 'student'
	return pageMeta(matches[0].loaderData, location, {
		title: student ? 'Student sign up' : 'Member sign up',
		description: student
			? `Create a student account with the ${matches[0].loaderData.branch.name} with your registration number.`
			: `Create a member account with the ${matches[0].loaderData.branch.name} with your membership number.`,
		// The sign-up form for students is the same path with ?type=student.
		contentParams: ['type'],
	})
}

type ActionData = Route.ComponentProps['actionData']

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
	const { role, keptFor, codeStep } = loaderData
	const member = role === 'member'
	const codeFor = codeStepEmail(keptFor, actionData)
	const formAction = member ? '/register' : '/register?type=student'
	return (
		<div className="mx-auto max-w-2xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">{member ? 'Member sign up' : 'Student sign up'}</h1>
			{codeFor ? (
				<OtpCodeStep
					id={`${role}-register-code`}
					step={codeStep}
					sEmail={codeFor}
					notice={actionData && 'notice' in actionData ? String(actionData.notice) : ''}
					lastResult={actionData && 'step' in actionData ? actionData.result : undefined}
					confirmLabel="Register"
					action={formAction}
				/>
			) : (
				<>
					<p className="mt-2 text-slate-700">
						{member ? 'Registering as a student? ' : 'Registering as a member? '}
						<Link className="font-medium text-brand-700 underline" to={member ? '/register?type=student' : '/register'}>
							{member ? 'Student sign up' : 'Member sign up'}
						</Link>
					</p>
					<RegisterDetails loaderData={loaderData} actionData={actionData} action={formAction} />
				</>
			)}
			<p className="mt-6">
				Already registered?{' '}
				<Link className="font-medium text-brand-700 underline" to={ROLE_LOGIN[role]}>
					Sign in
				</Link>
			</p>
		</div>
	)
}

function RegisterDetails({
	loaderData: { role, states, constraint, courses },
	actionData,
	action,
}: {
	loaderData: Route.ComponentProps['loaderData']
	actionData: ActionData
	action: string
}) {
	const [form, fieldset, formProps] = useCheckedForm({
		id: `${role}-register`,
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.registrationFormSchemas[role] as z.ZodType<Record<string, unknown>>)),
	})
	const fields = fieldset as unknown as Record<string, Meta>
	const { busy, notice } = useOtpStep(actionData)
	const pictureError = actionData && 'pictureError' in actionData ? actionData.pictureError : undefined
	const member = role === 'member'
	return (
		<Form method="post" action={action} encType="multipart/form-data" {...formProps} className="mt-6 space-y-4">
			<FormNotices notice={notice} errorId={form.errorId} errors={form.errors} />
			<TextField meta={fields.sFullName!} label="Full name" autoComplete="name" />
			{member ? (
				<>
					<TextField meta={fields.sMembershipNumber!} label="Membership number" inputMode="numeric" maxLength={MEMBERSHIP_NUMBER_MAX_LENGTH} />
					<MemberFirmFields fields={fields as never} />
					<PictureField meta={fields.sProfilePic!} />
					{pictureError ? <ErrorList errors={[String(pictureError)]} /> : null}
				</>
			) : (
				<>
					<TextField meta={fields.sRegistrationNumber!} label="Registration number" autoCapitalize="characters" />
					<SelectField meta={fields.sCourse!} label="Course" options={courses.map((c) => ({ value: c, label: c }))} />
				</>
			)}
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField meta={fields.sEmail!} label="E-mail" type="email" autoComplete="email" />
				<TextField meta={fields.sMobileNumber!} label="Mobile number" type="tel" autoComplete="tel" />
			</div>
			<TextField meta={fields.sDob!} label="Date of birth" type="date" />
			<PlaceFields fields={fieldset as never} states={states} cities={actionData && 'cities' in actionData ? (actionData.cities ?? []) : []} />
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField
					meta={fields.sPassword!}
					label="Password"
					type="password"
					autoComplete="new-password"
					hint="At least 8 characters; a phrase is easiest to remember."
				/>
				<TextField meta={fields.sConfirmPassword!} label="Confirm password" type="password" autoComplete="new-password" />
			</div>
			<div className="border-t border-slate-200 pt-4">
				<p className="mb-3 text-slate-700">We e-mail you a one-time password; you then type only the code.</p>
				<SendOtpButton busy={busy} />
			</div>
		</Form>
	)
}
