import { useEffect, useId, useRef, type ReactNode } from 'react'

const titleTone = {
	neutral: 'text-brand-900',
	success: 'text-green-800',
	error: 'text-red-800',
} as const

type DialogProps = {
	open: boolean
	title: string
	tone?: keyof typeof titleTone
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
			className="fixed inset-0 z-50 m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg bg-white p-6 shadow-[0_0_0_100vmax_rgb(13_42_80/0.55)] backdrop:bg-brand-900/55"
		>
			<h2 id={titleId} className={`text-xl font-semibold ${titleTone[tone]}`}>
				{title}
			</h2>
			<div className="mt-3 text-slate-800">{children}</div>
			<div className="mt-6 flex justify-end gap-3">
				{actions ?? (
					<form method="dialog">
						<button
							type="submit"
							className="rounded bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
						>
							Close
						</button>
					</form>
				)}
			</div>
		</dialog>
	)
}
