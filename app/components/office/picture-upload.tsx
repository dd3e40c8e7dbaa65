// A picture sent on its own with what it shows (an event's pictures, the popup's picture): the
// file and its description, their refusals beside them, and the message above.
import { Form } from 'react-router'
import { controlClass, ErrorList, SubmitButton, useIsSubmitting } from '~/components/forms'
import { FileField } from './file-field'

type Props = { id: string; label: string; submitLabel: string; errors?: Record<string, string[]> }

export function PictureUpload({ id, label, submitLabel, errors }: Props) {
	const busy = useIsSubmitting('picture')
	return (
		<Form method="post" encType="multipart/form-data" className="mt-4 grid gap-3 rounded border border-slate-200 p-4 sm:grid-cols-2">
			<ErrorList errors={errors?.form} />
			<FileField
				id={`${id}-file`}
				name="file"
				label={`${label} (JPEG, PNG or WebP, up to 5 MB)`}
				accept="image/jpeg,image/png,image/webp"
				required
				errors={errors?.file}
			/>
			<div>
				<label htmlFor={`${id}-alt`} className="block font-medium text-slate-800">
					What the picture shows (for people who cannot see it)
				</label>
				<input
					id={`${id}-alt`}
					name="sAlt"
					required
					maxLength={200}
					aria-invalid={errors?.sAlt ? true : undefined}
					aria-describedby={errors?.sAlt ? `${id}-alt-error` : undefined}
					className={controlClass}
				/>
				<ErrorList id={`${id}-alt-error`} errors={errors?.sAlt} />
			</div>
			<div className="sm:col-span-2">
				<SubmitButton name="intent" value="picture" disabled={busy}>
					{busy ? 'Uploading…' : submitLabel}
				</SubmitButton>
			</div>
		</Form>
	)
}
