import { useEffect, useRef } from 'react'
import type { Popup } from '~/contract/welcome-popup'
import { ResponsiveImg } from './responsive-image'
import { showWelcomePopupOnce } from './welcome-popup-once'

/**
 * The welcome popup (docs/spec.md §2, §4) as the office set it, shown once per browser session on the home page. The server
 * renders it open, and native `method="dialog"` forms close it without JavaScript; with
 * JavaScript it becomes a modal once per session (welcome-popup-once.ts; the island does the same).
 */
export function WelcomePopup({ popup, mediaBaseUrl }: { popup: Popup; mediaBaseUrl: string }) {
	const ref = useRef<HTMLDialogElement>(null)

	useEffect(() => {
		if (ref.current) showWelcomePopupOnce(ref.current)
	}, [])

	return (
		<dialog
			ref={ref}
			open
			aria-labelledby="welcome-title"
			className="welcome-popup fixed inset-0 z-50 m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg bg-white p-0 shadow-[0_0_0_100vmax_rgb(13_42_80/0.55)] open:flex open:flex-col"
		>
			<form method="dialog" className="flex justify-end p-2">
				<button
					type="submit"
					aria-label="Close"
					className="rounded px-3 py-1 text-2xl leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
				>
					×
				</button>
			</form>
			<div className="px-6 pb-6 text-center">
				<h2 id="welcome-title" className="text-2xl font-semibold text-brand-900">
					{popup.sTitle}
				</h2>
				{popup.oImage ? (
					<ResponsiveImg
						image={popup.oImage}
						mediaBaseUrl={mediaBaseUrl}
						sizes="(min-width: 36rem) 29rem, calc(100vw - 5rem)"
						priority
						className="mx-auto mt-4 h-auto w-full rounded"
					/>
				) : null}
				<p className="mt-4 text-lg whitespace-pre-line text-slate-700">{popup.sText}</p>
				<form method="dialog" className="mt-6">
					<button
						type="submit"
						className="rounded bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						Continue to Site
					</button>
				</form>
			</div>
		</dialog>
	)
}
