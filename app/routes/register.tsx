// Sign-up (spec §2, §3) for members and, with ?type=student, students. One form, three intents:
// "Show cities" (no JavaScript), "Send OTP" (validates everything, then mails the code) and
// "Register". Every value is kept between steps, passwords aside.
import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { z } from 'zod'
import { apiPublicKey, encryptPasswords, loadCities, loadStates, uploadPostedPicture } from '~/.server/accounts'
import { replyInvalid, replyStep, replyWithApiErrors } from '~/.server/account-actions'
import { requestInfoContext } from '~/.server/context'
import { getRuntime } from '~/.server/runtime'
import { getSession, redirectWithAlert, signedInRole } from '~/.server/session'
import { FormNotices, MemberFirmFields, OtpField, PictureField, PlaceFields, SendOtpButton, useOtpStep } from '~/components/account-fields'
import { ErrorList, SelectField, SubmitButton, TextField } from '~/components/forms'
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, registrationFormSchemas, registrationSchemas, STUDENT_COURSES } from '~/contract/accounts'
import { MEMBERSHIP_NUMBER_MAX_LENGTH, ROLE_HOME, ROLE_LOGIN, USER_TYPES, type Role } from '~/contract/constants'
import { intentOf, parseAccountForm } from '~/utils/account-forms'
import type { Route } from './+types/register'

type Meta = FieldMetadata<string | number | boolean | undefined | null>
const roleOf = (url: URL): Role => (url.searchParams.get('type') === 'student' ? 'student' : 'member')

export async function loader({ request, url }: Route.LoaderArgs) {
	const signedIn = signedInRole(await getSession(request))
	if (signedIn) throw redirect(ROLE_HOME[signedIn])
	return { role: roleOf(url), states: await loadStates() }
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const role = roleOf(url)
	const { clientAddress } = context.get(requestInfoContext)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const picture = role === 'member' ? await uploadPostedPicture(formData, clientAddress) : {}
	if (picture.sPath) formData.set('sProfilePic', picture.sPath)
	const schema = (intent === 'register' ? registrationSchemas : registrationFormSchemas)[role] as z.ZodType<Record<string, unknown>>
	const submission = parseAccountForm(formData, schema)
	const cities = await loadCities(formData.get('oState.sCode'))
	if (intent === 'choose-state') return { ...replyStep(submission, ''), cities }
	if (picture.error) return data({ ...replyInvalid(submission).data, cities, pictureError: picture.error }, { status: 400 })
	if (submission.status !== 'success') return data({ ...replyInvalid(submission).data, cities }, { status: 400 })

	const { callApi } = await getRuntime()
	const body = encryptPasswords(await apiPublicKey(), { ...submission.value, sUserType: USER_TYPES[role] })
	if (intent === 'send-otp') {
		const answer = await callApi({ method: 'POST', path: ACCOUNT_PATHS.sendOtp(role), role, body: { ...body, sPurpose: 'registration' }, clientAddress })
		if (!answer.ok) return data({ ...replyWithApiErrors(submission, answer).data, cities }, { status: 400 })
		return { ...replyStep(submission, answer.body.message), cities, otpSent: true }
	}
	const answer = await callApi({ method: 'POST', path: ACCOUNT_PATHS.register(role), role, body, clientAddress })
	if (!answer.ok) return data({ ...replyWithApiErrors(submission, answer).data, cities, otpSent: true }, { status: 400 })
	return redirectWithAlert(await getSession(request), ROLE_LOGIN[role], { kind: 'success', text: ACCOUNT_MESSAGES.registered })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.role === 'student' ? 'Student sign up' : 'Member sign up' }]

export default function Register({ loaderData: { role, states }, actionData }: Route.ComponentProps) {
	const schema = registrationSchemas[role] as z.ZodType<Record<string, unknown>>
	const [form, fieldset] = useForm({
		id: `${role}-register`,
		lastResult: actionData?.result,
		constraint: getZodConstraint(schema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		// "Send OTP" checks the form without the OTP; "Register" with it.
		onValidate: ({ formData }) => parseAccountForm(formData, (intentOf(formData) === 'register' ? registrationSchemas : registrationFormSchemas)[role]),
	})
	const fields = fieldset as unknown as Record<string, Meta>
	const { busy, otpSent, notice } = useOtpStep(actionData)
	const pictureError = actionData && 'pictureError' in actionData ? actionData.pictureError : undefined
	const member = role === 'member'
	return (
		<div className="mx-auto max-w-2xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">{member ? 'Member sign up' : 'Student sign up'}</h1>
			<p className="mt-2 text-slate-700">
				{member ? 'Registering as a student? ' : 'Registering as a member? '}
				<Link className="font-medium text-brand-700 underline" to={member ? '/register?type=student' : '/register'}>
					{member ? 'Student sign up' : 'Member sign up'}
				</Link>
			</p>
			<Form method="post" action={member ? '/register' : '/register?type=student'} encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-4">
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
						<SelectField meta={fields.sCourse!} label="Course" options={STUDENT_COURSES.map((c) => ({ value: c, label: c }))} />
					</>
				)}
				<div className="grid gap-4 sm:grid-cols-2">
					<TextField meta={fields.sEmail!} label="E-mail" type="email" autoComplete="email" />
					<TextField meta={fields.sMobileNumber!} label="Mobile number" type="tel" autoComplete="tel" />
				</div>
				<TextField meta={fields.sDob!} label="Date of birth" type="date" />
				<PlaceFields fields={fieldset as never} states={states} cities={actionData?.cities ?? []} />
				<div className="grid gap-4 sm:grid-cols-2">
					<TextField meta={fields.sPassword!} label="Password" type="password" autoComplete="new-password" hint="At least 8 characters; a phrase is easiest to remember." />
					<TextField meta={fields.sConfirmPassword!} label="Confirm password" type="password" autoComplete="new-password" />
				</div>
				<div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
					<SendOtpButton otpSent={otpSent} busy={busy} />
				</div>
				<OtpField meta={fields.nOtp!} hint="Send the OTP first; it arrives by e-mail and is valid for 10 minutes." />
				<SubmitButton name="intent" value="register" disabled={busy} className="w-full sm:w-auto">
					Register
				</SubmitButton>
			</Form>
			<p className="mt-6">
				Already registered?{' '}
				<Link className="font-medium text-brand-700 underline" to={ROLE_LOGIN[role]}>
					Sign in
				</Link>
			</p>
		</div>
	)
}
