import type { NewsletterIssue } from '~/contract/newsletters'
import { counted } from '~/contract/vocabulary'
import { formatMonth } from '~/utils/kolkata-date'
import { ResponsiveImg } from './responsive-image'

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600'

export function formatBytes(bytes: number) {
	return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The PDF's file name when downloaded: `Branch-Bulletin-2026-03.pdf`. */
const downloadName = (issue: NewsletterIssue) => `Branch-Bulletin-${issue.dDate.slice(0, 7)}.pdf`

/** One issue: its cover, month, summary, contents, and its PDF to read in the browser or download. */
type Props = { issue: NewsletterIssue; mediaBaseUrl: string; heading: 'h2' | 'h3'; compact?: boolean }

export function NewsletterIssueCard({ issue, mediaBaseUrl, heading: Heading, compact = false }: Props) {
	const pdfUrl = `${mediaBaseUrl}${issue.sPdfPath}`
	const pdfFacts = `PDF, ${counted(issue.nPageCount, 'page')}, ${formatBytes(issue.nPdfBytes)}`
	return (
		<article className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:gap-6">
			<ResponsiveImg
				image={issue.oCover}
				mediaBaseUrl={mediaBaseUrl}
				sizes={compact ? '80px' : '(min-width: 576px) 170px, 96px'}
				className={`h-auto shrink-0 self-start rounded border border-slate-200 ${compact ? 'w-20' : 'w-24 sm:w-[170px]'}`}
			/>
			<div className="min-w-0">
				<Heading className="text-lg font-semibold text-brand-900 sm:text-xl">{issue.sTitle}</Heading>
				<p className="text-sm text-slate-600">
					<time dateTime={issue.dDate.slice(0, 7)}>{formatMonth(issue.dDate)}</time>
				</p>
				{compact ? null : (
					<>
						<p className="mt-2 text-slate-700">{issue.sSummary}</p>
						<p className="mt-3 text-sm font-semibold text-slate-800">In this issue</p>
						<ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
							{issue.aContents.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
					</>
				)}
				<p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
					<a href={pdfUrl} className={linkClass} aria-label={`Read ${issue.sTitle} (${pdfFacts})`}>
						Read
					</a>
					<a href={pdfUrl} download={downloadName(issue)} className={linkClass} aria-label={`Download ${issue.sTitle} (${pdfFacts})`}>
						Download
					</a>
					<span className="text-sm text-slate-600">{pdfFacts}</span>
				</p>
			</div>
		</article>
	)
}
