// What the law makes the branch keep when an account closes, and what closing erases: the pages,
// the privacy notice and the API say it alike. No zod here, so the pages can ship it to the browser.

const IST_OFFSET_MS = 330 * 60_000

/** The financial year (April to March, India time) a moment falls in, by the calendar year it ends in. */
function financialYearEnd(at: Date) {
	const india = new Date(at.getTime() + IST_OFFSET_MS)
	return india.getUTCMonth() >= 3 ? india.getUTCFullYear() + 1 : india.getUTCFullYear()
}

/**
 * The last day a GST record must be kept: 72 months from the due date of the annual return of its
 * financial year (CGST Act, section 36; CGST Rules, rule 56), the annual return being due on
 * 31 December after the year ends. An invoice of 2026-27: return due 31 December 2027, kept until 31 December 2033.
 */
export function gstRecordKeptUntil(issuedAt: Date | string) {
	return `${financialYearEnd(new Date(issuedAt)) + 6}-12-31`
}

/** What closing an account erases, as the pages and the privacy notice say it. */
export const CLOSURE_ERASES = [
	'Your name, e-mail address, mobile number, date of birth, state and city.',
	'Your membership or registration number (so that it can be registered again), firm or company name, GST number and course.',
	'Your profile picture.',
	'Your password, every sign-in (sessions and tokens) and any one-time password not yet used.',
	'Your choices about updates by e-mail and WhatsApp, and your newsletter subscriptions under that e-mail address.',
	'The descriptions you wrote of CPE hours you recorded, your places on waiting lists, and your address on the records of mail the branch sent you.',
	'The billing details of payments that never went through (those have no tax invoice).',
] as const

/** What closing keeps, and why; `now` picks the financial year of the worked example. */
export function closureKeeps(now = new Date()) {
	const end = financialYearEnd(now)
	return [
		`Tax invoices and credit notes, exactly as they were issued: with the billing name, state, GST number, firm name and membership or registration number printed on them. GST law requires them to be kept for 72 months from the due date of the annual return of their financial year (CGST Act, section 36; CGST Rules, rule 56): an invoice of ${end - 1}-${String(end % 100).padStart(2, '0')} is kept until 31 December ${end + 6}.`,
		'Your event registrations, attendance and CPE hours (the events, dates and hours), and the amounts of payments that never went through, with no name or contact details, for the branch’s statistics.',
		'The branch office’s audit log, which nobody can change but to erase you from it: it records that the account was closed, and what the office did for your account before (checking you in at events, corrections), without your name, e-mail address or number.',
		'Counters that limit how often codes may be sent to your e-mail address, for up to a day.',
	]
}
