import { cloneElement, type ReactElement } from 'react'

const filterControlClass =
	'mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
	'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700'

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
				className: filterControlClass,
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
