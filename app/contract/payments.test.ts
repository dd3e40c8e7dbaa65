// Amounts as people read them, checked on random paise: the figure with its Indian grouping, and
// the words of a tax invoice, read back into a number by a parser written here.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { amountInWords, formatPaise, formatRupees, numberInWords } from './payments'

const anyPaise = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
/** Amounts a branch actually charges (the table's integer column): up to about ₹2.1 crore. */
const invoicePaise = fc.integer({ min: 0, max: 2_147_483_647 })

const UNITS: Record<string, number> = {
	Zero: 0,
	One: 1,
	Two: 2,
	Three: 3,
	Four: 4,
	Five: 5,
	Six: 6,
	Seven: 7,
	Eight: 8,
	Nine: 9,
	Ten: 10,
	Eleven: 11,
	Twelve: 12,
	Thirteen: 13,
	Fourteen: 14,
	Fifteen: 15,
	Sixteen: 16,
	Seventeen: 17,
	Eighteen: 18,
	Nineteen: 19,
	Twenty: 20,
	Thirty: 30,
	Forty: 40,
	Fifty: 50,
	Sixty: 60,
	Seventy: 70,
	Eighty: 80,
	Ninety: 90,
}
const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1_000, Lakh: 100_000, Crore: 10_000_000 }

/** Indian-numbering words back to a number: a scale word multiplies what came since the last larger scale. */
function parseWords(words: string) {
	const stack: { scale: number; value: number }[] = []
	let current = 0
	for (const word of words.split(' ')) {
		if (word in UNITS) current += UNITS[word]!
		else if (word in SCALES) {
			const scale = SCALES[word]!
			let value = current
			while (stack.length && stack.at(-1)!.scale < scale) value += stack.pop()!.value
			stack.push({ scale, value: value * scale })
			current = 0
		} else throw new Error(`Not a number word: ${word}`)
	}
	return stack.reduce((sum, part) => sum + part.value, current)
}

describe('formatPaise and formatRupees', () => {
	test('show exactly the paise given, grouped in thousands, then lakhs and crores', () => {
		fc.assert(
			fc.property(anyPaise, fc.boolean(), (paise, negative) => {
				const amount = negative ? -paise : paise
				const text = formatPaise(amount)
				const match = /^(-?)([\d,]+)\.(\d{2})$/.exec(text)
				expect(match, text).not.toBeNull()
				const [, sign, rupees, fraction] = match!
				expect(rupees).toMatch(/^(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})$/)
				expect(BigInt(`${rupees!.replaceAll(',', '')}${fraction}`)).toBe(BigInt(paise))
				expect(sign).toBe(amount < 0 ? '-' : '')
				expect(formatRupees(amount)).toBe(amount < 0 ? `-₹${text.slice(1)}` : `₹${text}`)
			}),
		)
	})

	test('known amounts', () => {
		expect(formatRupees(118_000)).toBe('₹1,180.00')
		expect(formatRupees(1_18_00_000)).toBe('₹1,18,000.00')
		expect(formatRupees(5)).toBe('₹0.05')
		expect(formatRupees(-139_240)).toBe('-₹1,392.40')
		expect(formatPaise(Number.MAX_SAFE_INTEGER)).toBe('9,00,71,99,25,47,409.91')
	})
})

describe('amountInWords', () => {
	test('reads back as the amount, in rupees and paise', () => {
		fc.assert(
			fc.property(anyPaise, (paise) => {
				const words = amountInWords(paise)
				const match = /^(?:Rupees (.+?)(?: and (.+) Paise)?|(.+) Paise) Only$/.exec(words)
				expect(match, words).not.toBeNull()
				const rupees = match![1] ? parseWords(match![1]) : 0
				const restWords = match![2] ?? match![3]
				const rest = restWords ? parseWords(restWords) : 0
				expect(rupees * 100 + rest, words).toBe(paise)
				expect(rest).toBeLessThan(100)
			}),
		)
	})

	test('uses the Indian scale only: no million or billion, and no scale word twice in a row', () => {
		fc.assert(
			fc.property(invoicePaise, (paise) => {
				const words = amountInWords(paise)
				expect(words).not.toMatch(/Million|Billion/)
				expect(words).not.toMatch(/(Hundred|Thousand|Lakh|Crore) (Hundred|Thousand|Lakh|Crore)/)
				expect(words).toMatch(/^[A-Z][a-z]*( ([A-Z][a-z]*|and))*$/)
			}),
		)
	})

	test('known amounts', () => {
		expect(amountInWords(139_240)).toBe('Rupees One Thousand Three Hundred Ninety Two and Forty Paise Only')
		expect(amountInWords(1_23_45_678_00)).toBe('Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only')
		expect(amountInWords(0)).toBe('Rupees Zero Only')
		expect(amountInWords(5)).toBe('Five Paise Only')
		expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore')
		expect(numberInWords(15_00_00_00_00_000)).toBe('One Lakh Fifty Thousand Crore')
	})

	test('refuses what is not an amount', () => {
		for (const paise of [-1, 0.5, Number.NaN]) expect(() => amountInWords(paise)).toThrow(RangeError)
	})
})
