// Tax invoice and credit note numbers: each series consecutive within each Indian financial year
// (April to March), no gap and no duplicate, even when payments settle at the same moment.
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { creditNoteCounters, invoiceCounters } from '../db/schema'

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000

/** '2026-27' for any moment from 1 April 2026 00:00 to 31 March 2027 23:59 India time. */
export function financialYearOf(at: Date) {
	const india = new Date(at.getTime() + IST_OFFSET_MS)
	const startYear = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1
	return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

/** 'SRB/26-27/00042': at most 16 characters, as GST invoices require, up to 99,999 invoices a year. */
export function formatInvoiceNumber(prefix: string, financialYear: string, sequence: number) {
	return `${prefix}/${financialYear.slice(2)}/${String(sequence).padStart(5, '0')}`
}

/** 'SRB/C2627/00003': the credit note series, told apart from invoices by its C, at most 16 characters. */
export function formatCreditNoteNumber(prefix: string, financialYear: string, sequence: number) {
	return `${prefix}/C${financialYear.slice(2, 4)}${financialYear.slice(5)}/${String(sequence).padStart(5, '0')}`
}

/**
 * Takes the next number of a series for the financial year of `at`, inside the caller's
 * transaction. The counter row stays locked until that transaction ends, so concurrent payments
 * queue for it; if the transaction rolls back, so does the counter, and the number is given to the
 * next one.
 */
async function nextSequence(tx: Database, counters: typeof invoiceCounters, financialYear: string) {
	const [row] = await tx
		.insert(counters)
		.values({ financialYear, lastSequence: 1 })
		.onConflictDoUpdate({ target: counters.financialYear, set: { lastSequence: sql`${counters.lastSequence} + 1` } })
		.returning({ sequence: counters.lastSequence })
	return row!.sequence
}

export async function takeInvoiceNumber(tx: Database, at: Date, prefix: string) {
	const financialYear = financialYearOf(at)
	const sequence = await nextSequence(tx, invoiceCounters, financialYear)
	return { invoiceFinancialYear: financialYear, invoiceSequence: sequence, invoiceNumber: formatInvoiceNumber(prefix, financialYear, sequence) }
}

export async function takeCreditNoteNumber(tx: Database, at: Date, prefix: string) {
	const financialYear = financialYearOf(at)
	// Both counter tables have the same two columns; only their names differ.
	const sequence = await nextSequence(tx, creditNoteCounters as unknown as typeof invoiceCounters, financialYear)
	return { financialYear, sequence, number: formatCreditNoteNumber(prefix, financialYear, sequence) }
}
