// CSV files the office downloads: UTF-8 with a byte order mark (so Excel reads the rupee sign and
// Indian names right), a header row, CRLF line ends (RFC 4180), and cells that a spreadsheet
// would take for a formula made inert.

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
const BOM = '\uFEFF'

/** Characters that make Excel, LibreOffice or Sheets read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/** A plain number ('-1180.00') is no formula, and must stay a number for the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** One cell: a formula start gets a leading apostrophe; quotes, commas and line breaks are quoted. */
export function csvCell(value: string | number | null | undefined) {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return String(value)
	const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
	return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined }

/** The whole file: BOM, header, one line per row. A file with no rows still has its header. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>) {
	const lines = [columns.map((column) => csvCell(column.header)).join(',')]
	for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','))
	return `${BOM}${lines.join('\r\n')}\r\n`
}
