// The signed-in profile (docs/spec.md §2, §3, §7): /member/profile (picture included) and
// /student/update-profile, one module. Shown, and updated in the same form; below it, the person's
// own data: the download and closing the account.
import type { FieldMetadata } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { z } from 'zod'
import { loadCities, loadProfile, loadStates, updateProfile, uploadPostedPicture } from '~/.server/accounts'
import { pageData, replyInvalid, replyRefused, replyStep } from '~/.server/replies'
import { accountContext, visitorContext } from '~/.server/caller'
import { redirectWithAlert } from '~/.server/session'
import { MemberFirmFields, PictureField, PlaceFields } from '~/components/account-fields'
import { accountChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SelectField, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { ACCOUNT_MESSAGES, profileUpdateSchemas, STUDENT_COURSES, type MemberProfile, type Profile } from '~/contract/accounts'
import { parseAccountForm } from '~/utils/account-forms'
import { intentOf } from '~/utils/intent'
import type { Route } from './+types/profile'
import { formatDay } from '~/utils/kolkata-date'

type Meta = FieldMetadata<string | number | boolean | undefined | null>

export async function loader({ context }: Route.LoaderArgs) {
	const account = context.get(accountContext)
	const { role } = account
	const { api } = context.get(visitorContext)
	const [profile, states, mediaUrl] = await Promise.all([loadProfile(account), loadStates(api), api.site.mediaUrl({}).then(pageData)])
	return {
		role,
		profile,
		states,
		cities: await loadCities(api, profile.oState.sCode),
		mediaUrl,
		// What the form's fields ask for; its checks load in the browser when they are needed.
		constraint: getZodConstraint(profileUpdateSchemas[role]),
		courses: STUDENT_COURSES,
	}
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const account = context.get(accountContext)
	const { role, session } = account
	const visitor = context.get(visitorContext)
	const formData = await request.formData()
	const intent = intentOf(formData)
	const picture = role === 'member' ? await uploadPostedPicture(formData, visitor) : {}
	if (picture.sPath) formData.set('sProfilePic', picture.sPath)
	const submission = parseAccountForm(formData, profileUpdateSchemas[role] as z.ZodType<Record<string, unknown>>)
	const cities = await loadCities(visitor.api, formData.get('oState.sCode'))
	if (intent === 'choose-state') return { ...replyStep(submission, ''), cities }
	if (picture.error || submission.status !== 'success') return data({ ...replyInvalid(submission).data, cities, pictureError: picture.error }, { status: 400 })
	const answer = await updateProfile(account, submission.value)
	if (!answer.ok) return data({ ...replyRefused(submission, answer).data, cities }, { status: 400 })
	// The name and address shown on every page come from the profile: read it afresh.
	session.unset('profile')
	return redirectWithAlert(session, url.pathname, { kind: 'success', text: ACCOUNT_MESSAGES.profileUpdated })
}

export const meta: Route.MetaFunction = () => [{ title: 'Your profile' }]

/** The form's starting values: the profile as the API gave it (GST confirmation filled in). */
function initialValues(profile: Profile) {
	if (profile.sUserType === 'S') return profile
	return { ...profile, sConfirmGSTNumber: profile.sGSTNumber }
}

export default function ProfilePage({ loaderData: { role, profile, states, cities, mediaUrl, constraint, courses }, actionData }: Route.ComponentProps) {
	const [form, fieldset, formProps] = useCheckedForm({
		id: `${role}-profile`,
		lastResult: actionData?.result,
		defaultValue: initialValues(profile) as never,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.profileUpdateSchemas[role] as z.ZodType<Record<string, unknown>>)),
	})
	const fields = fieldset as unknown as Record<string, Meta>
	const busy = useIsSubmitting()
	const pictureError = actionData && 'pictureError' in actionData ? actionData.pictureError : undefined
	const member = profile.sUserType === 'M'
	return (
		<div className="mx-auto max-w-2xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Your profile</h1>
			<dl className="mt-4 grid gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
				<dt className="font-medium">{member ? 'Membership number' : 'Registration number'}</dt>
				<dd>{member ? profile.sMembershipNumber : profile.sRegistrationNumber}</dd>
				<dt className="font-medium">E-mail</dt>
				<dd className="break-all">{profile.sEmail}</dd>
				<dt className="font-medium">Date of birth</dt>
				<dd>{formatDay(profile.sDob)}</dd>
			</dl>
			<Form method="post" encType="multipart/form-data" {...formProps} className="mt-8 space-y-4">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sFullName!} label="Full name" autoComplete="name" />
				{member ? (
					<>
						<PictureField meta={fields.sProfilePic!} current={(profile as MemberProfile).sProfilePic} mediaUrl={mediaUrl} />
						{pictureError ? <ErrorList errors={[String(pictureError)]} /> : null}
						<MemberFirmFields fields={fields as never} />
					</>
				) : (
					<SelectField meta={fields.sCourse!} label="Course" options={courses.map((c) => ({ value: c, label: c }))} />
				)}
				<TextField meta={fields.sMobileNumber!} label="Mobile number" type="tel" autoComplete="tel" />
				<PlaceFields fields={fieldset as never} states={states} cities={actionData?.cities ?? cities} />
				<SubmitButton name="intent" value="save" disabled={busy}>
					Save profile
				</SubmitButton>
			</Form>
			<p className="mt-6">
				<Link className="font-medium text-brand-700 underline" to={`/${role}/change-password`}>
					Change password
				</Link>
			</p>
			<section aria-labelledby="own-data" className="mt-10 border-t border-slate-200 pt-6">
				<h2 id="own-data" className="text-xl font-semibold text-brand-900">
					Your data
				</h2>
				<p className="mt-2 text-slate-800">
					Download my data: everything the portal keeps about you (profile, registrations, payments, tax invoices and credit notes, CPE hours, newsletter
					subscriptions and your choices), as {/* Plain anchors: the answer is a file, not a page (decision 0018). */}
					<a className="font-medium text-brand-700 underline" href={`/${role}/my-data.html`} download>
						a summary to read<span className="sr-only"> (download my data as HTML)</span>
					</a>{' '}
					or{' '}
					<a className="font-medium text-brand-700 underline" href={`/${role}/my-data.json`} download>
						a JSON file<span className="sr-only"> (download my data as JSON)</span>
					</a>
					.
				</p>
				<p className="mt-4">
					<Link className="font-medium text-brand-700 underline" to={`/${role}/close-account`}>
						Close my account
					</Link>{' '}
					<span className="text-slate-700">(the page says what is erased and what is kept before you decide)</span>
				</p>
				<p className="mt-4 text-slate-700">
					The{' '}
					<Link className="font-medium text-brand-700 underline" to="/privacy">
						privacy notice
					</Link>{' '}
					says what is kept, why and for how long.
				</p>
			</section>
		</div>
	)
}
