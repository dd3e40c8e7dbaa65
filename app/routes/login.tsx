// Sign-in for members and students (docs/spec.md §2, §3): one module, two routes (member-login, student-login).
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link, redirect } from 'react-router'
import { apiPublicKey, signIn } from '~/.server/accounts'
import { areaRole } from '~/.server/guard'
import { encryptPasswords } from '~/.server/password-encryption'
import { visitorContext } from '~/.server/caller'
import { replyInvalid, replyRefused } from '~/.server/replies'
import { deviceTokenCookie, readDeviceToken } from '~/.server/device-cookie'
import { getSession, TOKEN_KEY } from '~/.server/session'
import { accountChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { loginSchemas } from '~/contract/accounts'
import { MEMBERSHIP_NUMBER_MAX_LENGTH, ROLE_HOME } from '~/contract/constants'
import { parseAccountForm } from '~/utils/account-forms'
import { safeReturnPath } from '~/utils/return-path'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/login'

export async function loader({ request, url }: Route.LoaderArgs) {
	const role = areaRole(url)
	const session = await getSession(request)
	const redirectTo = safeReturnPath(url.searchParams.get('redirectTo'), ROLE_HOME[role])
	// Already signed in with this role: straight on.
	if (session.get(TOKEN_KEY[role])) throw redirect(redirectTo)
	return { role, redirectTo, constraint: getZodConstraint(loginSchemas[role]) }
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const role = areaRole(url)
	const formData = await request.formData()
	const submission = parseAccountForm(formData, loginSchemas[role])
	if (submission.status !== 'success') return replyInvalid(submission)
	const { api } = context.get(visitorContext)
	const { accounts } = api
	const answer = await accounts.login({
		role,
		body: { ...encryptPasswords(await apiPublicKey(api), submission.value), sDeviceToken: await readDeviceToken(request, role) },
	})
	if (!answer.ok) return replyRefused(submission, answer)
	const { sToken, oProfile, sDeviceToken } = answer.data
	const to = safeReturnPath(String(formData.get('redirectTo') ?? ''), ROLE_HOME[role])
	const signedIn = await signIn(request, role, sToken, to, `Welcome, ${oProfile.sFullName}.`)
	// This browser has now signed in to the account: a stranger's bad tries will not keep it out.
	if (sDeviceToken) signedIn.headers.append('set-cookie', await deviceTokenCookie(role, sDeviceToken))
	return signedIn
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const student = loaderData?.role === 'student'
	return pageMeta(matches[0].loaderData, location, {
		title: student ? 'Student login' : 'Member login',
		description: student
			? `Sign in to your student account with the ${matches[0].loaderData.branch.name}.`
			: `Sign in to your member account with the ${matches[0].loaderData.branch.name}: CPE hours, payments and announcements.`,
	})
}

export default function Login({ loaderData: { role, redirectTo, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: `${role}-login`,
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: accountChecks(() => import('~/contract/accounts').then((contract) => contract.loginSchemas[role])),
	})
	const busy = useIsSubmitting()
	const title = role === 'student' ? 'Student login' : 'Member login'
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
			<p className="mt-2 text-slate-700">
				{role === 'student' ? 'Sign in with your registration number.' : 'Sign in with your membership number.'}{' '}
				<Link className="font-medium text-brand-700 underline" to={role === 'student' ? '/member/login' : '/student/login'}>
					{role === 'student' ? 'Member login' : 'Student login'}
				</Link>
			</p>
			<Form method="post" {...formProps} className="mt-6 space-y-4">
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<ErrorList id={form.errorId} errors={form.errors} />
				{role === 'member' ? (
					<TextField
						meta={fields.sMembershipNumber!}
						label="Membership number"
						inputMode="numeric"
						autoComplete="username"
						maxLength={MEMBERSHIP_NUMBER_MAX_LENGTH}
					/>
				) : (
					<TextField meta={fields.sRegistrationNumber!} label="Registration number" autoComplete="username" autoCapitalize="characters" />
				)}
				<TextField meta={fields.sDob} label="Date of birth" type="date" />
				<TextField meta={fields.sPassword} label="Password" type="password" autoComplete="current-password" />
				<SubmitButton disabled={busy} className="w-full">
					{busy ? 'Signing in…' : 'Sign in'}
				</SubmitButton>
			</Form>
			<p className="mt-6 flex flex-wrap justify-between gap-2">
				<Link className="font-medium text-brand-700 underline" to={`/${role}/forgot-password`}>
					Forgot password?
				</Link>
				<Link className="font-medium text-brand-700 underline" to={role === 'student' ? '/register?type=student' : '/register'}>
					Create an account
				</Link>
			</p>
		</div>
	)
}
