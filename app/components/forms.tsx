// The form kit every page uses (conform + zod): a label on every field, errors beside it, the
// value kept after a failed post. Field names come from the contract's schemas (app/contract).
import { useNavigation } from 'react-router'
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { ERROR_LIST_CLASS } from './class-names'
import { keepTypedText } from './typed-before-scripts'
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

/** The look of every text field and select, in forms and in GET filter forms alike. */
export const controlClass =
	'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
	'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 ' +
	'aria-[invalid=true]:border-red-700 disabled:bg-slate-100'

type InputType = Exclude<Parameters<typeof getInputProps>[1]['type'], 'checkbox' | 'radio'>
type Meta = FieldMetadata<string | number | boolean | undefined | null>

/** Errors of one field (or of the whole form), announced to screen readers as they appear. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className={ERROR_LIST_CLASS}>
			{errors.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

/** A hint under a field, tied to it with aria-describedby. */
function Hint({ id, children }: { id: string; children?: ReactNode }) {
	return children ? (
		<p id={id} className="mt-1 text-sm text-slate-600">
			{children}
		</p>
	) : null
}

// Each field's element is keyed by its id: another field drawn in its place (a form that switches its
// fields) gets a fresh element, so no attribute of the old one (a maxlength, say) lingers.
type FieldProps<P> = { meta: Meta; label: ReactNode; hint?: ReactNode; className?: string } & Omit<P, 'id' | 'name' | 'form' | 'defaultValue' | 'type'>

export function TextField({ meta, label, hint, className, type = 'text', ...rest }: FieldProps<InputHTMLAttributes<HTMLInputElement>> & { type?: InputType }) {
	const hintId = `${meta.id}-hint`
	// Passwords are never sent back to the page: a failed post shows the field empty.
	const { key, ...input } = getInputProps(meta, { type, value: type !== 'password', ariaDescribedBy: hint ? hintId : undefined })
	return (
		<div key={meta.id} className={className}>
			<label htmlFor={meta.id} className="block font-medium text-slate-800">
				{label}
			</label>
			<input key={key} {...input} {...rest} className={controlClass} />
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

export function TextareaField({ meta, label, hint, className, ...rest }: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
	const hintId = `${meta.id}-hint`
	const { key, ...textarea } = getTextareaProps(meta, { ariaDescribedBy: hint ? hintId : undefined })
	return (
		<div key={meta.id} className={className}>
			<label htmlFor={meta.id} className="block font-medium text-slate-800">
				{label}
			</label>
			<textarea key={key} ref={keepTypedText} {...textarea} {...rest} className={controlClass} />
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

export type Option = { value: string; label: string }

export function SelectField({
	meta,
	label,
	hint,
	className,
	options,
	placeholder = 'Choose…',
	...rest
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly Option[]; placeholder?: string }) {
	const hintId = `${meta.id}-hint`
	const { key, ...select } = getSelectProps(meta, { ariaDescribedBy: hint ? hintId : undefined })
	return (
		<div key={meta.id} className={className}>
			<label htmlFor={meta.id} className="block font-medium text-slate-800">
				{label}
			</label>
			<select key={key} {...select} {...rest} className={controlClass}>
				<option value="">{placeholder}</option>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

export function CheckboxField({ meta, label, hint, className, ...rest }: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
	const hintId = `${meta.id}-hint`
	const { key, ...checkbox } = getInputProps(meta, { type: 'checkbox', ariaDescribedBy: hint ? hintId : undefined })
	return (
		<div key={meta.id} className={className}>
			<div className="flex items-start gap-2">
				<input key={key} {...checkbox} {...rest} className="mt-1 size-5 accent-brand-700" />
				<label htmlFor={meta.id} className="font-medium text-slate-800">
					{label}
				</label>
			</div>
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

const buttonTone = {
	primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
	secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:text-slate-400',
} as const

/** The look of a button, also for a link that acts as one (a step that needs no post). */
export const buttonClass = (tone: keyof typeof buttonTone = 'primary') =>
	`inline-block rounded px-5 py-2 text-center font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${buttonTone[tone]}`

/** A submit button; `name="intent"` with a value picks the step of a multi-step form without JavaScript. */
export function SubmitButton({
	tone = 'primary',
	className = '',
	...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { tone?: keyof typeof buttonTone }) {
	return <button type="submit" {...rest} className={`${buttonClass(tone)} ${className}`} />
}

/**
 * True while a form of this page is being sent: buttons say so and take no second press. With
 * `intent`, only while the form sent that `intent` (a page of several forms), until the next page
 * is shown; with fields (`{ iPhotoId: '7' }`), only while the form sent those values.
 */
export function useIsSubmitting(intent?: string | Record<string, string>) {
	const { state, formData } = useNavigation()
	if (intent === undefined) return state === 'submitting'
	const sent = typeof intent === 'string' ? { intent } : intent
	return formData !== undefined && Object.entries(sent).every(([name, value]) => formData.get(name) === value)
}
