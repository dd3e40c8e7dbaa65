// The page that asks before something is deleted for good: what goes, one button that posts, and
// a way back that keeps it. Works the same with and without JavaScript.
import { Form, Link } from 'react-router'
import { SubmitButton } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'

type Props = { title: string; children: React.ReactNode; confirmLabel: string; keepTo: string; keepLabel?: string }

export function ConfirmDelete({ title, children, confirmLabel, keepTo, keepLabel = 'Keep it' }: Props) {
	return (
		<OfficePage title={title}>
			{children}
			<div className="mt-6 flex flex-wrap items-center gap-4">
				<Form method="post">
					<SubmitButton>{confirmLabel}</SubmitButton>
				</Form>
				<Link to={keepTo} className={linkClass}>
					{keepLabel}
				</Link>
			</div>
		</OfficePage>
	)
}
