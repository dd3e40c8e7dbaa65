// The page that asks before a step that cannot be undone (a delete, a withdrawal, a cancellation):
// what will happen, one button that posts, and a way back that keeps things as they are. Works the
// same with and without JavaScript.
import { Form, Link } from 'react-router'
import { ErrorList, SubmitButton } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'

type Props = {
	title: string
	children: React.ReactNode
	confirmLabel: string
	keepTo: string
	keepLabel?: string
	/** The step may not be taken: the page only says why, with no button. */
	blocked?: boolean
	/** The record's version, sent with the step the API checks it for. */
	version?: number
	/** The API's refusal of the step, said above the button. */
	error?: string
}

export function ConfirmPage({ title, children, confirmLabel, keepTo, keepLabel = 'Keep it', blocked = false, version, error }: Props) {
	return (
		<OfficePage title={title}>
			{children}
			<ErrorList errors={error ? [error] : undefined} />
			<div className="mt-6 flex flex-wrap items-center gap-4">
				{blocked ? null : (
					<Form method="post">
						{version === undefined ? null : <input type="hidden" name="nVersion" value={version} />}
						<SubmitButton>{confirmLabel}</SubmitButton>
					</Form>
				)}
				<Link to={keepTo} className={linkClass}>
					{keepLabel}
				</Link>
			</div>
		</OfficePage>
	)
}
