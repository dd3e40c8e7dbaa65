// What an office action answered ("The payment is confirmed…"). Unlike the public site's alerts
// (docs/spec.md §4: gone after 3 s) it stays, in the page's flow above the content, until the clerk
// dismisses it or moves on: a clerk reads it while looking at the record it is about.
import { useState } from 'react'
import { useLocation } from 'react-router'
import type { Alert } from '~/utils/page-data'

const tone: Record<Alert['kind'], string> = {
	success: 'border-green-700 bg-green-50 text-green-900',
	error: 'border-red-700 bg-red-50 text-red-900',
	info: 'border-brand-700 bg-brand-50 text-brand-900',
}

export function OfficeNotice({ alert, className = '' }: { alert: Alert | null; className?: string }) {
	const location = useLocation()
	// The layout's data (and so the alert) can outlive a move to another office page, which may run
	// only that page's loader: the alert belongs to the address it arrived with, and goes with the next.
	const [origin, setOrigin] = useState(alert ? { id: alert.id, key: location.key } : null)
	const [dismissed, setDismissed] = useState<string | null>(null)
	if (alert && origin?.id !== alert.id) setOrigin({ id: alert.id, key: location.key })
	const visible = alert && alert.id !== dismissed && (origin?.id !== alert.id || origin.key === location.key)
	return (
		<div aria-live="polite" data-print="hide" className={className}>
			{visible ? (
				<div
					role={alert.kind === 'error' ? 'alert' : 'status'}
					className={`mt-4 flex items-start justify-between gap-4 rounded border-l-4 px-4 py-3 ${tone[alert.kind]}`}
				>
					<p>{alert.text}</p>
					{/* Without JavaScript, the same page again: its flash is spent, so the notice is gone. */}
					<a
						href={`${location.pathname}${location.search}`}
						onClick={(event) => {
							event.preventDefault()
							setDismissed(alert.id)
						}}
						className="shrink-0 font-medium underline underline-offset-2"
					>
						Dismiss<span className="sr-only"> this message</span>
					</a>
				</div>
			) : null}
		</div>
	)
}
