// The CPE ledger's arithmetic: entries grouped by three-year block and calendar year, with totals
// against the requirements. Sums are kept in tenths of an hour (integers), so no float drift.
import type { CpeBlock, CpeEntry, CpeLedger, CpeTotals, CpeYear } from '~/contract/cpe'
import type { CpeRequirements } from '../branch-settings'
import { indiaCalendarDay } from '~/utils/kolkata-date'

export const BLOCK_YEARS = 3

/** A moment's calendar day in India (`2026-11-24`), as the ledger dates entries. */
export const indiaDay = indiaCalendarDay

/** First year of the block holding `year`: blocks are aligned to `firstBlockYear`, before it too. */
export const blockStartOf = (year: number, firstBlockYear: number) => firstBlockYear + Math.floor((year - firstBlockYear) / BLOCK_YEARS) * BLOCK_YEARS

export const toTenths = (hours: number) => Math.round(hours * 10)
const fromTenths = (tenths: number) => tenths / 10

function totals(entries: CpeEntry[], requiredHours: number, requiredStructuredHours: number): CpeTotals {
	let structured = 0
	let unstructured = 0
	for (const entry of entries) {
		if (entry.sKind === 'structured') structured += toTenths(entry.nHours)
		else unstructured += toTenths(entry.nHours)
	}
	const total = structured + unstructured
	return {
		nStructuredHours: fromTenths(structured),
		nUnstructuredHours: fromTenths(unstructured),
		nTotalHours: fromTenths(total),
		nRequiredHours: requiredHours,
		nRequiredStructuredHours: requiredStructuredHours,
		nHoursNeeded: fromTenths(Math.max(0, toTenths(requiredHours) - total)),
		nStructuredHoursNeeded: fromTenths(Math.max(0, toTenths(requiredStructuredHours) - structured)),
	}
}

const yearOf = (entry: CpeEntry) => Number(entry.dActivityDate.slice(0, 4))
const newestFirst = (a: CpeEntry, b: CpeEntry) => b.dActivityDate.localeCompare(a.dActivityDate) || a.sKind.localeCompare(b.sKind)

/**
 * The ledger on `today` (India's `YYYY-MM-DD`). Every block with an entry shows, and the current
 * one always; a block lists its years up to the current one, newest first, empty years included.
 */
export function buildLedger(entries: CpeEntry[], requirements: CpeRequirements, today: string): CpeLedger {
	const currentYear = Number(today.slice(0, 4))
	const currentBlock = blockStartOf(currentYear, requirements.firstBlockYear)
	const blockStarts = new Set([currentBlock, ...entries.map((entry) => blockStartOf(yearOf(entry), requirements.firstBlockYear))])
	const blocks = [...blockStarts]
		.sort((a, b) => b - a)
		.map((start): CpeBlock => {
			const inBlock = entries.filter((entry) => blockStartOf(yearOf(entry), requirements.firstBlockYear) === start)
			const lastYear = Math.min(start + BLOCK_YEARS - 1, Math.max(currentYear, ...inBlock.map(yearOf)))
			const years: CpeYear[] = []
			for (let year = lastYear; year >= start; year -= 1) {
				const inYear = inBlock.filter((entry) => yearOf(entry) === year).sort(newestFirst)
				years.push({ nYear: year, oTotals: totals(inYear, requirements.yearHours, requirements.yearStructuredHours), aEntries: inYear })
			}
			return {
				nStartYear: start,
				nEndYear: start + BLOCK_YEARS - 1,
				bIsCurrent: start === currentBlock,
				oTotals: totals(inBlock, requirements.blockHours, requirements.blockStructuredHours),
				aYears: years,
			}
		})
	return {
		nCurrentYear: currentYear,
		aBlocks: blocks,
		oEntryDates: entryDates(requirements, today),
		oRequirements: {
			nYearHours: requirements.yearHours,
			nYearStructuredHours: requirements.yearStructuredHours,
			nBlockHours: requirements.blockHours,
			nBlockStructuredHours: requirements.blockStructuredHours,
		},
	}
}

/** Hours may be recorded up to today, and back to the start of the previous block (late entries for a closing block). */
export function entryDates(requirements: CpeRequirements, today: string) {
	const currentBlock = blockStartOf(Number(today.slice(0, 4)), requirements.firstBlockYear)
	return { dMinDate: `${currentBlock - BLOCK_YEARS}-01-01`, dMaxDate: today }
}
