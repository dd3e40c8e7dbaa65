// /office/popup: the home page's welcome popup (decision 0051): title, text, on or off, the India
// calendar days it shows between, and an optional picture. A save shows on the home page at once.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome, replyFileRefused, uploadOf } from '~/.server/office-form'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { loadMediaBaseUrl } from '~/.server/replies'
import { dataOf } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PictureUpload } from '~/components/office/picture-upload'
import { ResponsiveImg } from '~/components/responsive-image'
import { apiTable } from '~/contract/table'
import { POPUP_MESSAGES, popupFormSchema, type OfficePopup } from '~/contract/welcome-popup'
import { formatDay } from '~/utils/kolkata-date'
import type { Route } from './+types/popup'

const BACK = '/office/popup'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officePopup.save)
	const [popup, mediaBaseUrl] = await Promise.all([api.officePopup.details({}).then(dataOf), loadMediaBaseUrl(api)])
	// The form's fields and starting values: the browser loads the popup schema only for its checks.
	const formSpec = {
		constraint: getZodConstraint(popupFormSchema),
		defaultValue: {
			sTitle: popup.sTitle,
			sText: popup.sText,
			bIsOn: popup.bIsOn ? 'on' : undefined,
			dShowFrom: popup.dShowFrom ?? '',
			dShowUntil: popup.dShowUntil ?? '',
		},
	}
	return { popup, mediaBaseUrl, formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officePopup.save)
	return officeAction(
		args.request,
		{
			picture: async (formData) => {
				const answer = await api.officePopup.addPicture({ body: uploadOf(formData, ['file', 'sAlt']) })
				return answer.ok ? redirectWithOfficeAlert(session, BACK, answer.message) : replyFileRefused(answer)
			},
			'remove-picture': async () => alertOutcome(session, await api.officePopup.removePicture({}), BACK),
			save: (formData) =>
				officeForm(formData, {
					schema: popupFormSchema.transform(({ bIsOn, dShowFrom, dShowUntil, ...words }) => ({
						...words,
						bIsOn: bIsOn ?? false,
						dShowFrom: dShowFrom ?? null,
						dShowUntil: dShowUntil ?? null,
					})),
					call: (value) => api.officePopup.save({ body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
					done: (answer) => redirectWithOfficeAlert(session, BACK, answer.message),
					conflict: async (yours) => {
						// Someone else saved first: both versions, the typed one kept in the form.
						const current = dataOf(await api.officePopup.details({}))
						return { fields: conflictFields(yours, current), nVersion: current.nVersion }
					},
				}),
		},
		'save',
	)
}

const days = (from: string | null, until: string | null) => `${from ? formatDay(from) : 'any day'} to ${until ? formatDay(until) : 'any day'}`

function conflictFields(
	yours: { sTitle: string; sText: string; bIsOn: boolean; dShowFrom: string | null; dShowUntil: string | null },
	current: OfficePopup,
): ConflictField[] {
	return [
		{ label: 'Title', yours: yours.sTitle, current: current.sTitle },
		{ label: 'Text', yours: yours.sText, current: current.sText },
		{ label: 'On', yours: yours.bIsOn ? 'yes' : 'no', current: current.bIsOn ? 'yes' : 'no' },
		{ label: 'Days', yours: days(yours.dShowFrom, yours.dShowUntil), current: days(current.dShowFrom, current.dShowUntil) },
	]
}

export const meta: Route.MetaFunction = () => [{ title: 'Welcome popup | Office' }]

/** What the home page does with the popup today, in words. */
function stateOf(popup: OfficePopup) {
	if (!popup.bIsOn) return 'Off: the home page shows no popup.'
	if (popup.bIsShowing) return `On: shown once per browser session on the home page${popup.dShowUntil ? ` until ${formatDay(popup.dShowUntil)}` : ''}.`
	return `On, but not today: it shows ${days(popup.dShowFrom, popup.dShowUntil)} (India time).`
}

function Picture({ popup, mediaBaseUrl, errors }: { popup: OfficePopup; mediaBaseUrl: string; errors?: Record<string, string[]> }) {
	return (
		<section aria-labelledby="picture-title" className="mt-10">
			<h2 id="picture-title" className="text-xl font-semibold text-brand-900">
				Picture
			</h2>
			{popup.oImage ? (
				<div className="mt-3 max-w-sm rounded border border-slate-200 p-2">
					<ResponsiveImg image={popup.oImage} mediaBaseUrl={mediaBaseUrl} sizes="24rem" className="h-auto w-full" />
					<p className="mt-1 text-sm">{popup.oImage.sAlt}</p>
					<Form method="post">
						<button type="submit" name="intent" value="remove-picture" className="min-h-11 font-medium text-brand-700 underline">
							Remove the picture
						</button>
					</Form>
				</div>
			) : (
				<p className="mt-2 text-slate-700">No picture: the popup shows its title and text.</p>
			)}
			<PictureUpload
				id="popup-picture"
				label={popup.oImage ? 'New picture' : 'Picture'}
				submitLabel={popup.oImage ? 'Replace the picture' : 'Add the picture'}
				errors={errors}
			/>
		</section>
	)
}

export default function PopupEdit({ loaderData: { popup, mediaBaseUrl, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as { conflict?: ConflictField[]; currentVersion?: number; fileErrors?: Record<string, string[]> } | undefined
	const [form, fields, formProps] = useCheckedForm({
		id: 'welcome-popup',
		lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
		constraint: formSpec.constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/welcome-popup').then((contract) => contract.popupFormSchema)),
		defaultValue: formSpec.defaultValue,
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage
			title="Welcome popup"
			lead={
				<>
					{stateOf(popup)}{' '}
					<Link to="/" className={linkClass}>
						The home page
					</Link>
				</>
			}
		>
			{refused?.conflict ? <ConflictNotice message={POPUP_MESSAGES.conflict} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<input type="hidden" name="nVersion" value={refused?.currentVersion ?? popup.nVersion} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" className="sm:col-span-2" />
				<TextareaField meta={fields.sText} label="Text" rows={4} className="sm:col-span-2" />
				<CheckboxField meta={fields.bIsOn} label="On: the home page shows the popup" className="sm:col-span-2" />
				<TextField meta={fields.dShowFrom} label="Shown from (first day, India time; empty: from now)" type="date" />
				<TextField meta={fields.dShowUntil} label="Shown until (last day, India time; empty: no end)" type="date" />
				<div className="sm:col-span-2">
					<SubmitButton name="intent" value="save" disabled={busy}>
						{busy ? 'Saving…' : 'Save the popup'}
					</SubmitButton>
				</div>
			</Form>
			<Picture popup={popup} mediaBaseUrl={mediaBaseUrl} errors={refused?.fileErrors} />
		</OfficePage>
	)
}
