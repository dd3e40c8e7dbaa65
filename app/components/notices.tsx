import type { Alert } from '~/utils/page-data'

const tone: Record<Alert['kind'], string> = {
	success: 'border-green-700 bg-green-50 text-green-900',
	error: 'border-red-700 bg-red-50 text-red-900',
	info: 'border-brand-700 bg-brand-50 text-brand-900',
}

const placement: Record<Alert['variant'], string> = {
	alert: 'top-4 justify-center',
	toast: 'bottom-4 justify-end',
}

/**
 * The alert or toast a redirect carried through the session. It hides itself (alert 3000 ms,
 * toast 5000 ms) by a CSS animation, so the rule holds with JavaScript off too (docs/spec.md §4, §9).
 */
export function Notices({ alert }: { alert: Alert | null }) {
	const variant = alert?.variant ?? 'alert'
	return (
		<div aria-live="polite" className={`pointer-events-none fixed inset-x-0 z-40 flex px-4 ${placement[variant]}`}>
			{alert ? (
				<p
					key={alert.id}
					role={alert.kind === 'error' ? 'alert' : 'status'}
					data-variant={variant}
					className={`autohide-${variant} rounded border-l-4 px-4 py-3 shadow-lg ${tone[alert.kind]}`}
				>
					{alert.text}
				</p>
			) : null}
		</div>
	)
}
