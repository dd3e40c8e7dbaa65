// The CPE ledger as the member reads it: progress told in words first (a labelled <progress> beside
// it), then each year's entries in a table with certificates and delete links.
import { Link } from 'react-router'
import type { CpeBlock, CpeEntry, CpeTotals, CpeYear } from '~/contract/cpe'
import { formatDay } from '~/utils/kolkata-date'
import { CPE_KIND_LABELS } from '~/contract/vocabulary'
import { counted } from '~/contract/vocabulary'

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900'
const hours = (n: number) => counted(n, 'hour')

/** "6 more hours still needed this year, at least 4 of them structured", or that the requirement is met. */
export function neededText(totals: CpeTotals, scope: string) {
	const { nHoursNeeded: all, nStructuredHoursNeeded: structured } = totals
	if (all === 0 && structured === 0) return `Requirement met ${scope}.`
	if (structured === 0) return `${hours(all)} more still needed ${scope}.`
	if (all > structured) return `${hours(all)} more still needed ${scope}, at least ${structured} of them structured.`
	return `${structured} structured ${structured === 1 ? 'hour' : 'hours'} still needed ${scope}.`
}

const blockName = (block: CpeBlock) => `${block.nStartYear}–${block.nEndYear}`

function ProgressLine({ id, label, totals, scope }: { id: string; label: string; totals: CpeTotals; scope: string }) {
	return (
		<div className="mt-4">
			<p className="text-lg text-slate-900">
				<strong>
					{totals.nTotalHours} of {hours(totals.nRequiredHours)}
				</strong>{' '}
				{label} ({totals.nStructuredHours} of {totals.nRequiredStructuredHours} structured). {neededText(totals, scope)}
			</p>
			{totals.nRequiredHours > 0 ? (
				<div className="mt-1 flex items-center gap-3">
					<label htmlFor={id} className="text-sm text-slate-700">
						Hours {label}
					</label>
					<progress
						id={id}
						value={Math.min(totals.nTotalHours, totals.nRequiredHours)}
						max={totals.nRequiredHours}
						className="h-3 w-full max-w-md accent-brand-700"
					>
						{totals.nTotalHours} of {totals.nRequiredHours}
					</progress>
				</div>
			) : null}
		</div>
	)
}

export function CpeProgress({ block, year }: { block: CpeBlock; year?: CpeYear }) {
	return (
		<section aria-labelledby="cpe-progress" className="mt-6">
			<h2 id="cpe-progress" className="text-2xl font-semibold text-brand-900">
				Your progress
			</h2>
			<ProgressLine id="cpe-block-progress" label={`in the block ${blockName(block)}`} totals={block.oTotals} scope="in this block" />
			{year ? <ProgressLine id="cpe-year-progress" label={`in ${year.nYear}`} totals={year.oTotals} scope="this year" /> : null}
		</section>
	)
}

export function CpeLedgerYears({ block }: { block: CpeBlock }) {
	return (
		<section aria-labelledby={`cpe-block-${block.nStartYear}`} className="mt-6">
			<h3 id={`cpe-block-${block.nStartYear}`} className="text-xl font-semibold text-brand-900">
				Block {blockName(block)}
				{block.bIsCurrent ? ' (current)' : ''}
			</h3>
			<p className="text-slate-700">
				{block.oTotals.nTotalHours} of {hours(block.oTotals.nRequiredHours)}, {block.oTotals.nStructuredHours} structured.{' '}
				{neededText(block.oTotals, 'in this block')}
			</p>
			{block.aYears.map((year) => (
				<YearTable key={year.nYear} year={year} />
			))}
		</section>
	)
}

function YearTable({ year }: { year: CpeYear }) {
	const { oTotals: totals } = year
	return (
		<div className="mt-4">
			<h4 className="text-lg font-semibold text-slate-900">{year.nYear}</h4>
			<p className="text-slate-700">
				{totals.nTotalHours} of {hours(totals.nRequiredHours)}: {totals.nStructuredHours} structured, {totals.nUnstructuredHours} unstructured.{' '}
				{neededText(totals, `in ${year.nYear}`)}
			</p>
			{year.aEntries.length === 0 ? (
				<p className="mt-2 text-slate-600">No hours recorded in {year.nYear}.</p>
			) : (
				// Below 640 px each row stacks (activity and hours, then date and kind, then its link), so nothing scrolls sideways;
				// the explicit roles keep the table's meaning for screen readers whatever the display.
				<table role="table" className="mt-2 block w-full rounded border border-slate-300 text-left sm:table">
					<caption className="sr-only">CPE entries in {year.nYear}</caption>
					<thead role="rowgroup" className="sr-only bg-slate-100 text-slate-800 sm:not-sr-only sm:table-header-group">
						<tr role="row">
							<th role="columnheader" scope="col" className="px-3 py-2">
								Date
							</th>
							<th role="columnheader" scope="col" className="px-3 py-2">
								Activity
							</th>
							<th role="columnheader" scope="col" className="px-3 py-2">
								Kind
							</th>
							<th role="columnheader" scope="col" className="px-3 py-2 text-right">
								Hours
							</th>
							<th role="columnheader" scope="col" className="px-3 py-2">
								<span className="sr-only">Certificate or delete</span>
							</th>
						</tr>
					</thead>
					<tbody role="rowgroup" className="block sm:table-row-group">
						{year.aEntries.map((entry) => (
							<EntryRow key={entry.iEntryId ? `u${entry.iEntryId}` : `s${entry.iRegistrationId}`} entry={entry} />
						))}
					</tbody>
				</table>
			)}
		</div>
	)
}

function EntryRow({ entry }: { entry: CpeEntry }) {
	const cell = 'block sm:table-cell sm:px-3 sm:py-2'
	return (
		<tr role="row" className="grid grid-cols-[1fr_auto] gap-x-3 border-t border-slate-200 px-3 py-2 align-top first:border-t-0 sm:table-row sm:border-t sm:p-0">
			<td role="cell" className={`${cell} col-start-1 row-start-2 text-sm text-slate-700 sm:text-base sm:whitespace-nowrap sm:text-slate-900`}>
				{formatDay(entry.dActivityDate)}
			</td>
			<td role="cell" className={`${cell} row-start-1 font-medium break-words sm:font-normal`}>
				{entry.sDescription}
			</td>
			<td role="cell" className={`${cell} col-start-2 row-start-2 text-right text-sm text-slate-700 sm:text-left sm:text-base sm:text-slate-900`}>
				{CPE_KIND_LABELS[entry.sKind]}
			</td>
			<td role="cell" className={`${cell} row-start-1 text-right tabular-nums`}>
				{entry.nHours}
				<span className="sm:hidden"> h</span>
			</td>
			<td role="cell" className={`${cell} col-span-2 row-start-3 sm:whitespace-nowrap`}>
				{entry.iRegistrationId ? (
					<a href={`/member/cpe/certificate/${entry.iRegistrationId}`} className={linkClass} download>
						Certificate<span className="sr-only"> for {entry.sDescription} (PDF)</span>
					</a>
				) : entry.iEntryId ? (
					<Link to={`?delete=${entry.iEntryId}`} preventScrollReset className={linkClass}>
						Delete<span className="sr-only"> {entry.sDescription}</span>
					</Link>
				) : null}
			</td>
		</tr>
	)
}
