// Payments and tax invoices, shared by the portal and the branch API.

/** `sandbox`: the portal's own checkout page, for demonstration and tests; `offline`: paid at the branch office; `razorpay`: online through Razorpay. */
export const PAYMENT_PROVIDERS = ['sandbox', 'offline', 'razorpay'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** GST on one amount of paise: CGST and SGST within the branch's state, IGST across states. */
export type GstBreakdown = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number; gstRateBasisPoints: number }

/** Paise as an exact decimal string ('1180.05'): a float division would lose a paisa on large amounts. */
function rupeesDecimal(paise: number) {
	const digits = String(Math.abs(paise)).padStart(3, '0')
	return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** Paise as rupees with two decimals, no grouping ('-2500.59'): what a spreadsheet reads as a number. */
export const rupeesAsDecimal = (paise: number) => `${paise < 0 ? '-' : ''}${rupeesDecimal(paise)}`

// Made on first use, not when the browser loads the page's scripts: a page's first Intl formatter
// loads the locale's data, tens of milliseconds on a phone, and pages without an amount need none.
let indianGroupingFormat: Intl.NumberFormat | undefined
const indianGrouping = () => (indianGroupingFormat ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))

/** 1,180.00 for 118000 paise, grouped the Indian way (1,18,000.00 for a lakh and more), with no currency sign. */
export function formatPaise(paise: number) {
	if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount of paise: ${paise}`)
	// Intl formats a decimal string exactly (no float on the way).
	return `${paise < 0 ? '-' : ''}${indianGrouping().format(rupeesDecimal(paise) as `${number}`)}`
}

/**
 * ₹1,180.00 for 118000 paise, grouped the Indian way (₹1,18,000.00 for a lakh and more); `short`
 * leaves out ".00" from a whole amount (₹1,000), as a fee reads in a list.
 */
export function formatRupees(paise: number, { short = false } = {}) {
	const amount = formatPaise(paise)
	const shown = short && paise % 100 === 0 ? amount.slice(0, -3) : amount
	return shown.startsWith('-') ? `-₹${shown.slice(1)}` : `₹${shown}`
}

const ONES = [
	'',
	'One',
	'Two',
	'Three',
	'Four',
	'Five',
	'Six',
	'Seven',
	'Eight',
	'Nine',
	'Ten',
	'Eleven',
	'Twelve',
	'Thirteen',
	'Fourteen',
	'Fifteen',
	'Sixteen',
	'Seventeen',
	'Eighteen',
	'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']
/** The Indian scale: crore (10^7), lakh (10^5), thousand, hundred; crores count on in the same words. */
const SCALE = [
	{ size: 10_000_000, name: 'Crore' },
	{ size: 100_000, name: 'Lakh' },
	{ size: 1_000, name: 'Thousand' },
	{ size: 100, name: 'Hundred' },
] as const

function belowHundred(n: number) {
	if (n < 20) return ONES[n]!
	return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ')
}

/** A whole number in words, Indian numbering: 1,23,45,678 is "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight". */
export function numberInWords(n: number): string {
	if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`)
	if (n === 0) return 'Zero'
	const words: string[] = []
	let rest = n
	for (const { size, name } of SCALE) {
		if (rest < size) continue
		const count = Math.floor(rest / size)
		words.push(`${size === 10_000_000 ? numberInWords(count) : belowHundred(count)} ${name}`)
		rest %= size
	}
	if (rest > 0) words.push(belowHundred(rest))
	return words.join(' ')
}

/** What a tax invoice states the total as: "Rupees One Thousand One Hundred Eighty and Fifty Paise Only". */
export function amountInWords(paise: number) {
	if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount of paise: ${paise}`)
	const rupees = Math.floor(paise / 100)
	const rest = paise % 100
	if (rest === 0) return `Rupees ${numberInWords(rupees)} Only`
	if (rupees === 0) return `${numberInWords(rest)} Paise Only`
	return `Rupees ${numberInWords(rupees)} and ${numberInWords(rest)} Paise Only`
}
