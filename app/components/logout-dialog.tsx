// The navbar's Logout (docs/spec.md §2): a link to the confirmation page; with JavaScript it opens the
// same question as a dialog instead, whose Yes posts to that page's action.
import { useState } from 'react'
import { Form, NavLink } from 'react-router'
import { MESSAGES } from '~/contract/constants'
import { Dialog } from './dialog'

const buttonClass = 'rounded px-5 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export function LogoutLink({ className }: { className: (state: { isActive: boolean }) => string }) {
	const [open, setOpen] = useState(false)
	return (
		<>
			<NavLink
				to="/logout"
				className={className}
				onClick={(event) => {
					event.preventDefault()
					setOpen(true)
				}}
			>
				Logout
			</NavLink>
			{open ? (
				<Dialog
					open
					title="Confirmation"
					onClose={() => setOpen(false)}
					actions={
						<>
							<button
								type="button"
								onClick={() => setOpen(false)}
								className={`${buttonClass} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
							>
								No
							</button>
							<Form method="post" action="/logout" onSubmit={() => setOpen(false)}>
								<button type="submit" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
									Yes
								</button>
							</Form>
						</>
					}
				>
					<p>{MESSAGES.logoutQuestion}</p>
				</Dialog>
			) : null}
		</>
	)
}
