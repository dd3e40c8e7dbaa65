// How far a mailing has got (sent, failed, left), for the office pages that send one: a newsletter
// issue, a message to an event's people. The page looks again while mail is going out.
import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import type { MailingProgress as Progress } from '~/contract/mailings'

/** While mail is going out, the page looks again this often (with JavaScript; without, a link does). */
export const PROGRESS_REFRESH_MS = 3000

/** Revalidates the page every few seconds while `sending`. */
export function useRefreshWhileSending(sending: boolean) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!sending) return
		const timer = setInterval(() => revalidator.revalidate(), PROGRESS_REFRESH_MS)
		return () => clearInterval(timer)
	}, [sending, revalidator])
}

type Props = {
	progress: Progress
	/** Why a skipped mail was not sent, for this kind of mailing ("they left the list..."). */
	skippedNote: string
	title?: string
	/** Unique on the page when it shows several mailings. */
	headingId?: string
}

export function MailingProgress({ progress, skippedNote, title = 'Progress', headingId = 'progress-heading' }: Props) {
	const done = progress.nSent + progress.nFailed + progress.nSkipped
	return (
		<section aria-labelledby={headingId} className="rounded border border-slate-300 p-4">
			<h2 id={headingId} className="text-xl font-semibold text-brand-900">
				{title}
			</h2>
			<label className="mt-3 block">
				<span className="sr-only">Mails sent</span>
				<progress className="w-full" max={done + progress.nLeft} value={done} />
			</label>
			<div role="status">
				<dl className="mt-3 grid grid-cols-3 gap-2 text-center">
					<div>
						<dt className="text-slate-700">Sent</dt>
						<dd className="text-2xl font-semibold">{progress.nSent}</dd>
					</div>
					<div>
						<dt className="text-slate-700">Failed</dt>
						<dd className="text-2xl font-semibold">{progress.nFailed}</dd>
					</div>
					<div>
						<dt className="text-slate-700">Left</dt>
						<dd className="text-2xl font-semibold">{progress.nLeft}</dd>
					</div>
				</dl>
			</div>
			{progress.nSkipped > 0 ? <p className="mt-3 text-slate-700">{`${progress.nSkipped} not sent: ${skippedNote}.`}</p> : null}
			{progress.sLastError ? (
				<p className="mt-3 text-red-800">
					The mail server refused or did not answer ({progress.sLastError}). Sending is tried again by itself, waiting longer each time.
				</p>
			) : null}
		</section>
	)
}
