// Fields the registration and profile forms share: the state and city pickers, and a member's
// firm, GST and update preferences. Names and rules come from the contract's schemas.
import type { FieldMetadata } from '@conform-to/react'
import { useFetcher } from 'react-router'
import type { StateRef } from '~/contract/accounts'
import { CheckboxField, ErrorList, SelectField, SubmitButton, TextField, useIsSubmitting } from './forms'
import { useHydrated } from './use-hydrated'

type Meta = FieldMetadata<string | number | boolean | undefined | null>
type PlaceMeta = { oState: FieldMetadata<{ sCode: string; sName?: string }>; oCity: FieldMetadata<{ sName: string }> }

/**
 * State, then its cities. Without JavaScript "Show cities" re-renders the form with the chosen
 * state's cities (every value kept); with it, the list follows the state as it changes.
 */
export function PlaceFields({ fields, states, cities }: { fields: PlaceMeta; states: StateRef[]; cities: string[] }) {
	const hydrated = useHydrated()
	const fetcher = useFetcher<{ cities: string[] }>()
	const state = fields.oState.getFieldset().sCode as Meta
	const city = fields.oCity.getFieldset().sName as Meta
	const shown = fetcher.data?.cities ?? cities
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<div>
				<SelectField
					meta={state}
					label="State or union territory"
					options={states.map((s) => ({ value: s.sCode, label: s.sName }))}
					onChange={(event) => fetcher.load(`/places/cities?oState=${encodeURIComponent(event.currentTarget.value)}`)}
				/>
				{hydrated ? null : (
					<SubmitButton tone="secondary" name="intent" value="choose-state" formNoValidate className="mt-2">
						Show cities
					</SubmitButton>
				)}
			</div>
			<SelectField
				meta={city}
				label="City or district"
				options={shown.map((name) => ({ value: name, label: name }))}
				placeholder={shown.length ? 'Choose…' : 'Choose a state first'}
			/>
		</div>
	)
}

type MemberMeta = Record<
	'sFirmCompanyName' | 'bIsGSTNumberAvailable' | 'sGSTNumber' | 'sConfirmGSTNumber' | 'bIsGetUpdateOnEmail' | 'bIsGetUpdateOnWhatsapp',
	Meta
>

export function MemberFirmFields({ fields }: { fields: MemberMeta }) {
	return (
		<>
			<TextField meta={fields.sFirmCompanyName} label="Firm or company name" autoComplete="organization" />
			<CheckboxField meta={fields.bIsGSTNumberAvailable} label="I have a GST number" />
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField meta={fields.sGSTNumber} label="GST number (if you have one)" autoCapitalize="characters" maxLength={15} />
				<TextField meta={fields.sConfirmGSTNumber} label="Confirm GST number" autoCapitalize="characters" maxLength={15} />
			</div>
			<fieldset className="space-y-2">
				<legend className="font-medium text-slate-800">Updates from the branch</legend>
				<CheckboxField meta={fields.bIsGetUpdateOnEmail} label="By e-mail" />
				<CheckboxField meta={fields.bIsGetUpdateOnWhatsapp} label="On WhatsApp" />
			</fieldset>
		</>
	)
}

/** A picture chooser; the form posts the file to its action, which runs the pre-signed upload. */
export function PictureField({ meta, current, mediaUrl }: { meta: Meta; current?: string; mediaUrl?: string }) {
	const uploaded = meta.value as string | undefined
	const stored = uploaded || current
	return (
		<div>
			<input type="hidden" name={meta.name} value={(meta.value as string | undefined) ?? ''} />
			<label htmlFor="profile-picture" className="block font-medium text-slate-800">
				Profile picture (JPEG, PNG or WebP, up to 5 MB)
			</label>
			{stored && mediaUrl ? (
				<img src={`${mediaUrl}${stored}`} alt="Your profile picture" width={96} height={96} className="mt-2 size-24 rounded-full object-cover" />
			) : null}
			{uploaded ? <p className="mt-1 text-sm text-green-800">Picture received. Choose another file to replace it.</p> : null}
			{!uploaded && current ? <p className="mt-1 text-sm text-slate-600">Your current picture. Choose a file to replace it.</p> : null}
			<input
				id="profile-picture"
				type="file"
				name="file"
				accept="image/jpeg,image/png,image/webp"
				aria-describedby={meta.errorId}
				className="mt-1 block w-full text-base"
			/>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

/** Above a form: what the last step did (an OTP sent), then the form's own errors. */
export function FormNotices({ notice, errorId, errors }: { notice?: string; errorId: string; errors?: string[] }) {
	return (
		<>
			{notice ? (
				<p role="status" className="rounded border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
					{notice}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</>
	)
}

/** The first step of a form that needs an OTP: its own submit button (`intent=send-otp`). */
export function SendOtpButton({ busy }: { busy: boolean }) {
	return (
		<SubmitButton name="intent" value="send-otp" disabled={busy}>
			Send OTP
		</SubmitButton>
	)
}

/** The OTP field of the second step. */
export function OtpField({ meta, hint }: { meta: Meta; hint?: string }) {
	return <TextField meta={meta} label="OTP from the e-mail" inputMode="numeric" autoComplete="one-time-code" maxLength={6} hint={hint} />
}

/** Where a multi-step form stands after its last post: busy, and the note to show. */
export function useOtpStep(actionData: object | undefined) {
	const busy = useIsSubmitting()
	const notice = actionData && 'notice' in actionData ? String(actionData.notice) : ''
	return { busy, notice }
}
