// A file input with its label and its errors beside it, for the office's upload forms.
import { ErrorList } from '~/components/forms'

type Props = { id: string; name: string; label: string; accept: string; errors?: string[]; required?: boolean; multiple?: boolean; hint?: string }

export function FileField({ id, name, label, accept, errors, required, multiple, hint }: Props) {
	const describedBy = [hint ? `${id}-hint` : null, errors ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div>
			<label htmlFor={id} className="block font-medium text-slate-800">
				{label}
			</label>
			{hint ? (
				<p id={`${id}-hint`} className="text-sm text-slate-700">
					{hint}
				</p>
			) : null}
			<input
				id={id}
				name={name}
				type="file"
				accept={accept}
				required={required}
				multiple={multiple}
				aria-invalid={errors ? true : undefined}
				aria-describedby={describedBy || undefined}
				className="mt-1 block w-full"
			/>
			<ErrorList id={`${id}-error`} errors={errors} />
		</div>
	)
}
