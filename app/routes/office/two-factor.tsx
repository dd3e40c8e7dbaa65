// /office/two-factor: every staff user's own two-factor sign-in. Off: the key as a QR code and
// written out, and a code of the app with the password again to turn it on, which shows the ten
// recovery codes once. On: a current code turns it off (unless a live deployment requires it of the role).
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { apiPublicKey } from '~/.server/accounts'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm } from '~/.server/office-form'
import { commitOfficeSession, redirectWithOfficeAlert } from '~/.server/office-session'
import { encryptPasswords } from '~/.server/password-encryption'
import { qrCodeImage } from '~/.server/qr-code'
import { dataOf } from '~/.server/replies'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { OfficePage } from '~/components/office/office-nav'
import { TWO_FACTOR_PAGE, twoFactorCodeFormSchema, twoFactorConfirmSchema } from '~/contract/office/two-factor'
import { apiTable } from '~/contract/table'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/two-factor'

const entry = apiTable.officeTwoFactor.status

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, entry)
	const status = dataOf(await api.officeTwoFactor.status({}))
	const constraint = getZodConstraint(twoFactorCodeFormSchema)
	if (status.bEnabled) return { status, constraint, setup: null }
	const confirmConstraint = getZodConstraint(twoFactorConfirmSchema)
	// The key being set up: the same one each time the page is opened, until a code confirms it.
	const { sSecret, sOtpauthUri } = dataOf(await api.officeTwoFactor.setup({}))
	return { status, constraint: confirmConstraint, setup: { secret: sSecret.replace(/(.{4})/g, '$1 ').trim(), qrCode: await qrCodeImage(sOtpauthUri) } }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, entry)
	return officeAction(
		args.request,
		{
			disable: (formData) =>
				officeForm(formData, {
					schema: twoFactorCodeFormSchema,
					call: (body) => api.officeTwoFactor.disable({ body }),
					done: (answer) => redirectWithOfficeAlert(session, TWO_FACTOR_PAGE, answer.message),
				}),
			confirm: (formData) =>
				officeForm(formData, {
					schema: twoFactorConfirmSchema,
					call: async (value) => api.officeTwoFactor.confirm({ body: encryptPasswords(await apiPublicKey(api), value) }),
					done: async (answer) => {
						// Shown in this answer only: the API keeps just their digests.
						session.unset('twoFactorSetupDue')
						return data(
							{ recoveryCodes: answer.data.aRecoveryCodes, message: answer.message },
							{ headers: { 'set-cookie': await commitOfficeSession(session) } },
						)
					},
				}),
		},
		'confirm',
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor sign-in | Office' }]

function CodeForm({
	intent,
	constraint,
	lastResult,
	label,
}: {
	intent: 'confirm' | 'disable'
	constraint: FormConstraint
	lastResult?: Parameters<typeof useCheckedForm>[0]['lastResult']
	label: string
}) {
	const [form, fields, formProps] = useCheckedForm<{ sCode: string; sPassword?: string }>({
		id: `two-factor-${intent}`,
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() =>
			import('~/contract/office/two-factor').then((contract) => (intent === 'confirm' ? contract.twoFactorConfirmSchema : contract.twoFactorCodeFormSchema)),
		),
	})
	const busy = useIsSubmitting()
	return (
		<Form method="post" {...formProps} className="max-w-sm space-y-4">
			<input type="hidden" name="intent" value={intent} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sCode} label="Code from the app" inputMode="numeric" autoComplete="one-time-code" />
			{intent === 'confirm' ? (
				<TextField
					meta={fields.sPassword}
					label="Your password"
					type="password"
					autoComplete="current-password"
					hint="Asked again, so that only you can turn it on"
				/>
			) : null}
			<SubmitButton disabled={busy}>{label}</SubmitButton>
		</Form>
	)
}

export default function TwoFactor({ loaderData: { status, constraint, setup }, actionData }: Route.ComponentProps) {
	const turnedOn = actionData as { recoveryCodes?: string[]; message?: string } | undefined
	const recoveryCodes = turnedOn?.recoveryCodes
	if (recoveryCodes) {
		return (
			<OfficePage title="Two-factor sign-in" lead={turnedOn.message}>
				<section aria-labelledby="recovery-codes" className="max-w-xl space-y-4">
					<h2 id="recovery-codes" className="text-xl font-semibold text-brand-900">
						Your recovery codes
					</h2>
					<p className="text-slate-700">
						Each signs you in once instead of a code of the app, if you lose your phone. Print them or write them down now: they are not shown again.
					</p>
					<ul className="grid grid-cols-2 gap-2 rounded border border-slate-300 bg-slate-50 p-4 font-mono text-lg">
						{recoveryCodes.map((code) => (
							<li key={code}>{code}</li>
						))}
					</ul>
					<p>
						<a className="font-medium text-brand-700 underline" href="/office">
							I have kept them: on to the office
						</a>
					</p>
				</section>
			</OfficePage>
		)
	}
	const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
	if (status.bEnabled) {
		return (
			<OfficePage
				title="Two-factor sign-in"
				lead={`On since ${formatInstantDay(status.dEnabledAt!)}. Signing in asks for your password and then a code of your authenticator app.`}
			>
				<p className="mb-6 text-slate-700">
					{status.nRecoveryCodesLeft} of 10 recovery codes are unused. {status.bRequired ? 'Your role keeps two-factor sign-in on here.' : null}
				</p>
				{status.bRequired ? null : (
					<>
						<h2 className="mb-2 text-xl font-semibold text-brand-900">Turn it off</h2>
						<CodeForm intent="disable" constraint={constraint} lastResult={lastResult} label="Turn off two-factor sign-in" />
					</>
				)}
			</OfficePage>
		)
	}
	return (
		<OfficePage
			title="Two-factor sign-in"
			lead={`${status.bRequired ? 'Required for your role here. ' : ''}With it, signing in asks for your password and then a code of an authenticator app on your phone, so a guessed or overheard password is not enough.`}
		>
			<ol className="max-w-2xl list-decimal space-y-6 pl-6">
				<li>
					<p>In your authenticator app (for example Google Authenticator, Microsoft Authenticator, FreeOTP or Aegis), add an account by scanning this code:</p>
					<img src={setup!.qrCode} alt="QR code of your two-factor key" width={200} height={200} className="mt-3 border border-slate-200" />
					<p className="mt-3">
						Or type the key in: <code className="rounded bg-slate-100 px-2 py-1 font-mono text-lg break-all">{setup!.secret}</code>
					</p>
				</li>
				<li>
					<p className="mb-3">Enter the 6-digit code the app now shows, and your password:</p>
					<CodeForm intent="confirm" constraint={constraint} lastResult={lastResult} label="Turn on two-factor sign-in" />
				</li>
			</ol>
		</OfficePage>
	)
}
