// /office/login/code: the second step of a two-factor sign-in. The password step left the API's
// ticket in the office session (no token yet); this form sends it with the code of the staff
// user's app or one of their recovery codes, and only then is the office session signed in.
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { commitOfficeSession, getOfficeSession, OFFICE_LOGIN, redirectWithOfficeAlert, signInOffice, type OfficeSession } from '~/.server/office-session'
import { visitorContext } from '~/.server/caller'
import { officeForm } from '~/.server/office-form'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { Notices } from '~/components/notices'
import { OFFICE_MESSAGES, staffCodeFormSchema } from '~/contract/office/auth'
import type { Route } from './+types/login-code'

/** The ticket of this browser's sign-in; without a live one, the password step again. */
async function pendingSignIn(session: OfficeSession) {
	const pending = session.get('pendingSignIn')
	if (pending && pending.expiresAt > Date.now()) return pending
	session.unset('pendingSignIn')
	const to = `${OFFICE_LOGIN}?${new URLSearchParams({ redirectTo: pending?.redirectTo ?? '/office' })}`
	throw pending ? await redirectWithOfficeAlert(session, to, OFFICE_MESSAGES.signInExpired, 'info') : redirect(to)
}

export async function loader({ request }: Route.LoaderArgs) {
	const session = await getOfficeSession(request)
	await pendingSignIn(session)
	const alert = session.get('alert') ?? null
	const payload = { alert, constraint: getZodConstraint(staffCodeFormSchema) }
	return alert ? data(payload, { headers: { 'set-cookie': await commitOfficeSession(session) } }) : payload
}

export async function action({ request, context }: Route.ActionArgs) {
	const session = await getOfficeSession(request)
	const pending = await pendingSignIn(session)
	const { api } = context.get(visitorContext)
	return officeForm(await request.formData(), {
		schema: staffCodeFormSchema,
		call: async ({ sCode }) => {
			const answer = await api.officeAuth.loginCode({ body: { sPendingToken: pending.ticket, sCode } })
			// The ticket is spent (too many tries, or used): the password step again, saying why.
			if (answer.status === 410) {
				session.unset('pendingSignIn')
				throw await redirectWithOfficeAlert(session, `${OFFICE_LOGIN}?${new URLSearchParams({ redirectTo: pending.redirectTo })}`, answer.message, 'info')
			}
			return answer
		},
		done: ({ data: signedIn }) => signInOffice(request, signedIn, pending.redirectTo),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Office sign-in: code' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function OfficeLoginCode({ loaderData: { alert, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'office-login-code',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/auth').then((contract) => contract.staffCodeFormSchema)),
	})
	const busy = useIsSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-10">
			<Notices alert={alert} />
			<h1 className="text-3xl font-semibold text-brand-900">Office sign-in</h1>
			<p className="mt-2 text-slate-700">
				Your password is right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes if you do not have your phone.
			</p>
			<Form method="post" {...formProps} className="mt-6 space-y-4">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sCode} label="Code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
				<SubmitButton disabled={busy} className="w-full">
					{busy ? 'Checking…' : 'Sign in'}
				</SubmitButton>
			</Form>
			<p className="mt-6 text-sm text-slate-700">
				Lost your phone and your recovery codes? An administrator can turn off your two-factor sign-in on the server with{' '}
				<code>npm run office -- reset-two-factor</code>.{' '}
				<a className="font-medium text-brand-700 underline" href="/office/login">
					Start again
				</a>
			</p>
		</div>
	)
}
