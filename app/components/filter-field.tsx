import { cloneElement, type ReactElement } from 'react'
import { Link } from 'react-router'
import { controlClass, SubmitButton } from './forms'

type Props = { label: string; name: string; errors?: string[]; children: ReactElement<React.InputHTMLAttributes<HTMLElement>> }

/** One control of a GET filter form: its label, and the server's error beside it for a bad address. */
export function FilterField({ label, name, errors, children }: Props) {
	const id = `filter-${name}`
	const errorId = `${id}-error`
	return (
		<div>
			<label htmlFor={id} className="block font-medium text-slate-800">
				{label}
			</label>
			{cloneElement(children, {
				id,
				name,
				className: controlClass,
				'aria-invalid': errors?.length ? true : undefined,
				'aria-describedby': errors?.length ? errorId : undefined,
			})}
			{errors?.length ? (
				<p id={errorId} className="mt-1 text-sm font-medium text-red-800">
					{errors.join(' ')}
				</p>
			) : null}
		</div>
	)
}

/** A filter form's submit button, and a link back to the unfiltered list once a filter is set. */
export function FilterActions({ label, clearTo, filtered }: { label: string; clearTo: string; filtered: boolean }) {
	return (
		<div className="flex items-center gap-4">
			<SubmitButton>{label}</SubmitButton>
			{filtered ? (
				<Link to={clearTo} className="font-medium text-brand-700 underline underline-offset-4">
					Clear
				</Link>
			) : null}
		</div>
	)
}
