import fc from 'fast-check'
import { expect, test } from 'vitest'
import { csvCell, toCsv } from './csv'
import { rupeesAsDecimal } from './payments'

/** A small RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string) {
	const rows: string[][] = []
	let row: string[] = []
	let cell = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (ch === '"') quoted = false
			else cell += ch
		} else if (ch === '"') quoted = true
		else if (ch === ',') {
			row.push(cell)
			cell = ''
		} else if (ch === '\r' && text[i + 1] === '\n') {
			row.push(cell)
			rows.push(row)
			row = []
			cell = ''
			i++
		} else cell += ch
	}
	return rows
}

test('a file starts with the BOM and a header, and a file with no rows is still valid', () => {
	const csv = toCsv([{ header: 'Name', value: (row: { name: string }) => row.name }], [])
	expect(csv).toBe('\uFEFFName\r\n')
})

test('cells a spreadsheet would run as formulas are made inert', () => {
	for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/)
	expect(csvCell('=HYPERLINK("http://evil.test","Click")')).toBe(`"'=HYPERLINK(""http://evil.test"",""Click"")"`)
	expect(csvCell('Asha Kulkarni')).toBe('Asha Kulkarni')
	expect(csvCell(-5)).toBe('-5')
	expect(csvCell('-1180.00')).toBe('-1180.00')
	expect(csvCell('-1180.00+cmd')).toBe("'-1180.00+cmd")
})

test('any text survives the round trip, formula starts aside', () => {
	fc.assert(
		fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), (cells) => {
			const csv = toCsv(
				cells.map((_, i) => ({ header: `c${i}`, value: (row: string[]) => row[i] })),
				[cells],
			)
			const [, back] = parseCsv(csv.slice(1))
			expect(back).toEqual(cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell)))
		}),
	)
})

test('rupees with two decimals, exact', () => {
	expect(rupeesAsDecimal(118000)).toBe('1180.00')
	expect(rupeesAsDecimal(5)).toBe('0.05')
	expect(rupeesAsDecimal(-250059)).toBe('-2500.59')
})
