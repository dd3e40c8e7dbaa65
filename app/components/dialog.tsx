import { useEffect, useId, useRef, type ReactNode } from 'react'
import { DIALOG_CLASS } from './class-names'

type DialogProps = {
	open: boolean
	title: string
	tone?: keyof typeof DIALOG_CLASS.titleTone
	/** Called when the dialog closes (Escape, a `method="dialog"` button, or `open` turning false). */
	onClose?: () => void
	children: ReactNode
	/** The buttons; by default one Close button in a `method="dialog"` form. */
	actions?: ReactNode
}

/**
 * A dialog the server can render open (it then works without JavaScript: its buttons are native
 * `method="dialog"` forms or real posts) and that becomes a modal once scripts run: focus stays
 * inside, Escape closes it, the page behind is inert.
 */
export function Dialog({ open, title, tone = 'neutral', onClose, children, actions }: DialogProps) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()

	useEffect(() => {
		const dialog = ref.current
		if (!dialog) return
		if (open && !dialog.matches(':modal')) {
			// Server-rendered open, but not modal yet: reopen it as a modal.
			if (dialog.open) dialog.close()
			dialog.showModal()
		}
		if (!open && dialog.open) dialog.close()
	}, [open])

	return (
		<dialog
			ref={ref}
			open={open}
			aria-labelledby={titleId}
			// Upgrading a server-rendered dialog to a modal closes and reopens it: that close is not the user's.
			onClose={(event) => {
				if (!event.currentTarget.open) onClose?.()
			}}
			className={DIALOG_CLASS.dialog}
		>
			<h2 id={titleId} className={`${DIALOG_CLASS.title} ${DIALOG_CLASS.titleTone[tone]}`}>
				{title}
			</h2>
			<div className={DIALOG_CLASS.body}>{children}</div>
			<div className={DIALOG_CLASS.actions}>
				{actions ?? (
					<form method="dialog">
						<button type="submit" className={DIALOG_CLASS.closeButton}>
							Close
						</button>
					</form>
				)}
			</div>
		</dialog>
	)
}
