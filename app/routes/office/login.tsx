// /office/login: staff sign in to the office with their username and password. The password goes
// to the API RSA-encrypted, like every password; the office session is apart from any member's.
// The browser's device token goes with it; a user with two-factor sign-in goes on to the code step.
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { apiPublicKey } from '~/.server/accounts'
import { encryptPasswords } from '~/.server/password-encryption'
import { readDeviceToken } from '~/.server/device-cookie'
import { commitOfficeSession, getOfficeSession, liveStaff, OFFICE_HOME, OFFICE_LOGIN_CODE, signInOffice } from '~/.server/office-session'
import { visitorContext } from '~/.server/caller'
import { officeForm } from '~/.server/office-form'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { OfficeHeader } from '~/components/office/office-nav'
import { OfficeNotice } from '~/components/office/office-notice'
import { staffLoginSchema } from '~/contract/office/auth'
import { OFFICE_FRAME } from '~/utils/office-frame'
import { safeReturnPath } from '~/utils/return-path'
import type { Route } from './+types/login'

export async function loader({ request, url }: Route.LoaderArgs) {
	const session = await getOfficeSession(request)
	const redirectTo = safeReturnPath(url.searchParams.get('redirectTo'), OFFICE_HOME)
	if (liveStaff(session).staff) throw redirect(redirectTo)
	const alert = session.get('alert') ?? null
	const payload = { redirectTo, alert, constraint: getZodConstraint(staffLoginSchema) }
	return alert ? data(payload, { headers: { 'set-cookie': await commitOfficeSession(session) } }) : payload
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await request.formData()
	// Nobody is signed in yet: the API is called as the visitor.
	const { api } = context.get(visitorContext)
	return officeForm(formData, {
		schema: staffLoginSchema,
		call: async (value) =>
			api.officeAuth.login({ body: { ...encryptPasswords(await apiPublicKey(api), value), sDeviceToken: await readDeviceToken(request, 'office') } }),
		done: async ({ data: signedIn }) => {
			const given = safeReturnPath(String(formData.get('redirectTo') ?? ''), OFFICE_HOME)
			const to = given.startsWith('/office') ? given : OFFICE_HOME
			if (!signedIn.bCodeNeeded) return signInOffice(request, signedIn, to)
			const session = await getOfficeSession(request)
			session.set('pendingSignIn', { ticket: signedIn.sPendingToken, expiresAt: Date.parse(signedIn.dExpiresAt), redirectTo: to })
			return redirect(OFFICE_LOGIN_CODE, { headers: { 'set-cookie': await commitOfficeSession(session) } })
		},
	})
}

export const handle = OFFICE_FRAME

export const meta: Route.MetaFunction = () => [{ title: 'Office sign-in' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function OfficeLogin({ loaderData: { redirectTo, alert, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'office-login',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/auth').then((contract) => contract.staffLoginSchema)),
	})
	const busy = useIsSubmitting()
	return (
		<>
			<OfficeHeader />
			<main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
				<OfficeNotice alert={alert} />
				<h1 className="text-3xl font-semibold text-brand-900">Office sign-in</h1>
				<p className="mt-2 text-slate-700">For the branch office’s staff. Members and students sign in on the member and student pages.</p>
				<Form method="post" {...formProps} className="mt-6 space-y-4">
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<ErrorList id={form.errorId} errors={form.errors} />
					<TextField meta={fields.sUsername} label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
					<TextField meta={fields.sPassword} label="Password" type="password" autoComplete="current-password" />
					<SubmitButton disabled={busy} className="w-full">
						{busy ? 'Signing in…' : 'Sign in'}
					</SubmitButton>
				</Form>
			</main>
		</>
	)
}
